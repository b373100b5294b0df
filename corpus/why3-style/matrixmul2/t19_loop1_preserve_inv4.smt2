; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    why3-style
; kernel:    matrixmul2
; task:      t19_loop1_preserve_inv4
; checks:    loop 1 invariant 4 is preserved by an iteration: Csub0 == sumAB(bsize_x * by + ty, bsize_x * bx + tx, 0, bsize_x * loop_count)
; origin:    matrixMul2: tiled matrix multiplication, each thread computes 2 elements of C. Kojima, Imanishi, Igarashi: Automated Verification of Functional Correctness of Race-Free GPU Programs, Sec. 5.2 (matrixMul2); annotations from VeriCUDA benchmark programs (SoftwareFoundationGroupAtKyotoU/VeriCUDA), samples/matrixMul.cu (matrixMul2)
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

;; Csub0_1
(declare-fun Csub0_1 (thread) uni)

;; Csub1_1
(declare-fun Csub1_1 (thread) uni)

;; a_1
(declare-fun a_1 (thread) uni)

;; b_1
(declare-fun b_1 (thread) uni)

;; As_1
(declare-fun As_1 (dim3 Int Int) Int)

;; Bs_1
(declare-fun Bs_1 (dim3 Int Int) Int)

;; k_1
(declare-fun k_1 (thread) uni)

;; Csub0_2
(declare-fun Csub0_2 (thread) uni)

;; Csub1_2
(declare-fun Csub1_2 (thread) uni)

;; a_2
(declare-fun a_2 (thread) uni)

;; b_2
(declare-fun b_2 (thread) uni)

;; l
(declare-fun l () Int)

;; As_2
(declare-fun As_2 (dim3 Int Int) Int)

;; Bs_2
(declare-fun Bs_2 (dim3 Int Int) Int)

;; As_3
(declare-fun As_3 (dim3 Int Int) Int)

;; Bs_3
(declare-fun Bs_3 (dim3 Int Int) Int)

;; k_2
(declare-fun k_2 (thread) uni)

;; Csub0_3
(declare-fun Csub0_3 (thread) uni)

;; Csub1_3
(declare-fun Csub1_3 (thread) uni)

;; k_3
(declare-fun k_3 (thread) uni)

;; l_1
(declare-fun l_1 () Int)

;; a_3
(declare-fun a_3 (thread) uni)

;; b_3
(declare-fun b_3 (thread) uni)

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

;; H7: requires 0 < bsize_x
(assert
  (< 0 bsize_x))

;; H8: requires bsize_x == 2 * bsize_y
(assert
  (= bsize_x (* 2 bsize_y)))

;; H9: requires 0 <= m
(assert
  (<= 0 m))

;; H10: requires wA == bsize_x * m
(assert
  (= wA_0 (* bsize_x m)))

;; H11: requires wB == gsize_x * bsize_x
(assert
  (= wB_0 (* gsize_x bsize_x)))

;; H12: requires hA == gsize_y * bsize_x
(assert
  (= hA (* gsize_y bsize_x)))

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

;; H17: aBegin = wA * bsize_x * by   [assign aBegin_1]
(assert
  (forall ((th5 thread))
    (=> (is_valid_thread th5) (= (aBegin_1 th5) (t2tb (* wA_0 bsize_x (tb2t (by_1 th5))))))))

;; H18: aEnd = aBegin + wA - 1   [assign aEnd_1]
(assert
  (forall ((th6 thread))
    (=> (is_valid_thread th6) (= (aEnd_1 th6) (t2tb (- (+ (tb2t (aBegin_1 th6)) wA_0) 1))))))

;; H19: aStep = bsize_x   [assign aStep_1]
(assert
  (forall ((th7 thread)) (=> (is_valid_thread th7) (= (aStep_1 th7) (t2tb bsize_x)))))

;; H20: bBegin = bsize_x * bx   [assign bBegin_1]
(assert
  (forall ((th8 thread))
    (=> (is_valid_thread th8) (= (bBegin_1 th8) (t2tb (* bsize_x (tb2t (bx_1 th8))))))))

;; H21: bStep = bsize_x * wB   [assign bStep_1]
(assert
  (forall ((th9 thread)) (=> (is_valid_thread th9) (= (bStep_1 th9) (t2tb (* bsize_x wB_0))))))

;; H22: Csub0 = 0   [assign Csub0_1]
(assert
  (forall ((th10 thread)) (=> (is_valid_thread th10) (= (Csub0_1 th10) (t2tb 0)))))

;; H23: Csub1 = 0   [assign Csub1_1]
(assert
  (forall ((th11 thread)) (=> (is_valid_thread th11) (= (Csub1_1 th11) (t2tb 0)))))

;; H24: a = aBegin   [assign a_1]
(assert
  (forall ((th12 thread)) (=> (is_valid_thread th12) (= (a_1 th12) (t2tb (tb2t (aBegin_1 th12)))))))

;; H25: b = bBegin   [assign b_1]
(assert
  (forall ((th13 thread)) (=> (is_valid_thread th13) (= (b_1 th13) (t2tb (tb2t (bBegin_1 th13)))))))

;; H26: loop 1: loop counter l is non-negative
(assert
  (<= 0 l))

;; H27: loop 1 invariant 1 at iteration l: loop_count <= m
(assert
  (<= l m))

;; H28: loop 1 invariant 2 at iteration l: a == aBegin + aStep * loop_count
(assert
  (forall ((th14 thread))
    (=> (is_valid_thread th14)
      (= (tb2t (a_2 th14)) (+ (tb2t (aBegin_1 th14)) (* (tb2t (aStep_1 th14)) l))))))

;; H29: loop 1 invariant 3 at iteration l: b == bBegin + bStep * loop_count
(assert
  (forall ((th15 thread))
    (=> (is_valid_thread th15)
      (= (tb2t (b_2 th15)) (+ (tb2t (bBegin_1 th15)) (* (tb2t (bStep_1 th15)) l))))))

;; H30: loop 1 invariant 4 at iteration l: Csub0 == sumAB(bsize_x * by + ty, bsize_x * bx + tx, 0, bsize_x * loop_count)
(assert
  (forall ((th16 thread))
    (=> (is_valid_thread th16)
      (= (tb2t (Csub0_2 th16))
        (sumAB (+ (* bsize_x (tb2t (by_1 th16))) (tb2t (ty_1 th16)))
          (+ (* bsize_x (tb2t (bx_1 th16))) (tb2t (tx_1 th16)))
          0
          (* bsize_x l))))))

;; H31: loop 1 invariant 5 at iteration l: Csub1 == sumAB(bsize_x * by + (ty + bsize_y), bsize_x * bx + tx, 0, bsize_x * loop_count)
(assert
  (forall ((th17 thread))
    (=> (is_valid_thread th17)
      (= (tb2t (Csub1_2 th17))
        (sumAB
          (+ (* bsize_x (tb2t (by_1 th17))) (+ (tb2t (ty_1 th17)) bsize_y))
          (+ (* bsize_x (tb2t (bx_1 th17))) (tb2t (tx_1 th17)))
          0
          (* bsize_x l))))))

;; H32: loop 1 continues: some active thread satisfies a <= aEnd
(assert
  (exists ((th18 thread)) (and (is_valid_thread th18) (<= (tb2t (a_2 th18)) (tb2t (aEnd_1 th18))))))

;; H33: As[ty][tx] = A[a + wA * ty + tx]   [assign As_2, formula (1)]
(assert
  (forall ((b19 dim3))
    (=> (is_valid_bid b19)
      (forall ((n1 Int) (n2 Int))
        (or
          (exists ((t20 dim3))
            (and (is_valid_tid t20)
              (<= (tb2t (a_2 (mk_thread b19 t20))) (tb2t (aEnd_1 (mk_thread b19 t20))))
              (= (tb2t (ty_1 (mk_thread b19 t20))) n1)
              (= (tb2t (tx_1 (mk_thread b19 t20))) n2)
              (= (As_2 b19 n1 n2)
                (select A_0
                  (+ (tb2t (a_2 (mk_thread b19 t20)))
                    (* wA_0 (tb2t (ty_1 (mk_thread b19 t20))))
                    (tb2t (tx_1 (mk_thread b19 t20))))))))
          (and
            (forall ((t21 dim3))
              (not
                (and (is_valid_tid t21)
                  (<= (tb2t (a_2 (mk_thread b19 t21))) (tb2t (aEnd_1 (mk_thread b19 t21))))
                  (= (tb2t (ty_1 (mk_thread b19 t21))) n1)
                  (= (tb2t (tx_1 (mk_thread b19 t21))) n2))))
            (= (As_2 b19 n1 n2) (As_1 b19 n1 n2))))))))

;; H34: Bs[ty][tx] = B[b + wB * ty + tx]   [assign Bs_2, formula (1)]
(assert
  (forall ((b22 dim3))
    (=> (is_valid_bid b22)
      (forall ((n1 Int) (n2 Int))
        (or
          (exists ((t23 dim3))
            (and (is_valid_tid t23)
              (<= (tb2t (a_2 (mk_thread b22 t23))) (tb2t (aEnd_1 (mk_thread b22 t23))))
              (= (tb2t (ty_1 (mk_thread b22 t23))) n1)
              (= (tb2t (tx_1 (mk_thread b22 t23))) n2)
              (= (Bs_2 b22 n1 n2)
                (select B_0
                  (+ (tb2t (b_2 (mk_thread b22 t23)))
                    (* wB_0 (tb2t (ty_1 (mk_thread b22 t23))))
                    (tb2t (tx_1 (mk_thread b22 t23))))))))
          (and
            (forall ((t24 dim3))
              (not
                (and (is_valid_tid t24)
                  (<= (tb2t (a_2 (mk_thread b22 t24))) (tb2t (aEnd_1 (mk_thread b22 t24))))
                  (= (tb2t (ty_1 (mk_thread b22 t24))) n1)
                  (= (tb2t (tx_1 (mk_thread b22 t24))) n2))))
            (= (Bs_2 b22 n1 n2) (Bs_1 b22 n1 n2))))))))

;; H35: As[ty + bsize_y][tx] = A[a + wA * (ty + bsize_y) + tx]   [assign As_3, formula (1)]
(assert
  (forall ((b25 dim3))
    (=> (is_valid_bid b25)
      (forall ((n1 Int) (n2 Int))
        (or
          (exists ((t26 dim3))
            (and (is_valid_tid t26)
              (<= (tb2t (a_2 (mk_thread b25 t26))) (tb2t (aEnd_1 (mk_thread b25 t26))))
              (= (+ (tb2t (ty_1 (mk_thread b25 t26))) bsize_y) n1)
              (= (tb2t (tx_1 (mk_thread b25 t26))) n2)
              (= (As_3 b25 n1 n2)
                (select A_0
                  (+ (tb2t (a_2 (mk_thread b25 t26)))
                    (* wA_0 (+ (tb2t (ty_1 (mk_thread b25 t26))) bsize_y))
                    (tb2t (tx_1 (mk_thread b25 t26))))))))
          (and
            (forall ((t27 dim3))
              (not
                (and (is_valid_tid t27)
                  (<= (tb2t (a_2 (mk_thread b25 t27))) (tb2t (aEnd_1 (mk_thread b25 t27))))
                  (= (+ (tb2t (ty_1 (mk_thread b25 t27))) bsize_y) n1)
                  (= (tb2t (tx_1 (mk_thread b25 t27))) n2))))
            (= (As_3 b25 n1 n2) (As_2 b25 n1 n2))))))))

;; H36: Bs[ty + bsize_y][tx] = B[b + wB * (ty + bsize_y) + tx]   [assign Bs_3, formula (1)]
(assert
  (forall ((b28 dim3))
    (=> (is_valid_bid b28)
      (forall ((n1 Int) (n2 Int))
        (or
          (exists ((t29 dim3))
            (and (is_valid_tid t29)
              (<= (tb2t (a_2 (mk_thread b28 t29))) (tb2t (aEnd_1 (mk_thread b28 t29))))
              (= (+ (tb2t (ty_1 (mk_thread b28 t29))) bsize_y) n1)
              (= (tb2t (tx_1 (mk_thread b28 t29))) n2)
              (= (Bs_3 b28 n1 n2)
                (select B_0
                  (+ (tb2t (b_2 (mk_thread b28 t29)))
                    (* wB_0 (+ (tb2t (ty_1 (mk_thread b28 t29))) bsize_y))
                    (tb2t (tx_1 (mk_thread b28 t29))))))))
          (and
            (forall ((t30 dim3))
              (not
                (and (is_valid_tid t30)
                  (<= (tb2t (a_2 (mk_thread b28 t30))) (tb2t (aEnd_1 (mk_thread b28 t30))))
                  (= (+ (tb2t (ty_1 (mk_thread b28 t30))) bsize_y) n1)
                  (= (tb2t (tx_1 (mk_thread b28 t30))) n2))))
            (= (Bs_3 b28 n1 n2) (Bs_2 b28 n1 n2))))))))

;; H37: k = 0   [assign k_2]
(assert
  (forall ((th31 thread))
    (=> (is_valid_thread th31)
      (or
        (and (<= (tb2t (a_2 th31)) (tb2t (aEnd_1 th31))) (= (k_2 th31) (t2tb 0)))
        (and (not (<= (tb2t (a_2 th31)) (tb2t (aEnd_1 th31))))
          (= (k_2 th31) (t2tb (tb2t (k_1 th31)))))))))

;; H38: loop 2: loop counter l_1 is non-negative
(assert
  (<= 0 l_1))

;; H39: loop 2 invariant 1 at iteration l_1: k == loop_count
(assert
  (forall ((th32 thread)) (=> (is_valid_thread th32) (= (tb2t (k_3 th32)) l_1))))

;; H40: loop 2 invariant 2 at iteration l_1: loop_count <= bsize_x
(assert
  (<= l_1 bsize_x))

;; H41: loop 2 invariant 3 at iteration l_1: Csub0 == sumAB(bsize_x * by + ty, bsize_x * bx + tx, 0, bsize_x * loop_count_2 + loop_count)
(assert
  (forall ((th33 thread))
    (=> (is_valid_thread th33)
      (= (tb2t (Csub0_3 th33))
        (sumAB (+ (* bsize_x (tb2t (by_1 th33))) (tb2t (ty_1 th33)))
          (+ (* bsize_x (tb2t (bx_1 th33))) (tb2t (tx_1 th33)))
          0
          (+ (* bsize_x l) l_1))))))

;; H42: loop 2 invariant 4 at iteration l_1: Csub1 == sumAB(bsize_x * by + (ty + bsize_y), bsize_x * bx + tx, 0, bsize_x * loop_count_2 + loop_count)
(assert
  (forall ((th34 thread))
    (=> (is_valid_thread th34)
      (= (tb2t (Csub1_3 th34))
        (sumAB
          (+ (* bsize_x (tb2t (by_1 th34))) (+ (tb2t (ty_1 th34)) bsize_y))
          (+ (* bsize_x (tb2t (bx_1 th34))) (tb2t (tx_1 th34)))
          0
          (+ (* bsize_x l) l_1))))))

;; H43: loop 2 exited: no active thread satisfies k < bsize_x
(assert
  (forall ((th35 thread))
    (=> (is_valid_thread th35)
      (=> (<= (tb2t (a_2 th35)) (tb2t (aEnd_1 th35))) (not (< (tb2t (k_3 th35)) bsize_x))))))

;; H44: a = a + aStep   [assign a_3]
(assert
  (forall ((th36 thread))
    (=> (is_valid_thread th36)
      (or
        (and (<= (tb2t (a_2 th36)) (tb2t (aEnd_1 th36)))
          (= (a_3 th36) (t2tb (+ (tb2t (a_2 th36)) (tb2t (aStep_1 th36))))))
        (and (not (<= (tb2t (a_2 th36)) (tb2t (aEnd_1 th36))))
          (= (a_3 th36) (t2tb (tb2t (a_2 th36)))))))))

;; H45: b = b + bStep   [assign b_3]
(assert
  (forall ((th37 thread))
    (=> (is_valid_thread th37)
      (or
        (and (<= (tb2t (a_2 th37)) (tb2t (aEnd_1 th37)))
          (= (b_3 th37) (t2tb (+ (tb2t (b_2 th37)) (tb2t (bStep_1 th37))))))
        (and (not (<= (tb2t (a_2 th37)) (tb2t (aEnd_1 th37))))
          (= (b_3 th37) (t2tb (tb2t (b_2 th37)))))))))

;; Goal t19_loop1_preserve_inv4
;; File "kernel.mlw", VC for the lockstep task, negated
(assert
  (not (forall ((th38 thread))
         (=> (is_valid_thread th38)
           (= (tb2t (Csub0_3 th38))
             (sumAB (+ (* bsize_x (tb2t (by_1 th38))) (tb2t (ty_1 th38)))
               (+ (* bsize_x (tb2t (bx_1 th38))) (tb2t (tx_1 th38)))
               0
               (* bsize_x (+ l 1))))))))
(check-sat)
