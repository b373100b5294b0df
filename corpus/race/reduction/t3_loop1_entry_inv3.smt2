; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    race
; kernel:    reduction
; task:      t3_loop1_entry_inv3
; checks:    loop 1 invariant 3 holds on entry: s$2 >= 0
; origin:    tree reduction: for (s = N/2; s > 0; s /= 2) { if (tid < s) A[tid] += A[tid+s]; barrier(); }. CUDA reduction (sequential addressing); invariants after rules r7/r12/r13 of Betts et al., Implementing and Evaluating Candidate-Based Invariant Generation (GPUVerify), seed 001
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: single1d; builtins: tid, N
;   kernel reduction(__shared__ int *A) {
;     int s;
;     s = N / 2;
;     //@ loop invariant s$1 == s$2;
;     //@ loop invariant s$t >= 0;
;     //@ loop invariant __enabled$t == (s$t > 0);
;     //@ loop invariant !READ_HAS_OCCURRED_A;
;     //@ loop invariant !WRITE_HAS_OCCURRED_A;
;     while (s > 0) {
;       if (tid < s) {
;         A[tid] = A[tid] + A[tid + s];
;       }
;       barrier();
;       s = s / 2;
;     }
;   }
;   // two-thread encoding: x$1/x$2 are the copies of x in the two threads, x@k its SSA versions;
;   // ($t in an invariant stands for both $1 and $2; __enabled$t is the loop predicate)
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: race/reduction/t3_loop1_entry_inv3|)
(set-info :status unsat)

(declare-fun N () Int)
(declare-fun tid$1 () Int)
(declare-fun tid$2 () Int)
(declare-fun READ_HAS_OCCURRED_A@0 () Bool)
(declare-fun WRITE_HAS_OCCURRED_A@0 () Bool)
(declare-fun s$1@1 () Int)
(declare-fun s$2@1 () Int)
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
; no access to A logged yet
(assert (and (not READ_HAS_OCCURRED_A@0) (not WRITE_HAS_OCCURRED_A@0)))
; thread 1: s = N / 2
(assert (= s$1@1 (div N 2)))
; thread 2: s = N / 2
(assert (= s$2@1 (div N 2)))
; loop 1: thread 1 enters iff enabled and s > 0
(assert (= Q1$1@0 (> s$1@1 0)))
; loop 1: thread 2 enters iff enabled and s > 0
(assert (= Q1$2@0 (> s$2@1 0)))
; (assumed after being checked) loop 1 invariant 1 holds on entry: s$1 == s$2
(assert (= s$1@1 s$2@1))
; (assumed after being checked) loop 1 invariant 2 holds on entry: s$1 >= 0
(assert (>= s$1@1 0))
; goal (negated)
; loop 1 invariant 3 holds on entry: s$2 >= 0
(assert (not (>= s$2@1 0)))
(check-sat)
