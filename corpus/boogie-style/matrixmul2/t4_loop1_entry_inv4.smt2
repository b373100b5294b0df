; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    boogie-style
; kernel:    matrixmul2
; task:      t4_loop1_entry_inv4
; checks:    loop 1 invariant 4 holds on entry: Csub0 == sumAB(bsize_x * by + ty, bsize_x * bx + tx, 0, bsize_x * loop_count)
; origin:    matrixMul2: tiled matrix multiplication, each thread computes 2 elements of C. Kojima, Imanishi, Igarashi: Automated Verification of Functional Correctness of Race-Free GPU Programs, Sec. 5.2 (matrixMul2); annotations from VeriCUDA benchmark programs (SoftwareFoundationGroupAtKyotoU/VeriCUDA), samples/matrixMul.cu (matrixMul2)
; encoding:  Boogie/GPUVerify-style (our generator, not Boogie): Boogie background predicate (int_2_U/U_2_int type encoding), incarnations name@k, :qid/:skolemid, one negated VC with :lblpos/:lblneg labels,  the goal checked for GPUVerify's distinguished thread $1
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
(set-option :print-success false)
(set-info :smt-lib-version 2.6)
(set-logic AUFNIRA)
(set-info :status unsat)
; done setting options

; Boogie universal background predicate
; Copyright (c) 2004-2010, Microsoft Corp.
(set-info :category "industrial")
(declare-sort |T@U| 0)
(declare-sort |T@T| 0)
(declare-fun real_pow (Real Real) Real)
(declare-fun UOrdering2 (|T@U| |T@U|) Bool)
(declare-fun UOrdering3 (|T@T| |T@U| |T@U|) Bool)

(declare-fun tickleBool (Bool) Bool)
(assert (and (tickleBool true) (tickleBool false)))
(declare-fun Ctor (T@T) Int)
(declare-fun intType () T@T)
(declare-fun boolType () T@T)
(declare-fun int_2_U (Int) T@U)
(declare-fun U_2_int (T@U) Int)
(declare-fun type (T@U) T@T)
(declare-fun bool_2_U (Bool) T@U)
(declare-fun U_2_bool (T@U) Bool)
(assert (and
(= (Ctor intType) 0)
(= (Ctor boolType) 2)
(forall ((arg0 Int) ) (! (= (U_2_int (int_2_U arg0)) arg0)
 :qid |typeInv:U_2_int|
 :pattern ( (int_2_U arg0))
))
(forall ((x T@U) ) (! (=> (= (type x) intType) (= (int_2_U (U_2_int x)) x))
 :qid |cast:U_2_int|
 :pattern ( (U_2_int x))
))
(forall ((arg0@@0 Int) ) (! (= (type (int_2_U arg0@@0)) intType)
 :qid |funType:int_2_U|
 :pattern ( (int_2_U arg0@@0))
))
(forall ((arg0@@1 Bool) ) (! (= (U_2_bool (bool_2_U arg0@@1)) arg0@@1)
 :qid |typeInv:U_2_bool|
 :pattern ( (bool_2_U arg0@@1))
))
(forall ((x@@0 T@U) ) (! (=> (= (type x@@0) boolType) (= (bool_2_U (U_2_bool x@@0)) x@@0))
 :qid |cast:U_2_bool|
 :pattern ( (U_2_bool x@@0))
))
(forall ((arg0@@2 Bool) ) (! (= (type (bool_2_U arg0@@2)) boolType)
 :qid |funType:bool_2_U|
 :pattern ( (bool_2_U arg0@@2))
))))
(declare-fun group_size_x () Int)
(declare-fun group_size_y () Int)
(declare-fun num_groups_x () Int)
(declare-fun num_groups_y () Int)
(declare-fun wA_0 () Int)
(declare-fun wB_0 () Int)
(declare-fun m () Int)
(declare-fun hA () Int)
(declare-fun A@0 (Int) Int)
(declare-fun B@0 (Int) Int)
(declare-fun sumAB (Int Int Int Int) Int)
(declare-fun bx@1 (Int Int Int Int) Int)
(declare-fun by@1 (Int Int Int Int) Int)
(declare-fun tx@1 (Int Int Int Int) Int)
(declare-fun ty@1 (Int Int Int Int) Int)
(declare-fun aBegin@1 (Int Int Int Int) Int)
(declare-fun aEnd@1 (Int Int Int Int) Int)
(declare-fun aStep@1 (Int Int Int Int) Int)
(declare-fun bBegin@1 (Int Int Int Int) Int)
(declare-fun bStep@1 (Int Int Int Int) Int)
(declare-fun Csub0@1 (Int Int Int Int) Int)
(declare-fun Csub1@1 (Int Int Int Int) Int)
(declare-fun a@1 (Int Int Int Int) Int)
(declare-fun b@1 (Int Int Int Int) Int)
(declare-fun group_id_x$1 () Int)
(declare-fun group_id_y$1 () Int)
(declare-fun local_id_x$1 () Int)
(declare-fun local_id_y$1 () Int)
(declare-fun |%lbl%+1| () Bool)
(declare-fun |%lbl%@2| () Bool)
; launch: blockDim.x > 0
(assert (< 0 group_size_x))
; launch: blockDim.y > 0
(assert (< 0 group_size_y))
; launch: gridDim.x > 0
(assert (< 0 num_groups_x))
; launch: gridDim.y > 0
(assert (< 0 num_groups_y))
; definition of sumAB(i, j, lo, hi) = sum of A[wA * i + k] * B[wB * k + j] for k in [lo, hi): empty range
(assert (forall ((i Int) (j Int) (lo Int) (hi Int))
          (! (=> (<= hi lo) (= (sumAB i j lo hi) 0)) :qid |kernelbpl.1:10| :skolemid |1|)))
; definition of sumAB: [lo, hi+1) = [lo, hi) + term(hi)
(assert (forall ((i Int) (j Int) (lo Int) (hi Int))
          (!
            (=> (<= lo hi)
              (= (sumAB i j lo (+ hi 1))
                (+ (sumAB i j lo hi) (* (A@0 (+ (* wA_0 i) hi)) (B@0 (+ (* wB_0 hi) j))))))
            :qid
            |kernelbpl.2:10|
            :skolemid
            |2|)))
(set-info :boogie-vc-id matrixmul2_t4_loop1_entry_inv4)
(assert (not
  (let ((anon0_correct (=> (! (and |%lbl%+1| true) :lblpos +1)
                          (=>
                            (and (<= 0 group_id_x$1)
                              (< group_id_x$1 num_groups_x)
                              (<= 0 group_id_y$1)
                              (< group_id_y$1 num_groups_y)
                              (<= 0 local_id_x$1)
                              (< local_id_x$1 group_size_x)
                              (<= 0 local_id_y$1)
                              (< local_id_y$1 group_size_y)
                              (< 0 group_size_x)
                              (= group_size_x (* 2 group_size_y))
                              (<= 0 m)
                              (= wA_0 (* group_size_x m))
                              (= wB_0 (* num_groups_x group_size_x))
                              (= hA (* num_groups_y group_size_x))
                              (forall ((bx Int))
                                (!
                                  (=> (and (<= 0 bx) (< bx num_groups_x))
                                    (forall ((by Int))
                                      (!
                                        (=> (and (<= 0 by) (< by num_groups_y))
                                          (forall ((tx Int))
                                            (!
                                              (=> (and (<= 0 tx) (< tx group_size_x))
                                                (forall ((ty Int))
                                                  (!
                                                    (=> (and (<= 0 ty) (< ty group_size_y))
                                                      (= (bx@1 bx by tx ty) bx))
                                                    :qid
                                                    |kernelbpl.6:10|
                                                    :skolemid
                                                    |6|)))
                                              :qid
                                              |kernelbpl.5:10|
                                              :skolemid
                                              |5|)))
                                        :qid
                                        |kernelbpl.4:10|
                                        :skolemid
                                        |4|)))
                                  :qid
                                  |kernelbpl.3:10|
                                  :skolemid
                                  |3|))
                              (forall ((bx Int))
                                (!
                                  (=> (and (<= 0 bx) (< bx num_groups_x))
                                    (forall ((by Int))
                                      (!
                                        (=> (and (<= 0 by) (< by num_groups_y))
                                          (forall ((tx Int))
                                            (!
                                              (=> (and (<= 0 tx) (< tx group_size_x))
                                                (forall ((ty Int))
                                                  (!
                                                    (=> (and (<= 0 ty) (< ty group_size_y))
                                                      (= (by@1 bx by tx ty) by))
                                                    :qid
                                                    |kernelbpl.10:10|
                                                    :skolemid
                                                    |10|)))
                                              :qid
                                              |kernelbpl.9:10|
                                              :skolemid
                                              |9|)))
                                        :qid
                                        |kernelbpl.8:10|
                                        :skolemid
                                        |8|)))
                                  :qid
                                  |kernelbpl.7:10|
                                  :skolemid
                                  |7|))
                              (forall ((bx Int))
                                (!
                                  (=> (and (<= 0 bx) (< bx num_groups_x))
                                    (forall ((by Int))
                                      (!
                                        (=> (and (<= 0 by) (< by num_groups_y))
                                          (forall ((tx Int))
                                            (!
                                              (=> (and (<= 0 tx) (< tx group_size_x))
                                                (forall ((ty Int))
                                                  (!
                                                    (=> (and (<= 0 ty) (< ty group_size_y))
                                                      (= (tx@1 bx by tx ty) tx))
                                                    :qid
                                                    |kernelbpl.14:10|
                                                    :skolemid
                                                    |14|)))
                                              :qid
                                              |kernelbpl.13:10|
                                              :skolemid
                                              |13|)))
                                        :qid
                                        |kernelbpl.12:10|
                                        :skolemid
                                        |12|)))
                                  :qid
                                  |kernelbpl.11:10|
                                  :skolemid
                                  |11|))
                              (forall ((bx Int))
                                (!
                                  (=> (and (<= 0 bx) (< bx num_groups_x))
                                    (forall ((by Int))
                                      (!
                                        (=> (and (<= 0 by) (< by num_groups_y))
                                          (forall ((tx Int))
                                            (!
                                              (=> (and (<= 0 tx) (< tx group_size_x))
                                                (forall ((ty Int))
                                                  (!
                                                    (=> (and (<= 0 ty) (< ty group_size_y))
                                                      (= (ty@1 bx by tx ty) ty))
                                                    :qid
                                                    |kernelbpl.18:10|
                                                    :skolemid
                                                    |18|)))
                                              :qid
                                              |kernelbpl.17:10|
                                              :skolemid
                                              |17|)))
                                        :qid
                                        |kernelbpl.16:10|
                                        :skolemid
                                        |16|)))
                                  :qid
                                  |kernelbpl.15:10|
                                  :skolemid
                                  |15|))
                              (forall ((bx Int))
                                (!
                                  (=> (and (<= 0 bx) (< bx num_groups_x))
                                    (forall ((by Int))
                                      (!
                                        (=> (and (<= 0 by) (< by num_groups_y))
                                          (forall ((tx Int))
                                            (!
                                              (=> (and (<= 0 tx) (< tx group_size_x))
                                                (forall ((ty Int))
                                                  (!
                                                    (=> (and (<= 0 ty) (< ty group_size_y))
                                                      (= (aBegin@1 bx by tx ty)
                                                        (* wA_0 group_size_x (by@1 bx by tx ty))))
                                                    :qid
                                                    |kernelbpl.22:10|
                                                    :skolemid
                                                    |22|)))
                                              :qid
                                              |kernelbpl.21:10|
                                              :skolemid
                                              |21|)))
                                        :qid
                                        |kernelbpl.20:10|
                                        :skolemid
                                        |20|)))
                                  :qid
                                  |kernelbpl.19:10|
                                  :skolemid
                                  |19|))
                              (forall ((bx Int))
                                (!
                                  (=> (and (<= 0 bx) (< bx num_groups_x))
                                    (forall ((by Int))
                                      (!
                                        (=> (and (<= 0 by) (< by num_groups_y))
                                          (forall ((tx Int))
                                            (!
                                              (=> (and (<= 0 tx) (< tx group_size_x))
                                                (forall ((ty Int))
                                                  (!
                                                    (=> (and (<= 0 ty) (< ty group_size_y))
                                                      (= (aEnd@1 bx by tx ty)
                                                        (- (+ (aBegin@1 bx by tx ty) wA_0) 1)))
                                                    :qid
                                                    |kernelbpl.26:10|
                                                    :skolemid
                                                    |26|)))
                                              :qid
                                              |kernelbpl.25:10|
                                              :skolemid
                                              |25|)))
                                        :qid
                                        |kernelbpl.24:10|
                                        :skolemid
                                        |24|)))
                                  :qid
                                  |kernelbpl.23:10|
                                  :skolemid
                                  |23|))
                              (forall ((bx Int))
                                (!
                                  (=> (and (<= 0 bx) (< bx num_groups_x))
                                    (forall ((by Int))
                                      (!
                                        (=> (and (<= 0 by) (< by num_groups_y))
                                          (forall ((tx Int))
                                            (!
                                              (=> (and (<= 0 tx) (< tx group_size_x))
                                                (forall ((ty Int))
                                                  (!
                                                    (=> (and (<= 0 ty) (< ty group_size_y))
                                                      (= (aStep@1 bx by tx ty) group_size_x))
                                                    :qid
                                                    |kernelbpl.30:10|
                                                    :skolemid
                                                    |30|)))
                                              :qid
                                              |kernelbpl.29:10|
                                              :skolemid
                                              |29|)))
                                        :qid
                                        |kernelbpl.28:10|
                                        :skolemid
                                        |28|)))
                                  :qid
                                  |kernelbpl.27:10|
                                  :skolemid
                                  |27|))
                              (forall ((bx Int))
                                (!
                                  (=> (and (<= 0 bx) (< bx num_groups_x))
                                    (forall ((by Int))
                                      (!
                                        (=> (and (<= 0 by) (< by num_groups_y))
                                          (forall ((tx Int))
                                            (!
                                              (=> (and (<= 0 tx) (< tx group_size_x))
                                                (forall ((ty Int))
                                                  (!
                                                    (=> (and (<= 0 ty) (< ty group_size_y))
                                                      (= (bBegin@1 bx by tx ty)
                                                        (* group_size_x (bx@1 bx by tx ty))))
                                                    :qid
                                                    |kernelbpl.34:10|
                                                    :skolemid
                                                    |34|)))
                                              :qid
                                              |kernelbpl.33:10|
                                              :skolemid
                                              |33|)))
                                        :qid
                                        |kernelbpl.32:10|
                                        :skolemid
                                        |32|)))
                                  :qid
                                  |kernelbpl.31:10|
                                  :skolemid
                                  |31|))
                              (forall ((bx Int))
                                (!
                                  (=> (and (<= 0 bx) (< bx num_groups_x))
                                    (forall ((by Int))
                                      (!
                                        (=> (and (<= 0 by) (< by num_groups_y))
                                          (forall ((tx Int))
                                            (!
                                              (=> (and (<= 0 tx) (< tx group_size_x))
                                                (forall ((ty Int))
                                                  (!
                                                    (=> (and (<= 0 ty) (< ty group_size_y))
                                                      (= (bStep@1 bx by tx ty)
                                                        (* group_size_x wB_0)))
                                                    :qid
                                                    |kernelbpl.38:10|
                                                    :skolemid
                                                    |38|)))
                                              :qid
                                              |kernelbpl.37:10|
                                              :skolemid
                                              |37|)))
                                        :qid
                                        |kernelbpl.36:10|
                                        :skolemid
                                        |36|)))
                                  :qid
                                  |kernelbpl.35:10|
                                  :skolemid
                                  |35|))
                              (forall ((bx Int))
                                (!
                                  (=> (and (<= 0 bx) (< bx num_groups_x))
                                    (forall ((by Int))
                                      (!
                                        (=> (and (<= 0 by) (< by num_groups_y))
                                          (forall ((tx Int))
                                            (!
                                              (=> (and (<= 0 tx) (< tx group_size_x))
                                                (forall ((ty Int))
                                                  (!
                                                    (=> (and (<= 0 ty) (< ty group_size_y))
                                                      (= (Csub0@1 bx by tx ty) 0))
                                                    :qid
                                                    |kernelbpl.42:10|
                                                    :skolemid
                                                    |42|)))
                                              :qid
                                              |kernelbpl.41:10|
                                              :skolemid
                                              |41|)))
                                        :qid
                                        |kernelbpl.40:10|
                                        :skolemid
                                        |40|)))
                                  :qid
                                  |kernelbpl.39:10|
                                  :skolemid
                                  |39|))
                              (forall ((bx Int))
                                (!
                                  (=> (and (<= 0 bx) (< bx num_groups_x))
                                    (forall ((by Int))
                                      (!
                                        (=> (and (<= 0 by) (< by num_groups_y))
                                          (forall ((tx Int))
                                            (!
                                              (=> (and (<= 0 tx) (< tx group_size_x))
                                                (forall ((ty Int))
                                                  (!
                                                    (=> (and (<= 0 ty) (< ty group_size_y))
                                                      (= (Csub1@1 bx by tx ty) 0))
                                                    :qid
                                                    |kernelbpl.46:10|
                                                    :skolemid
                                                    |46|)))
                                              :qid
                                              |kernelbpl.45:10|
                                              :skolemid
                                              |45|)))
                                        :qid
                                        |kernelbpl.44:10|
                                        :skolemid
                                        |44|)))
                                  :qid
                                  |kernelbpl.43:10|
                                  :skolemid
                                  |43|))
                              (forall ((bx Int))
                                (!
                                  (=> (and (<= 0 bx) (< bx num_groups_x))
                                    (forall ((by Int))
                                      (!
                                        (=> (and (<= 0 by) (< by num_groups_y))
                                          (forall ((tx Int))
                                            (!
                                              (=> (and (<= 0 tx) (< tx group_size_x))
                                                (forall ((ty Int))
                                                  (!
                                                    (=> (and (<= 0 ty) (< ty group_size_y))
                                                      (= (a@1 bx by tx ty) (aBegin@1 bx by tx ty)))
                                                    :qid
                                                    |kernelbpl.50:10|
                                                    :skolemid
                                                    |50|)))
                                              :qid
                                              |kernelbpl.49:10|
                                              :skolemid
                                              |49|)))
                                        :qid
                                        |kernelbpl.48:10|
                                        :skolemid
                                        |48|)))
                                  :qid
                                  |kernelbpl.47:10|
                                  :skolemid
                                  |47|))
                              (forall ((bx Int))
                                (!
                                  (=> (and (<= 0 bx) (< bx num_groups_x))
                                    (forall ((by Int))
                                      (!
                                        (=> (and (<= 0 by) (< by num_groups_y))
                                          (forall ((tx Int))
                                            (!
                                              (=> (and (<= 0 tx) (< tx group_size_x))
                                                (forall ((ty Int))
                                                  (!
                                                    (=> (and (<= 0 ty) (< ty group_size_y))
                                                      (= (b@1 bx by tx ty) (bBegin@1 bx by tx ty)))
                                                    :qid
                                                    |kernelbpl.54:10|
                                                    :skolemid
                                                    |54|)))
                                              :qid
                                              |kernelbpl.53:10|
                                              :skolemid
                                              |53|)))
                                        :qid
                                        |kernelbpl.52:10|
                                        :skolemid
                                        |52|)))
                                  :qid
                                  |kernelbpl.51:10|
                                  :skolemid
                                  |51|)))
                            (!
                              (or |%lbl%@2|
                                (= (Csub0@1 group_id_x$1 group_id_y$1 local_id_x$1 local_id_y$1)
                                  (sumAB
                                    (+
                                      (* group_size_x
                                        (by@1 group_id_x$1 group_id_y$1 local_id_x$1 local_id_y$1))
                                      (ty@1 group_id_x$1 group_id_y$1 local_id_x$1 local_id_y$1))
                                    (+
                                      (* group_size_x
                                        (bx@1 group_id_x$1 group_id_y$1 local_id_x$1 local_id_y$1))
                                      (tx@1 group_id_x$1 group_id_y$1 local_id_x$1 local_id_y$1))
                                    0
                                    (* group_size_x 0))))
                              :lblneg
                              @2)))))
  anon0_correct)))
(check-sat)
