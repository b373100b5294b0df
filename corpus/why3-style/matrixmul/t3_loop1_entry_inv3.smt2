; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    why3-style
; kernel:    matrixmul
; task:      t3_loop1_entry_inv3
; checks:    loop 1 invariant 3 holds on entry: b == bBegin + bStep * loop_count
; origin:    matrixMul: tiled matrix multiplication with shared-memory tiles As, Bs. Kojima, Imanishi, Igarashi: Automated Verification of Functional Correctness of Race-Free GPU Programs, Sec. 5.2 (matrixMul, from the NVIDIA CUDA samples); annotations from VeriCUDA benchmark programs (SoftwareFoundationGroupAtKyotoU/VeriCUDA), samples/matrixMul.cu (matrixMul)
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

;; bsize_x
(declare-fun bsize_x () Int)

;; bsize_y
(declare-fun bsize_y () Int)

;; gsize_x
(declare-fun gsize_x () Int)

;; gsize_y
(declare-fun gsize_y () Int)

;; wA_0
(declare-fun wA_0 () Int)

;; wB_0
(declare-fun wB_0 () Int)

;; bsize_0
(declare-fun bsize_0 () Int)

;; m
(declare-fun m () Int)

;; hA
(declare-fun hA () Int)

;; A_0
(declare-fun A_0 () (Array Int Int))

;; B_0
(declare-fun B_0 () (Array Int Int))

;; sumAB
(declare-fun sumAB (Int Int Int Int) Int)

;; bx_1
(declare-fun bx_1 (thread) uni)

;; by_1
(declare-fun by_1 (thread) uni)

;; tx_1
(declare-fun tx_1 (thread) uni)

;; ty_1
(declare-fun ty_1 (thread) uni)

;; aBegin_1
(declare-fun aBegin_1 (thread) uni)

;; aEnd_1
(declare-fun aEnd_1 (thread) uni)

;; aStep_1
(declare-fun aStep_1 (thread) uni)

;; bBegin_1
(declare-fun bBegin_1 (thread) uni)

;; bStep_1
(declare-fun bStep_1 (thread) uni)

;; Csub_1
(declare-fun Csub_1 (thread) uni)

;; a_1
(declare-fun a_1 (thread) uni)

;; b_1
(declare-fun b_1 (thread) uni)

;; blockDim
(define-fun blockDim () dim3 (mk_dim3 bsize_x bsize_y 1))

;; gridDim
(define-fun gridDim () dim3 (mk_dim3 gsize_x gsize_y 1))

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

;; H1: launch: blockDim.x > 0
(assert
  (< 0 bsize_x))

;; H2: launch: blockDim.y > 0
(assert
  (< 0 bsize_y))

;; H3: launch: gridDim.x > 0
(assert
  (< 0 gsize_x))

;; H4: launch: gridDim.y > 0
(assert
  (< 0 gsize_y))

;; H5: definition of sumAB(i, j, lo, hi) = sum of A[wA * i + k] * B[wB * k + j] for k in [lo, hi): empty range
(assert
  (forall ((i Int) (j Int) (lo Int) (hi Int)) (=> (<= hi lo) (= (sumAB i j lo hi) 0))))

;; H6: definition of sumAB: [lo, hi+1) = [lo, hi) + term(hi)
(assert
  (forall ((i Int) (j Int) (lo Int) (hi Int))
    (=> (<= lo hi)
      (= (sumAB i j lo (+ hi 1))
        (+ (sumAB i j lo hi) (* (select A_0 (+ (* wA_0 i) hi)) (select B_0 (+ (* wB_0 hi) j))))))))

;; H7: requires bsize_x == bsize
(assert
  (= bsize_x bsize_0))

;; H8: requires bsize_y == bsize
(assert
  (= bsize_y bsize_0))

;; H9: requires 0 <= m
(assert
  (<= 0 m))

;; H10: requires wA == bsize * m
(assert
  (= wA_0 (* bsize_0 m)))

;; H11: requires wB == gsize_x * bsize
(assert
  (= wB_0 (* gsize_x bsize_0)))

;; H12: requires hA == gsize_y * bsize
(assert
  (= hA (* gsize_y bsize_0)))

;; H13: bx = bid_x   [assign bx_1]
(assert
  (forall ((th1 thread)) (=> (is_valid_thread th1) (= (bx_1 th1) (t2tb (x (block_idx th1)))))))

;; H14: by = bid_y   [assign by_1]
(assert
  (forall ((th2 thread)) (=> (is_valid_thread th2) (= (by_1 th2) (t2tb (y (block_idx th2)))))))

;; H15: tx = tid_x   [assign tx_1]
(assert
  (forall ((th3 thread)) (=> (is_valid_thread th3) (= (tx_1 th3) (t2tb (x (thread_idx th3)))))))

;; H16: ty = tid_y   [assign ty_1]
(assert
  (forall ((th4 thread)) (=> (is_valid_thread th4) (= (ty_1 th4) (t2tb (y (thread_idx th4)))))))

;; H17: aBegin = wA * bsize * by   [assign aBegin_1]
(assert
  (forall ((th5 thread))
    (=> (is_valid_thread th5) (= (aBegin_1 th5) (t2tb (* wA_0 bsize_0 (tb2t (by_1 th5))))))))

;; H18: aEnd = aBegin + wA - 1   [assign aEnd_1]
(assert
  (forall ((th6 thread))
    (=> (is_valid_thread th6) (= (aEnd_1 th6) (t2tb (- (+ (tb2t (aBegin_1 th6)) wA_0) 1))))))

;; H19: aStep = bsize   [assign aStep_1]
(assert
  (forall ((th7 thread)) (=> (is_valid_thread th7) (= (aStep_1 th7) (t2tb bsize_0)))))

;; H20: bBegin = bsize * bx   [assign bBegin_1]
(assert
  (forall ((th8 thread))
    (=> (is_valid_thread th8) (= (bBegin_1 th8) (t2tb (* bsize_0 (tb2t (bx_1 th8))))))))

;; H21: bStep = bsize * wB   [assign bStep_1]
(assert
  (forall ((th9 thread)) (=> (is_valid_thread th9) (= (bStep_1 th9) (t2tb (* bsize_0 wB_0))))))

;; H22: Csub = 0   [assign Csub_1]
(assert
  (forall ((th10 thread)) (=> (is_valid_thread th10) (= (Csub_1 th10) (t2tb 0)))))

;; H23: a = aBegin   [assign a_1]
(assert
  (forall ((th11 thread)) (=> (is_valid_thread th11) (= (a_1 th11) (t2tb (tb2t (aBegin_1 th11)))))))

;; H24: b = bBegin   [assign b_1]
(assert
  (forall ((th12 thread)) (=> (is_valid_thread th12) (= (b_1 th12) (t2tb (tb2t (bBegin_1 th12)))))))

;; Goal t3_loop1_entry_inv3
;; File "kernel.mlw", VC for the lockstep task, negated
(assert
  (not (forall ((th13 thread))
         (=> (is_valid_thread th13)
           (= (tb2t (b_1 th13)) (+ (tb2t (bBegin_1 th13)) (* (tb2t (bStep_1 th13)) 0)))))))
(check-sat)
