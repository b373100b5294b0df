; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    race
; kernel:    stride
; task:      t8_loop1_preserve_inv3
; checks:    loop 1 invariant 3 is preserved by the loop body: WRITE_HAS_OCCURRED_A ==> WRITE_OFFSET_A % N == tid$1
; origin:    stride: for (i = tid; i < n; i += size) A[i] = val (size = N). GPUVerify tutorial (POPL'14), seed 004; invariants: accessedOffsetsSatisfyPredicates / loopCounterIsStrided of Betts et al., Implementing and Evaluating Candidate-Based Invariant Generation (GPUVerify), seed 001
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: single1d; builtins: tid, N
;   kernel stride(int n, int val, __shared__ int *A) {
;     int i;
;     i = tid;
;     //@ loop invariant i$t % N == tid$t;
;     //@ loop invariant WRITE_HAS_OCCURRED_A ==> WRITE_OFFSET_A % N == tid$1;
;     while (i < n) {
;       A[i] = val;
;       i = i + N;
;     }
;   }
;   // two-thread encoding: x$1/x$2 are the copies of x in the two threads, x@k its SSA versions;
;   // ($t in an invariant stands for both $1 and $2; __enabled$t is the loop predicate)
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: race/stride/t8_loop1_preserve_inv3|)
(set-info :status unsat)

(declare-fun N () Int)
(declare-fun tid$1 () Int)
(declare-fun tid$2 () Int)
(declare-fun n$1@0 () Int)
(declare-fun n$2@0 () Int)
(declare-fun val$1@0 () Int)
(declare-fun val$2@0 () Int)
(declare-fun READ_HAS_OCCURRED_A@0 () Bool)
(declare-fun READ_OFFSET_A@0 () Int)
(declare-fun WRITE_HAS_OCCURRED_A@0 () Bool)
(declare-fun WRITE_OFFSET_A@0 () Int)
(declare-fun i$1@1 () Int)
(declare-fun i$2@1 () Int)
(declare-fun Q1$1@0 () Bool)
(declare-fun Q1$2@0 () Bool)
(declare-fun WRITE_HAS_OCCURRED_A@1 () Bool)
(declare-fun WRITE_OFFSET_A@1 () Int)
(declare-fun i$1@2 () Int)
(declare-fun i$2@2 () Int)
(declare-fun Q1$1@1 () Bool)
(declare-fun Q1$2@1 () Bool)
(declare-fun log@1 () Bool)
(declare-fun WRITE_HAS_OCCURRED_A@2 () Bool)
(declare-fun WRITE_OFFSET_A@2 () Int)
(declare-fun i$1@3 () Int)
(declare-fun i$2@3 () Int)
(declare-fun Q1$1@2 () Bool)
(declare-fun Q1$2@2 () Bool)

; launch: at least one thread
(assert (< 0 N))
; thread 1: tid in range
(assert (and (<= 0 tid$1) (< tid$1 N)))
; thread 2: tid in range
(assert (and (<= 0 tid$2) (< tid$2 N)))
; the two threads are distinct
(assert (not (= tid$1 tid$2)))
; parameter n is uniform
(assert (= n$1@0 n$2@0))
; parameter val is uniform
(assert (= val$1@0 val$2@0))
; no access to A logged yet
(assert (and (not READ_HAS_OCCURRED_A@0) (not WRITE_HAS_OCCURRED_A@0)))
; thread 1: i = tid
(assert (= i$1@1 tid$1))
; thread 2: i = tid
(assert (= i$2@1 tid$2))
; loop 1: thread 1 enters iff enabled and i < n
(assert (= Q1$1@0 (< i$1@1 n$1@0)))
; loop 1: thread 2 enters iff enabled and i < n
(assert (= Q1$2@0 (< i$2@1 n$2@0)))
; (assumed after being checked) loop 1 invariant 1 holds on entry: i$1 % N == tid$1
(assert (= (mod i$1@1 N) tid$1))
; (assumed after being checked) loop 1 invariant 2 holds on entry: i$2 % N == tid$2
(assert (= (mod i$2@1 N) tid$2))
; (assumed after being checked) loop 1 invariant 3 holds on entry: WRITE_HAS_OCCURRED_A ==> WRITE_OFFSET_A % N == tid$1
(assert (=> WRITE_HAS_OCCURRED_A@0 (= (mod WRITE_OFFSET_A@0 N) tid$1)))
; loop 1 invariant 1 (assumed at the loop head): i$1 % N == tid$1
(assert (= (mod i$1@2 N) tid$1))
; loop 1 invariant 2 (assumed at the loop head): i$2 % N == tid$2
(assert (= (mod i$2@2 N) tid$2))
; loop 1 invariant 3 (assumed at the loop head): WRITE_HAS_OCCURRED_A ==> WRITE_OFFSET_A % N == tid$1
(assert (=> WRITE_HAS_OCCURRED_A@1 (= (mod WRITE_OFFSET_A@1 N) tid$1)))
; loop 1: some thread still iterates
(assert (or Q1$1@1 Q1$2@1))
; LOG_WRITE_A by thread 1 (nondeterministically chosen by log@1)
(assert (= WRITE_HAS_OCCURRED_A@2 (ite (and Q1$1@1 log@1) true WRITE_HAS_OCCURRED_A@1)))
(assert (= WRITE_OFFSET_A@2 (ite (and Q1$1@1 log@1) i$1@2 WRITE_OFFSET_A@1)))
; (assumed after being checked) CHECK_WRITE_A: write 1 of A by thread 2 does not conflict with a logged write of thread 1
(assert (=> (and Q1$2@1 WRITE_HAS_OCCURRED_A@2) (not (= WRITE_OFFSET_A@2 i$2@2))))
; (assumed after being checked) CHECK_WRITE_A: write 1 of A by thread 2 does not conflict with a logged read of thread 1
(assert (=> (and Q1$2@1 READ_HAS_OCCURRED_A@0) (not (= READ_OFFSET_A@0 i$2@2))))
; thread 1: i = i + N
(assert (= i$1@3 (ite Q1$1@1 (+ i$1@2 N) i$1@2)))
; thread 2: i = i + N
(assert (= i$2@3 (ite Q1$2@1 (+ i$2@2 N) i$2@2)))
; loop 1: re-evaluate the guard for thread 1
(assert (= Q1$1@2 (and Q1$1@1 (< i$1@3 n$1@0))))
; loop 1: re-evaluate the guard for thread 2
(assert (= Q1$2@2 (and Q1$2@1 (< i$2@3 n$2@0))))
; (assumed after being checked) loop 1 invariant 1 is preserved by the loop body: i$1 % N == tid$1
(assert (= (mod i$1@3 N) tid$1))
; (assumed after being checked) loop 1 invariant 2 is preserved by the loop body: i$2 % N == tid$2
(assert (= (mod i$2@3 N) tid$2))
; goal (negated)
; loop 1 invariant 3 is preserved by the loop body: WRITE_HAS_OCCURRED_A ==> WRITE_OFFSET_A % N == tid$1
(assert (not (=> WRITE_HAS_OCCURRED_A@2 (= (mod WRITE_OFFSET_A@2 N) tid$1))))
(check-sat)
