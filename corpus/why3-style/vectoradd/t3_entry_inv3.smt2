; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    why3-style
; kernel:    vectoradd
; task:      t3_entry_inv3
; checks:    loop 1 invariant 3 holds on entry: \forall k; 0 <= k && k < bsize * gsize * loop_count ==> C[k] == A[k] + B[k]
; origin:    vectorAdd: C = A + B with a grid-stride loop over gsize blocks. Kojima, Imanishi, Igarashi: Automated Verification of Functional Correctness of Race-Free GPU Programs, Sec. 5.2 (vectorAdd); annotations from VeriCUDA benchmark programs (SoftwareFoundationGroupAtKyotoU/VeriCUDA), samples/vectorAdd.cu (vectorAdd)
; encoding:  Why3-style (our generator, not Why3): thread = pair of dim3 records (dim3 axiomatised with projection and inversion axioms, thread a datatype), validity predicates defined by axioms, t2tb/tb2t conversions of per-thread maps, library prelude (abs, div/mod, power, sum)
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
(set-info :smt-lib-version 2.6)
(set-logic AUFDTNIRA)
(set-info :status unsat)
(set-option :produce-models true)

(declare-sort uni 0)

(declare-sort ty 0)

;; sort
(declare-fun sort (ty uni) Bool)

;; int
(declare-fun int () ty)

;; t2tb
(declare-fun t2tb (Int) uni)

;; tb2t
(declare-fun tb2t (uni) Int)

;; t2tb_sort
(assert (forall ((x Int)) (! (sort int (t2tb x)) :pattern ((t2tb x)) )))

;; BridgeL
(assert (forall ((i Int)) (! (= (tb2t (t2tb i)) i) :pattern ((t2tb i)) )))

;; BridgeR
(assert (forall ((j uni)) (! (=> (sort int j) (= (t2tb (tb2t j)) j)) :pattern ((t2tb (tb2t j))) )))

;; abs
(define-fun abs1 ((x Int)) Int (ite (<= 0 x) x (- x)))

;; Abs_le
(assert (forall ((x Int) (y Int)) (= (<= (abs1 x) y) (and (<= (- y) x) (<= x y)))))

;; Abs_pos
(assert (forall ((x Int)) (<= 0 (abs1 x))))

;; div
(declare-fun div1 (Int Int) Int)

;; mod
(declare-fun mod1 (Int Int) Int)

;; Div_mod
(assert (forall ((x Int) (y Int)) (=> (not (= y 0)) (= x (+ (* y (div1 x y)) (mod1 x y))))))

;; Div_bound
(assert (forall ((x Int) (y Int)) (=> (and (<= 0 x) (< 0 y)) (and (<= 0 (div1 x y)) (<= (div1 x y) x)))))

;; Mod_bound
(assert (forall ((x Int) (y Int)) (=> (not (= y 0)) (and (< (- (abs1 y)) (mod1 x y)) (< (mod1 x y) (abs1 y))))))

;; Div_sign_pos
(assert (forall ((x Int) (y Int)) (=> (and (<= 0 x) (< 0 y)) (<= 0 (div1 x y)))))

;; Mod_1
(assert (forall ((x Int)) (! (= (mod1 x 1) 0) :pattern ((mod1 x 1)) )))

;; Div_1
(assert (forall ((x Int)) (! (= (div1 x 1) x) :pattern ((div1 x 1)) )))

;; power
(declare-fun power (Int Int) Int)

;; Power_0
(assert (forall ((x Int)) (! (= (power x 0) 1) :pattern ((power x 0)) )))

;; Power_s
(assert (forall ((x Int) (n Int)) (=> (<= 0 n) (= (power x (+ n 1)) (* x (power x n))))))

;; Power_sum
(assert (forall ((x Int) (n Int) (m Int)) (=> (and (<= 0 n) (<= 0 m)) (= (power x (+ n m)) (* (power x n) (power x m))))))

;; sum
(declare-fun sum ((Array Int Int) Int Int) Int)

;; sum_def1
(assert (forall ((f (Array Int Int)) (i Int) (j Int)) (! (=> (<= j i) (= (sum f i j) 0)) :pattern ((sum f i j)) )))

;; sum_def2
(assert (forall ((f (Array Int Int)) (i Int) (j Int)) (! (=> (< i j) (= (sum f i j) (+ (sum f i (- j 1)) (select f (- j 1))))) :pattern ((sum f i j)) )))

(declare-sort dim3 0)

;; mk_dim3
(declare-fun mk_dim3 (Int Int Int) dim3)

;; x
(declare-fun x (dim3) Int)

;; y
(declare-fun y (dim3) Int)

;; z
(declare-fun z (dim3) Int)

;; x_def
(assert (forall ((u Int) (u1 Int) (u2 Int)) (! (= (x (mk_dim3 u u1 u2)) u) :pattern ((x (mk_dim3 u u1 u2))) )))

;; y_def
(assert (forall ((u Int) (u1 Int) (u2 Int)) (! (= (y (mk_dim3 u u1 u2)) u1) :pattern ((y (mk_dim3 u u1 u2))) )))

;; z_def
(assert (forall ((u Int) (u1 Int) (u2 Int)) (! (= (z (mk_dim3 u u1 u2)) u2) :pattern ((z (mk_dim3 u u1 u2))) )))

;; dim3_inversion
(assert (forall ((u dim3)) (! (= u (mk_dim3 (x u) (y u) (z u))) :pattern ((x u)) )))

(declare-datatypes ((thread 0)) (((mk_thread (block_idx dim3) (thread_idx dim3)))))

;; bsize
(declare-fun bsize () Int)

;; gsize
(declare-fun gsize () Int)

;; numElements_0
(declare-fun numElements_0 () Int)

;; m
(declare-fun m () Int)

;; A_0
(declare-fun A_0 () (Array Int Int))

;; B_0
(declare-fun B_0 () (Array Int Int))

;; C_0
(declare-fun C_0 () (Array Int Int))

;; i_1
(declare-fun i_1 (thread) uni)

;; blockDim
(define-fun blockDim () dim3 (mk_dim3 bsize 1 1))

;; gridDim
(define-fun gridDim () dim3 (mk_dim3 gsize 1 1))

;; is_valid_tid
(declare-fun is_valid_tid (dim3) Bool)

;; is_valid_tid_def
(assert (forall ((d dim3)) (! (= (is_valid_tid d) (and (<= 0 (x d)) (< (x d) (x blockDim)) (<= 0 (y d)) (< (y d) (y blockDim)) (<= 0 (z d)) (< (z d) (z blockDim)))) :pattern ((is_valid_tid d)) )))

;; is_valid_bid
(declare-fun is_valid_bid (dim3) Bool)

;; is_valid_bid_def
(assert (forall ((d dim3)) (! (= (is_valid_bid d) (and (<= 0 (x d)) (< (x d) (x gridDim)) (<= 0 (y d)) (< (y d) (y gridDim)) (<= 0 (z d)) (< (z d) (z gridDim)))) :pattern ((is_valid_bid d)) )))

;; is_valid_thread
(declare-fun is_valid_thread (thread) Bool)

;; is_valid_thread_def
(assert (forall ((th thread)) (! (= (is_valid_thread th) (and (is_valid_bid (block_idx th)) (is_valid_tid (thread_idx th)))) :pattern ((is_valid_thread th)) )))

;; H1: launch: blocks are non-empty
(assert
  (< 0 bsize))

;; H2: launch: at least one block
(assert
  (< 0 gsize))

;; H3: requires numElements == m * bsize * gsize
(assert
  (= numElements_0 (* m bsize gsize)))

;; H4: i = bsize * bid + tid   [assign i_1]
(assert
  (forall ((th1 thread))
    (=> (is_valid_thread th1)
      (= (i_1 th1) (t2tb (+ (* bsize (x (block_idx th1))) (x (thread_idx th1))))))))

;; Goal t3_entry_inv3
;; File "kernel.mlw", VC for the lockstep task, negated
(assert
  (not (forall ((k Int))
         (=> (and (<= 0 k) (< k (* bsize gsize 0)))
           (= (select C_0 k) (+ (select A_0 k) (select B_0 k)))))))
(check-sat)
