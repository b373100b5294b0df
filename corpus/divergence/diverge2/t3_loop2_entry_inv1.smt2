; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    divergence
; kernel:    diverge2
; task:      t3_loop2_entry_inv1
; checks:    loop 2 invariant 1 holds on entry: __enabled$1 ==> j$1 >= 0
; origin:    diverge2: x = tid == 0 ? 4 : 1; y = tid == 0 ? 1 : 4; for i < x: for j < y: barrier(). GPUVerify tutorial (POPL'14), seed 004
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
; notes:     thread 0 leaves the inner loop after one iteration while the others continue
;
; kernel source (mini kernel language):
;   // launch configuration: single1d; builtins: tid, N
;   kernel diverge2() {
;     int x, y, i, j;
;     x = tid == 0 ? 4 : 1;
;     y = tid == 0 ? 1 : 4;
;     i = 0;
;     //@ loop invariant i$t >= 0;
;     while (i < x) {
;       j = 0;
;       //@ loop invariant __enabled$t ==> j$t >= 0;
;       while (j < y) {
;         barrier();
;         j = j + 1;
;       }
;       i = i + 1;
;     }
;   }
;   // two-thread encoding: x$1/x$2 are the copies of x in the two threads, x@k its SSA versions;
;   // ($t in an invariant stands for both $1 and $2; __enabled$t is the loop predicate)
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: divergence/diverge2/t3_loop2_entry_inv1|)
(set-info :status unsat)

(declare-fun N () Int)
(declare-fun tid$1 () Int)
(declare-fun tid$2 () Int)
(declare-fun x$1@1 () Int)
(declare-fun x$2@1 () Int)
(declare-fun y$1@1 () Int)
(declare-fun y$2@1 () Int)
(declare-fun i$1@1 () Int)
(declare-fun i$2@1 () Int)
(declare-fun Q1$1@0 () Bool)
(declare-fun Q1$2@0 () Bool)
(declare-fun j$1@1 () Int)
(declare-fun j$2@1 () Int)
(declare-fun i$1@2 () Int)
(declare-fun i$2@2 () Int)
(declare-fun Q1$1@1 () Bool)
(declare-fun Q1$2@1 () Bool)
(declare-fun j$1@2 () Int)
(declare-fun j$2@2 () Int)
(declare-fun Q2$1@0 () Bool)
(declare-fun Q2$2@0 () Bool)

; launch: at least one thread
(assert (< 0 N))
; thread 1: tid in range
(assert (and (<= 0 tid$1) (< tid$1 N)))
; thread 2: tid in range
(assert (and (<= 0 tid$2) (< tid$2 N)))
; the two threads are distinct
(assert (not (= tid$1 tid$2)))
; thread 1: x = tid == 0 ? 4 : 1
(assert (= x$1@1 (ite (= tid$1 0) 4 1)))
; thread 2: x = tid == 0 ? 4 : 1
(assert (= x$2@1 (ite (= tid$2 0) 4 1)))
; thread 1: y = tid == 0 ? 1 : 4
(assert (= y$1@1 (ite (= tid$1 0) 1 4)))
; thread 2: y = tid == 0 ? 1 : 4
(assert (= y$2@1 (ite (= tid$2 0) 1 4)))
; thread 1: i = 0
(assert (= i$1@1 0))
; thread 2: i = 0
(assert (= i$2@1 0))
; loop 1: thread 1 enters iff enabled and i < x
(assert (= Q1$1@0 (< i$1@1 x$1@1)))
; loop 1: thread 2 enters iff enabled and i < x
(assert (= Q1$2@0 (< i$2@1 x$2@1)))
; (assumed after being checked) loop 1 invariant 1 holds on entry: i$1 >= 0
(assert (>= i$1@1 0))
; (assumed after being checked) loop 1 invariant 2 holds on entry: i$2 >= 0
(assert (>= i$2@1 0))
; loop 1 invariant 1 (assumed at the loop head): i$1 >= 0
(assert (>= i$1@2 0))
; loop 1 invariant 2 (assumed at the loop head): i$2 >= 0
(assert (>= i$2@2 0))
; loop 1: some thread still iterates
(assert (or Q1$1@1 Q1$2@1))
; thread 1: j = 0
(assert (= j$1@2 (ite Q1$1@1 0 j$1@1)))
; thread 2: j = 0
(assert (= j$2@2 (ite Q1$2@1 0 j$2@1)))
; loop 2: thread 1 enters iff enabled and j < y
(assert (= Q2$1@0 (and Q1$1@1 (< j$1@2 y$1@1))))
; loop 2: thread 2 enters iff enabled and j < y
(assert (= Q2$2@0 (and Q1$2@1 (< j$2@2 y$2@1))))
; goal (negated)
; loop 2 invariant 1 holds on entry: __enabled$1 ==> j$1 >= 0
(assert (not (=> Q2$1@0 (>= j$1@2 0))))
(check-sat)
