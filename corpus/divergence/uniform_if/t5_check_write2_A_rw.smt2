; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    divergence
; kernel:    uniform_if
; task:      t5_check_write2_A_rw
; checks:    CHECK_WRITE_A: write 2 of A by thread 2 does not conflict with a logged read of thread 1
; origin:    if (n > 0) { A[tid] = n; barrier(); A[N - 1 - tid] = 0; }. barrier under a uniform condition (GPUVerify, seed 004)
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: single1d; builtins: tid, N
;   kernel uniform_if(int n, __shared__ int *A) {
;     if (n > 0) {
;       A[tid] = n;
;       barrier();
;       A[N - 1 - tid] = 0;
;     }
;   }
;   // two-thread encoding: x$1/x$2 are the copies of x in the two threads, x@k its SSA versions;
;   // ($t in an invariant stands for both $1 and $2; __enabled$t is the loop predicate)
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: divergence/uniform_if/t5_check_write2_A_rw|)
(set-info :status unsat)

(declare-fun N () Int)
(declare-fun tid$1 () Int)
(declare-fun tid$2 () Int)
(declare-fun n$1@0 () Int)
(declare-fun n$2@0 () Int)
(declare-fun READ_HAS_OCCURRED_A@0 () Bool)
(declare-fun READ_OFFSET_A@0 () Int)
(declare-fun WRITE_HAS_OCCURRED_A@0 () Bool)
(declare-fun WRITE_OFFSET_A@0 () Int)
(declare-fun log@1 () Bool)
(declare-fun WRITE_HAS_OCCURRED_A@1 () Bool)
(declare-fun WRITE_OFFSET_A@1 () Int)
(declare-fun log@2 () Bool)
(declare-fun WRITE_HAS_OCCURRED_A@2 () Bool)
(declare-fun WRITE_OFFSET_A@2 () Int)

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
; no access to A logged yet
(assert (and (not READ_HAS_OCCURRED_A@0) (not WRITE_HAS_OCCURRED_A@0)))
; LOG_WRITE_A by thread 1 (nondeterministically chosen by log@1)
(assert (= WRITE_HAS_OCCURRED_A@1 (ite (and (> n$1@0 0) log@1) true WRITE_HAS_OCCURRED_A@0)))
(assert (= WRITE_OFFSET_A@1 (ite (and (> n$1@0 0) log@1) tid$1 WRITE_OFFSET_A@0)))
; (assumed after being checked) CHECK_WRITE_A: write 1 of A by thread 2 does not conflict with a logged write of thread 1
(assert (=> (and (> n$2@0 0) WRITE_HAS_OCCURRED_A@1) (not (= WRITE_OFFSET_A@1 tid$2))))
; (assumed after being checked) CHECK_WRITE_A: write 1 of A by thread 2 does not conflict with a logged read of thread 1
(assert (=> (and (> n$2@0 0) READ_HAS_OCCURRED_A@0) (not (= READ_OFFSET_A@0 tid$2))))
; (assumed after being checked) barrier 1: both threads agree on reaching it (no barrier divergence)
(assert (= (> n$1@0 0) (> n$2@0 0)))
; barrier 1: logged accesses to A were checked, none pending
(assert (=> (> n$1@0 0) (and (not READ_HAS_OCCURRED_A@0) (not WRITE_HAS_OCCURRED_A@1))))
; LOG_WRITE_A by thread 1 (nondeterministically chosen by log@2)
(assert (= WRITE_HAS_OCCURRED_A@2 (ite (and (> n$1@0 0) log@2) true WRITE_HAS_OCCURRED_A@1)))
(assert (= WRITE_OFFSET_A@2 (ite (and (> n$1@0 0) log@2) (- (- N 1) tid$1) WRITE_OFFSET_A@1)))
; (assumed after being checked) CHECK_WRITE_A: write 2 of A by thread 2 does not conflict with a logged write of thread 1
(assert (=> (and (> n$2@0 0) WRITE_HAS_OCCURRED_A@2) (not (= WRITE_OFFSET_A@2 (- (- N 1) tid$2)))))
; goal (negated)
; CHECK_WRITE_A: write 2 of A by thread 2 does not conflict with a logged read of thread 1
(assert (not (=> (and (> n$2@0 0) READ_HAS_OCCURRED_A@0)
               (not (= READ_OFFSET_A@0 (- (- N 1) tid$2))))))
(check-sat)
