; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    boogie-style
; kernel:    diffusion1d
; task:      t4_postcondition3
; checks:    postcondition: ensures \forall j; 0 < j ==> j < n - 1 ==> fn[j] == c0 * (f[j - 1] + f[j + 1]) + c1 * f[j]
; origin:    diffusion1d: one step of a 1-D diffusion stencil using a shared-memory halo. Kojima, Imanishi, Igarashi: Automated Verification of Functional Correctness of Race-Free GPU Programs, Sec. 5.2 (diffusion1d); annotations from VeriCUDA benchmark programs (SoftwareFoundationGroupAtKyotoU/VeriCUDA), samples/diffusion1d.cu (diffusion1d)
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
(declare-fun num_groups_x () Int)
(declare-fun n_0 () Int)
(declare-fun c0_0 () Int)
(declare-fun c1_0 () Int)
(declare-fun fs@0 (Int Int) Int)
(declare-fun f@0 (Int) Int)
(declare-fun fn@0 (Int) Int)
(declare-fun js@1 (Int Int) Int)
(declare-fun j@1 (Int Int) Int)
(declare-fun fs@1 (Int Int) Int)
(declare-fun fs@2 (Int Int) Int)
(declare-fun fs@3 (Int Int) Int)
(declare-fun fn@1 (Int) Int)
(declare-fun |%lbl%+1| () Bool)
(declare-fun |%lbl%@2| () Bool)
; launch: blocks are non-empty
(assert (< 0 group_size_x))
; launch: at least one block
(assert (< 0 num_groups_x))
(set-info :boogie-vc-id diffusion1d_t4_postcondition3)
(assert (not
  (let ((anon0_correct (=> (! (and |%lbl%+1| true) :lblpos +1)
                          (=>
                            (and (= n_0 (* group_size_x num_groups_x))
                              (> n_0 1)
                              (forall ((b Int))
                                (!
                                  (=> (and (<= 0 b) (< b num_groups_x))
                                    (forall ((t Int))
                                      (!
                                        (=> (and (<= 0 t) (< t group_size_x))
                                          (= (js@1 b t) (+ t 1)))
                                        :qid
                                        |kernelbpl.2:10|
                                        :skolemid
                                        |2|)))
                                  :qid
                                  |kernelbpl.1:10|
                                  :skolemid
                                  |1|))
                              (forall ((b Int))
                                (!
                                  (=> (and (<= 0 b) (< b num_groups_x))
                                    (forall ((t Int))
                                      (!
                                        (=> (and (<= 0 t) (< t group_size_x))
                                          (= (j@1 b t) (+ (* group_size_x b) t)))
                                        :qid
                                        |kernelbpl.4:10|
                                        :skolemid
                                        |4|)))
                                  :qid
                                  |kernelbpl.3:10|
                                  :skolemid
                                  |3|))
                              (forall ((b Int))
                                (!
                                  (=> (and (<= 0 b) (< b num_groups_x))
                                    (forall ((n Int))
                                      (!
                                        (or
                                          (exists ((t Int))
                                            (!
                                              (and (<= 0 t)
                                                (< t group_size_x)
                                                (= (js@1 b t) n)
                                                (= (fs@1 b n) (f@0 (j@1 b t))))
                                              :qid
                                              |kernelbpl.7:10|
                                              :skolemid
                                              |7|))
                                          (and
                                            (forall ((t Int))
                                              (!
                                                (not
                                                  (and (<= 0 t) (< t group_size_x) (= (js@1 b t) n)))
                                                :qid
                                                |kernelbpl.8:10|
                                                :skolemid
                                                |8|))
                                            (= (fs@1 b n) (fs@0 b n))))
                                        :qid
                                        |kernelbpl.6:10|
                                        :skolemid
                                        |6|)))
                                  :qid
                                  |kernelbpl.5:10|
                                  :skolemid
                                  |5|))
                              (forall ((b Int))
                                (!
                                  (=> (and (<= 0 b) (< b num_groups_x))
                                    (forall ((n Int))
                                      (!
                                        (or
                                          (exists ((t Int))
                                            (!
                                              (and (<= 0 t)
                                                (< t group_size_x)
                                                (= t 0)
                                                (= 0 n)
                                                (= (fs@2 b n)
                                                  (ite (= b 0) (fs@1 b 1) (f@0 (- (j@1 b t) 1)))))
                                              :qid
                                              |kernelbpl.11:10|
                                              :skolemid
                                              |11|))
                                          (and
                                            (forall ((t Int))
                                              (!
                                                (not
                                                  (and (<= 0 t) (< t group_size_x) (= t 0) (= 0 n)))
                                                :qid
                                                |kernelbpl.12:10|
                                                :skolemid
                                                |12|))
                                            (= (fs@2 b n) (fs@1 b n))))
                                        :qid
                                        |kernelbpl.10:10|
                                        :skolemid
                                        |10|)))
                                  :qid
                                  |kernelbpl.9:10|
                                  :skolemid
                                  |9|))
                              (forall ((b Int))
                                (!
                                  (=> (and (<= 0 b) (< b num_groups_x))
                                    (forall ((n Int))
                                      (!
                                        (or
                                          (exists ((t Int))
                                            (!
                                              (and (<= 0 t)
                                                (< t group_size_x)
                                                (= t (- group_size_x 1))
                                                (= (+ (js@1 b t) 1) n)
                                                (= (fs@3 b n)
                                                  (ite (= b (- num_groups_x 1))
                                                    (fs@2 b (js@1 b t))
                                                    (f@0 (+ (j@1 b t) 1)))))
                                              :qid
                                              |kernelbpl.15:10|
                                              :skolemid
                                              |15|))
                                          (and
                                            (forall ((t Int))
                                              (!
                                                (not
                                                  (and (<= 0 t)
                                                    (< t group_size_x)
                                                    (= t (- group_size_x 1))
                                                    (= (+ (js@1 b t) 1) n)))
                                                :qid
                                                |kernelbpl.16:10|
                                                :skolemid
                                                |16|))
                                            (= (fs@3 b n) (fs@2 b n))))
                                        :qid
                                        |kernelbpl.14:10|
                                        :skolemid
                                        |14|)))
                                  :qid
                                  |kernelbpl.13:10|
                                  :skolemid
                                  |13|))
                              (forall ((n Int))
                                (!
                                  (or
                                    (exists ((b Int))
                                      (!
                                        (and (<= 0 b)
                                          (< b num_groups_x)
                                          (exists ((t Int))
                                            (!
                                              (and (<= 0 t)
                                                (< t group_size_x)
                                                (= (j@1 b t) n)
                                                (= (fn@1 n)
                                                  (+
                                                    (* c0_0
                                                      (+ (fs@3 b (- (js@1 b t) 1))
                                                        (fs@3 b (+ (js@1 b t) 1))))
                                                    (* c1_0 (fs@3 b (js@1 b t))))))
                                              :qid
                                              |kernelbpl.19:10|
                                              :skolemid
                                              |19|)))
                                        :qid
                                        |kernelbpl.18:10|
                                        :skolemid
                                        |18|))
                                    (and
                                      (forall ((b Int))
                                        (!
                                          (=> (and (<= 0 b) (< b num_groups_x))
                                            (forall ((t Int))
                                              (!
                                                (not
                                                  (and (<= 0 t) (< t group_size_x) (= (j@1 b t) n)))
                                                :qid
                                                |kernelbpl.21:10|
                                                :skolemid
                                                |21|)))
                                          :qid
                                          |kernelbpl.20:10|
                                          :skolemid
                                          |20|))
                                      (= (fn@1 n) (fn@0 n))))
                                  :qid
                                  |kernelbpl.17:10|
                                  :skolemid
                                  |17|)))
                            (!
                              (or |%lbl%@2|
                                (forall ((j Int))
                                  (!
                                    (=> (< 0 j)
                                      (=> (< j (- n_0 1))
                                        (= (fn@1 j)
                                          (+ (* c0_0 (+ (f@0 (- j 1)) (f@0 (+ j 1))))
                                            (* c1_0 (f@0 j))))))
                                    :qid
                                    |kernelbpl.22:10|
                                    :skolemid
                                    |22|)))
                              :lblneg
                              @2)))))
  anon0_correct)))
(check-sat)
