; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    race
; kernel:    reduction
; task:      t13_loop1_preserve_inv1
; checks:    loop 1 invariant 1 is preserved by the loop body: s$1 == s$2
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
(set-info :source |vcsimp corpus: race/reduction/t13_loop1_preserve_inv1|)
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
(declare-fun READ_HAS_OCCURRED_A@1 () Bool)
(declare-fun READ_OFFSET_A@1 () Int)
(declare-fun WRITE_HAS_OCCURRED_A@1 () Bool)
(declare-fun WRITE_OFFSET_A@1 () Int)
(declare-fun s$1@2 () Int)
(declare-fun s$2@2 () Int)
(declare-fun Q1$1@1 () Bool)
(declare-fun Q1$2@1 () Bool)
(declare-fun log@1 () Bool)
(declare-fun READ_HAS_OCCURRED_A@2 () Bool)
(declare-fun READ_OFFSET_A@2 () Int)
(declare-fun log@2 () Bool)
(declare-fun READ_HAS_OCCURRED_A@3 () Bool)
(declare-fun READ_OFFSET_A@3 () Int)
(declare-fun log@3 () Bool)
(declare-fun WRITE_HAS_OCCURRED_A@2 () Bool)
(declare-fun WRITE_OFFSET_A@2 () Int)
(declare-fun s$1@3 () Int)
(declare-fun s$2@3 () Int)
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
; (assumed after being checked) loop 1 invariant 3 holds on entry: s$2 >= 0
(assert (>= s$2@1 0))
; (assumed after being checked) loop 1 invariant 4 holds on entry: __enabled$1 == (s$1 > 0)
(assert (= Q1$1@0 (> s$1@1 0)))
; (assumed after being checked) loop 1 invariant 5 holds on entry: __enabled$2 == (s$2 > 0)
(assert (= Q1$2@0 (> s$2@1 0)))
; (assumed after being checked) loop 1 invariant 6 holds on entry: !READ_HAS_OCCURRED_A
(assert (not READ_HAS_OCCURRED_A@0))
; (assumed after being checked) loop 1 invariant 7 holds on entry: !WRITE_HAS_OCCURRED_A
(assert (not WRITE_HAS_OCCURRED_A@0))
; loop 1 invariant 1 (assumed at the loop head): s$1 == s$2
(assert (= s$1@2 s$2@2))
; loop 1 invariant 2 (assumed at the loop head): s$1 >= 0
(assert (>= s$1@2 0))
; loop 1 invariant 3 (assumed at the loop head): s$2 >= 0
(assert (>= s$2@2 0))
; loop 1 invariant 4 (assumed at the loop head): __enabled$1 == (s$1 > 0)
(assert (= Q1$1@1 (> s$1@2 0)))
; loop 1 invariant 5 (assumed at the loop head): __enabled$2 == (s$2 > 0)
(assert (= Q1$2@1 (> s$2@2 0)))
; loop 1 invariant 6 (assumed at the loop head): !READ_HAS_OCCURRED_A
(assert (not READ_HAS_OCCURRED_A@1))
; loop 1 invariant 7 (assumed at the loop head): !WRITE_HAS_OCCURRED_A
(assert (not WRITE_HAS_OCCURRED_A@1))
; loop 1: some thread still iterates
(assert (or Q1$1@1 Q1$2@1))
; LOG_READ_A by thread 1 (nondeterministically chosen by log@1)
(assert (= READ_HAS_OCCURRED_A@2
          (ite (and (and Q1$1@1 (< tid$1 s$1@2)) log@1) true READ_HAS_OCCURRED_A@1)))
(assert (= READ_OFFSET_A@2 (ite (and (and Q1$1@1 (< tid$1 s$1@2)) log@1) tid$1 READ_OFFSET_A@1)))
; (assumed after being checked) CHECK_READ_A: read 1 of A by thread 2 does not conflict with a logged write of thread 1
(assert (=> (and (and Q1$2@1 (< tid$2 s$2@2)) WRITE_HAS_OCCURRED_A@1)
          (not (= WRITE_OFFSET_A@1 tid$2))))
; LOG_READ_A by thread 1 (nondeterministically chosen by log@2)
(assert (= READ_HAS_OCCURRED_A@3
          (ite (and (and Q1$1@1 (< tid$1 s$1@2)) log@2) true READ_HAS_OCCURRED_A@2)))
(assert (= READ_OFFSET_A@3
          (ite (and (and Q1$1@1 (< tid$1 s$1@2)) log@2) (+ tid$1 s$1@2) READ_OFFSET_A@2)))
; (assumed after being checked) CHECK_READ_A: read 2 of A by thread 2 does not conflict with a logged write of thread 1
(assert (=> (and (and Q1$2@1 (< tid$2 s$2@2)) WRITE_HAS_OCCURRED_A@1)
          (not (= WRITE_OFFSET_A@1 (+ tid$2 s$2@2)))))
; LOG_WRITE_A by thread 1 (nondeterministically chosen by log@3)
(assert (= WRITE_HAS_OCCURRED_A@2
          (ite (and (and Q1$1@1 (< tid$1 s$1@2)) log@3) true WRITE_HAS_OCCURRED_A@1)))
(assert (= WRITE_OFFSET_A@2 (ite (and (and Q1$1@1 (< tid$1 s$1@2)) log@3) tid$1 WRITE_OFFSET_A@1)))
; (assumed after being checked) CHECK_WRITE_A: write 1 of A by thread 2 does not conflict with a logged write of thread 1
(assert (=> (and (and Q1$2@1 (< tid$2 s$2@2)) WRITE_HAS_OCCURRED_A@2)
          (not (= WRITE_OFFSET_A@2 tid$2))))
; (assumed after being checked) CHECK_WRITE_A: write 1 of A by thread 2 does not conflict with a logged read of thread 1
(assert (=> (and (and Q1$2@1 (< tid$2 s$2@2)) READ_HAS_OCCURRED_A@3)
          (not (= READ_OFFSET_A@3 tid$2))))
; (assumed after being checked) barrier 1: both threads agree on reaching it (no barrier divergence)
(assert (= Q1$1@1 Q1$2@1))
; barrier 1: logged accesses to A were checked, none pending
(assert (=> Q1$1@1 (and (not READ_HAS_OCCURRED_A@3) (not WRITE_HAS_OCCURRED_A@2))))
; thread 1: s = s / 2
(assert (= s$1@3 (ite Q1$1@1 (div s$1@2 2) s$1@2)))
; thread 2: s = s / 2
(assert (= s$2@3 (ite Q1$2@1 (div s$2@2 2) s$2@2)))
; loop 1: re-evaluate the guard for thread 1
(assert (= Q1$1@2 (and Q1$1@1 (> s$1@3 0))))
; loop 1: re-evaluate the guard for thread 2
(assert (= Q1$2@2 (and Q1$2@1 (> s$2@3 0))))
; goal (negated)
; loop 1 invariant 1 is preserved by the loop body: s$1 == s$2
(assert (not (= s$1@3 s$2@3)))
(check-sat)
