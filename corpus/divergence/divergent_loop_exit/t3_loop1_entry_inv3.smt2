; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    divergence
; kernel:    divergent_loop_exit
; task:      t3_loop1_entry_inv3
; checks:    loop 1 invariant 3 holds on entry: __enabled$1 == (i$1 < tid$1)
; origin:    for (i = 0; i < tid; i++) barrier(); (thread-dependent trip count). classic barrier divergence (GPUVerify, seed 004)
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: single1d; builtins: tid, N
;   kernel divergent_loop_exit() {
;     int i;
;     i = 0;
;     //@ loop invariant i$t >= 0;
;     //@ loop invariant __enabled$t == (i$t < tid$t);
;     while (i < tid) {
;       barrier();
;       i = i + 1;
;     }
;   }
;   // two-thread encoding: x$1/x$2 are the copies of x in the two threads, x@k its SSA versions;
;   // ($t in an invariant stands for both $1 and $2; __enabled$t is the loop predicate)
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: divergence/divergent_loop_exit/t3_loop1_entry_inv3|)
(set-info :status unsat)

(declare-fun N () Int)
(declare-fun tid$1 () Int)
(declare-fun tid$2 () Int)
(declare-fun i$1@1 () Int)
(declare-fun i$2@1 () Int)
(declare-fun Q1$1@0 () Bool)
(declare-fun Q1$2@0 () Bool)

; launch: at least one thread
(assert (< 0 N))
; thread 1: tid in range
(assert (and (<= 0 tid$1) (< tid$1 N)))
; thread 2: tid in range
(assert (and (<= 0 tid$2) (< tid$2 N)))
; the two threads are distinct
(assert (not (= tid$1 tid$2)))
; thread 1: i = 0
(assert (= i$1@1 0))
; thread 2: i = 0
(assert (= i$2@1 0))
; loop 1: thread 1 enters iff enabled and i < tid
(assert (= Q1$1@0 (< i$1@1 tid$1)))
; loop 1: thread 2 enters iff enabled and i < tid
(assert (= Q1$2@0 (< i$2@1 tid$2)))
; (assumed after being checked) loop 1 invariant 1 holds on entry: i$1 >= 0
(assert (>= i$1@1 0))
; (assumed after being checked) loop 1 invariant 2 holds on entry: i$2 >= 0
(assert (>= i$2@1 0))
; goal (negated)
; loop 1 invariant 3 holds on entry: __enabled$1 == (i$1 < tid$1)
(assert (not (= Q1$1@0 (< i$1@1 tid$1))))
(check-sat)
