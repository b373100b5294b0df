; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    boogie-style
; kernel:    arraycopy
; task:      t2_entry_inv2
; checks:    loop 1 invariant 2 holds on entry: \forall j; 0 <= j < N * loop_count ==> b[j] == a[j]
; origin:    ArrayCopy (Fig. 1): copy a into b with a grid-stride loop. Kojima, Imanishi, Igarashi: Automated Verification of Functional Correctness of Race-Free GPU Programs, Fig. 1 and Sec. 3.3 (tasks T1..T5)
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
(declare-fun len_0 () Int)
(declare-fun m () Int)
(declare-fun a@0 (Int) Int)
(declare-fun b@0 (Int) Int)
(declare-fun i@1 (Int) Int)
(declare-fun |%lbl%+1| () Bool)
(declare-fun |%lbl%@2| () Bool)
; launch: at least one thread
(assert (< 0 group_size_x))
(set-info :boogie-vc-id arraycopy_t2_entry_inv2)
(assert (not
  (let ((anon0_correct (=> (! (and |%lbl%+1| true) :lblpos +1)
                          (=>
                            (and (= len_0 (* m group_size_x))
                              (forall ((t Int))
                                (! (=> (and (<= 0 t) (< t group_size_x)) (= (i@1 t) t))
                                  :qid
                                  |kernelbpl.1:10|
                                  :skolemid
                                  |1|)))
                            (!
                              (or |%lbl%@2|
                                (forall ((j Int))
                                  (!
                                    (=> (and (<= 0 j) (< j (* group_size_x 0))) (= (b@0 j) (a@0 j)))
                                    :qid
                                    |kernelbpl.2:10|
                                    :skolemid
                                    |2|)))
                              :lblneg
                              @2)))))
  anon0_correct)))
(check-sat)
