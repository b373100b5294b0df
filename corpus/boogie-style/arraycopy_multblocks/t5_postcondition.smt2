; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    boogie-style
; kernel:    arraycopy_multblocks
; task:      t5_postcondition
; checks:    postcondition: ensures \forall j; 0 <= j < len ==> b[j] == a[j]
; origin:    ArrayCopyMultBlocks (Fig. 2): ArrayCopy over gsize blocks of bsize threads. Kojima, Imanishi, Igarashi: Automated Verification of Functional Correctness of Race-Free GPU Programs, Fig. 2 and Sec. 4.3
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
(declare-fun N () Int)
(declare-fun len_0 () Int)
(declare-fun m () Int)
(declare-fun a@0 (Int) Int)
(declare-fun i@1 (Int Int) Int)
(declare-fun b@1 (Int) Int)
(declare-fun i@2 (Int Int) Int)
(declare-fun l () Int)
(declare-fun |%lbl%+1| () Bool)
(declare-fun |%lbl%@2| () Bool)
; launch: blocks are non-empty
(assert (< 0 group_size_x))
; launch: at least one block
(assert (< 0 num_groups_x))
; launch: N is the total number of threads
(assert (= N (* group_size_x num_groups_x)))
(set-info :boogie-vc-id arraycopy_multblocks_t5_postcondition)
(assert (not
  (let ((anon0_correct (=> (! (and |%lbl%+1| true) :lblpos +1)
                          (=>
                            (and (= len_0 (* m N))
                              (forall ((b Int))
                                (!
                                  (=> (and (<= 0 b) (< b num_groups_x))
                                    (forall ((t Int))
                                      (!
                                        (=> (and (<= 0 t) (< t group_size_x))
                                          (= (i@1 b t) (+ (* b group_size_x) t)))
                                        :qid
                                        |kernelbpl.2:10|
                                        :skolemid
                                        |2|)))
                                  :qid
                                  |kernelbpl.1:10|
                                  :skolemid
                                  |1|))
                              (<= 0 l)
                              (forall ((b Int))
                                (!
                                  (=> (and (<= 0 b) (< b num_groups_x))
                                    (forall ((t Int))
                                      (!
                                        (=> (and (<= 0 t) (< t group_size_x))
                                          (= (i@2 b t) (+ (* N l) (* b group_size_x) t)))
                                        :qid
                                        |kernelbpl.4:10|
                                        :skolemid
                                        |4|)))
                                  :qid
                                  |kernelbpl.3:10|
                                  :skolemid
                                  |3|))
                              (forall ((j Int))
                                (! (=> (and (<= 0 j) (< j (* N l))) (= (b@1 j) (a@0 j)))
                                  :qid
                                  |kernelbpl.5:10|
                                  :skolemid
                                  |5|))
                              (forall ((b Int))
                                (!
                                  (=> (and (<= 0 b) (< b num_groups_x))
                                    (forall ((t Int))
                                      (!
                                        (=> (and (<= 0 t) (< t group_size_x))
                                          (not (< (i@2 b t) len_0)))
                                        :qid
                                        |kernelbpl.7:10|
                                        :skolemid
                                        |7|)))
                                  :qid
                                  |kernelbpl.6:10|
                                  :skolemid
                                  |6|)))
                            (!
                              (or |%lbl%@2|
                                (forall ((j Int))
                                  (! (=> (and (<= 0 j) (< j len_0)) (= (b@1 j) (a@0 j)))
                                    :qid
                                    |kernelbpl.8:10|
                                    :skolemid
                                    |8|)))
                              :lblneg
                              @2)))))
  anon0_correct)))
(check-sat)
