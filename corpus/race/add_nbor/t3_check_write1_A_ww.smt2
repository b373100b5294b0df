; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    race
; kernel:    add_nbor
; task:      t3_check_write1_A_ww
; checks:    CHECK_WRITE_A: write 1 of A by thread 2 does not conflict with a logged write of thread 1
; origin:    add_nbor: A[tid] = A[tid] + A[tid + offset] (racy). GPUVerify tutorial (POPL'14), seed 004
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
; notes:     the write A[tid] of one thread races with the read A[tid + offset] of another
;
; kernel source (mini kernel language):
;   // launch configuration: single1d; builtins: tid, N
;   kernel add_nbor(int offset, __shared__ int *A) {
;     A[tid] = A[tid] + A[tid + offset];
;   }
;   // two-thread encoding: x$1/x$2 are the copies of x in the two threads, x@k its SSA versions;
;   // ($t in an invariant stands for both $1 and $2; __enabled$t is the loop predicate)
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: race/add_nbor/t3_check_write1_A_ww|)
(set-info :status unsat)

(declare-fun N () Int)
(declare-fun tid$1 () Int)
(declare-fun tid$2 () Int)
(declare-fun offset$1@0 () Int)
(declare-fun offset$2@0 () Int)
(declare-fun READ_HAS_OCCURRED_A@0 () Bool)
(declare-fun READ_OFFSET_A@0 () Int)
(declare-fun WRITE_HAS_OCCURRED_A@0 () Bool)
(declare-fun WRITE_OFFSET_A@0 () Int)
(declare-fun log@1 () Bool)
(declare-fun READ_HAS_OCCURRED_A@1 () Bool)
(declare-fun READ_OFFSET_A@1 () Int)
(declare-fun log@2 () Bool)
(declare-fun READ_HAS_OCCURRED_A@2 () Bool)
(declare-fun READ_OFFSET_A@2 () Int)
(declare-fun log@3 () Bool)
(declare-fun WRITE_HAS_OCCURRED_A@1 () Bool)
(declare-fun WRITE_OFFSET_A@1 () Int)

; launch: at least one thread
(assert (< 0 N))
; thread 1: tid in range
(assert (and (<= 0 tid$1) (< tid$1 N)))
; thread 2: tid in range
(assert (and (<= 0 tid$2) (< tid$2 N)))
; the two threads are distinct
(assert (not (= tid$1 tid$2)))
; parameter offset is uniform
(assert (= offset$1@0 offset$2@0))
; no access to A logged yet
(assert (and (not READ_HAS_OCCURRED_A@0) (not WRITE_HAS_OCCURRED_A@0)))
; LOG_READ_A by thread 1 (nondeterministically chosen by log@1)
(assert (= READ_HAS_OCCURRED_A@1 (ite log@1 true READ_HAS_OCCURRED_A@0)))
(assert (= READ_OFFSET_A@1 (ite log@1 tid$1 READ_OFFSET_A@0)))
; (assumed after being checked) CHECK_READ_A: read 1 of A by thread 2 does not conflict with a logged write of thread 1
(assert (=> WRITE_HAS_OCCURRED_A@0 (not (= WRITE_OFFSET_A@0 tid$2))))
; LOG_READ_A by thread 1 (nondeterministically chosen by log@2)
(assert (= READ_HAS_OCCURRED_A@2 (ite log@2 true READ_HAS_OCCURRED_A@1)))
(assert (= READ_OFFSET_A@2 (ite log@2 (+ tid$1 offset$1@0) READ_OFFSET_A@1)))
; (assumed after being checked) CHECK_READ_A: read 2 of A by thread 2 does not conflict with a logged write of thread 1
(assert (=> WRITE_HAS_OCCURRED_A@0 (not (= WRITE_OFFSET_A@0 (+ tid$2 offset$2@0)))))
; LOG_WRITE_A by thread 1 (nondeterministically chosen by log@3)
(assert (= WRITE_HAS_OCCURRED_A@1 (ite log@3 true WRITE_HAS_OCCURRED_A@0)))
(assert (= WRITE_OFFSET_A@1 (ite log@3 tid$1 WRITE_OFFSET_A@0)))
; goal (negated)
; CHECK_WRITE_A: write 1 of A by thread 2 does not conflict with a logged write of thread 1
(assert (not (=> WRITE_HAS_OCCURRED_A@1 (not (= WRITE_OFFSET_A@1 tid$2)))))
(check-sat)
