; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    race
; kernel:    vadd
; task:      t4_check_write1_C_rw
; checks:    CHECK_WRITE_C: write 1 of C by thread 2 does not conflict with a logged read of thread 1
; origin:    vadd: C[tid] = A[tid] + B[tid]. GPUVerify tutorial (POPL'14), seed 004
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: single1d; builtins: tid, N
;   kernel vadd(__shared__ int *A, __shared__ int *B, __shared__ int *C) {
;     C[tid] = A[tid] + B[tid];
;   }
;   // two-thread encoding: x$1/x$2 are the copies of x in the two threads, x@k its SSA versions;
;   // ($t in an invariant stands for both $1 and $2; __enabled$t is the loop predicate)
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: race/vadd/t4_check_write1_C_rw|)
(set-info :status unsat)

(declare-fun N () Int)
(declare-fun tid$1 () Int)
(declare-fun tid$2 () Int)
(declare-fun READ_HAS_OCCURRED_A@0 () Bool)
(declare-fun READ_OFFSET_A@0 () Int)
(declare-fun WRITE_HAS_OCCURRED_A@0 () Bool)
(declare-fun WRITE_OFFSET_A@0 () Int)
(declare-fun READ_HAS_OCCURRED_B@0 () Bool)
(declare-fun READ_OFFSET_B@0 () Int)
(declare-fun WRITE_HAS_OCCURRED_B@0 () Bool)
(declare-fun WRITE_OFFSET_B@0 () Int)
(declare-fun READ_HAS_OCCURRED_C@0 () Bool)
(declare-fun READ_OFFSET_C@0 () Int)
(declare-fun WRITE_HAS_OCCURRED_C@0 () Bool)
(declare-fun WRITE_OFFSET_C@0 () Int)
(declare-fun log@1 () Bool)
(declare-fun READ_HAS_OCCURRED_A@1 () Bool)
(declare-fun READ_OFFSET_A@1 () Int)
(declare-fun log@2 () Bool)
(declare-fun READ_HAS_OCCURRED_B@1 () Bool)
(declare-fun READ_OFFSET_B@1 () Int)
(declare-fun log@3 () Bool)
(declare-fun WRITE_HAS_OCCURRED_C@1 () Bool)
(declare-fun WRITE_OFFSET_C@1 () Int)

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
; no access to B logged yet
(assert (and (not READ_HAS_OCCURRED_B@0) (not WRITE_HAS_OCCURRED_B@0)))
; no access to C logged yet
(assert (and (not READ_HAS_OCCURRED_C@0) (not WRITE_HAS_OCCURRED_C@0)))
; LOG_READ_A by thread 1 (nondeterministically chosen by log@1)
(assert (= READ_HAS_OCCURRED_A@1 (ite log@1 true READ_HAS_OCCURRED_A@0)))
(assert (= READ_OFFSET_A@1 (ite log@1 tid$1 READ_OFFSET_A@0)))
; (assumed after being checked) CHECK_READ_A: read 1 of A by thread 2 does not conflict with a logged write of thread 1
(assert (=> WRITE_HAS_OCCURRED_A@0 (not (= WRITE_OFFSET_A@0 tid$2))))
; LOG_READ_B by thread 1 (nondeterministically chosen by log@2)
(assert (= READ_HAS_OCCURRED_B@1 (ite log@2 true READ_HAS_OCCURRED_B@0)))
(assert (= READ_OFFSET_B@1 (ite log@2 tid$1 READ_OFFSET_B@0)))
; (assumed after being checked) CHECK_READ_B: read 1 of B by thread 2 does not conflict with a logged write of thread 1
(assert (=> WRITE_HAS_OCCURRED_B@0 (not (= WRITE_OFFSET_B@0 tid$2))))
; LOG_WRITE_C by thread 1 (nondeterministically chosen by log@3)
(assert (= WRITE_HAS_OCCURRED_C@1 (ite log@3 true WRITE_HAS_OCCURRED_C@0)))
(assert (= WRITE_OFFSET_C@1 (ite log@3 tid$1 WRITE_OFFSET_C@0)))
; (assumed after being checked) CHECK_WRITE_C: write 1 of C by thread 2 does not conflict with a logged write of thread 1
(assert (=> WRITE_HAS_OCCURRED_C@1 (not (= WRITE_OFFSET_C@1 tid$2))))
; goal (negated)
; CHECK_WRITE_C: write 1 of C by thread 2 does not conflict with a logged read of thread 1
(assert (not (=> READ_HAS_OCCURRED_C@0 (not (= READ_OFFSET_C@0 tid$2)))))
(check-sat)
