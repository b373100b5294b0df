; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    race
; kernel:    slice
; task:      t4_loop1_entry_inv4
; checks:    loop 1 invariant 4 holds on entry: __enabled$2 ==> i$2 < m
; origin:    slice: for (i = 0; i < m; i++) A[tid*m + i] = val. GPUVerify tutorial (POPL'14), seed 004; invariant tid*m <= __offset(A) < (tid+1)*m (accessLowerBound/UpperBound, Betts et al., Implementing and Evaluating Candidate-Based Invariant Generation (GPUVerify), seed 001)
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: single1d; builtins: tid, N
;   kernel slice(int m, int val, __shared__ int *A) {
;     int i;
;     i = 0;
;     //@ loop invariant i$t >= 0;
;     //@ loop invariant __enabled$t ==> i$t < m;
;     //@ loop invariant WRITE_HAS_OCCURRED_A ==> tid$1 * m <= WRITE_OFFSET_A && WRITE_OFFSET_A < (tid$1 + 1) * m;
;     while (i < m) {
;       A[tid * m + i] = val;
;       i = i + 1;
;     }
;   }
;   // two-thread encoding: x$1/x$2 are the copies of x in the two threads, x@k its SSA versions;
;   // ($t in an invariant stands for both $1 and $2; __enabled$t is the loop predicate)
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: race/slice/t4_loop1_entry_inv4|)
(set-info :status unsat)

(declare-fun N () Int)
(declare-fun tid$1 () Int)
(declare-fun tid$2 () Int)
(declare-fun m$1@0 () Int)
(declare-fun m$2@0 () Int)
(declare-fun val$1@0 () Int)
(declare-fun val$2@0 () Int)
(declare-fun READ_HAS_OCCURRED_A@0 () Bool)
(declare-fun WRITE_HAS_OCCURRED_A@0 () Bool)
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
; parameter m is uniform
(assert (= m$1@0 m$2@0))
; parameter val is uniform
(assert (= val$1@0 val$2@0))
; no access to A logged yet
(assert (and (not READ_HAS_OCCURRED_A@0) (not WRITE_HAS_OCCURRED_A@0)))
; thread 1: i = 0
(assert (= i$1@1 0))
; thread 2: i = 0
(assert (= i$2@1 0))
; loop 1: thread 1 enters iff enabled and i < m
(assert (= Q1$1@0 (< i$1@1 m$1@0)))
; loop 1: thread 2 enters iff enabled and i < m
(assert (= Q1$2@0 (< i$2@1 m$2@0)))
; (assumed after being checked) loop 1 invariant 1 holds on entry: i$1 >= 0
(assert (>= i$1@1 0))
; (assumed after being checked) loop 1 invariant 2 holds on entry: i$2 >= 0
(assert (>= i$2@1 0))
; (assumed after being checked) loop 1 invariant 3 holds on entry: __enabled$1 ==> i$1 < m
(assert (=> Q1$1@0 (< i$1@1 m$1@0)))
; goal (negated)
; loop 1 invariant 4 holds on entry: __enabled$2 ==> i$2 < m
(assert (not (=> Q1$2@0 (< i$2@1 m$1@0))))
(check-sat)
