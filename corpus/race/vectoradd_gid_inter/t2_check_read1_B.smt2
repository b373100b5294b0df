; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    race
; kernel:    vectoradd_gid_inter
; task:      t2_check_read1_B
; checks:    CHECK_READ_B: read 1 of B by thread 2 does not conflict with a logged write of thread 1
; origin:    vectorAdd1 with global index bsize*bid + tid (inter-block thread pair). vectorAdd (CUDA samples) as in the Kojima et al. benchmarks; GPUVerify-style race check
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: multi1d, two threads in the different blocks; builtins: bid, tid, bsize, gsize, N
;   kernel vectoradd_gid_inter(int n, __global__ int *A, __global__ int *B, __global__ int *C) {
;     int i;
;     i = bsize * bid + tid;
;     if (i < n) {
;       C[i] = A[i] + B[i];
;     }
;   }
;   // two-thread encoding: x$1/x$2 are the copies of x in the two threads, x@k its SSA versions;
;   // ($t in an invariant stands for both $1 and $2; __enabled$t is the loop predicate)
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: race/vectoradd_gid_inter/t2_check_read1_B|)
(set-info :status unsat)

(declare-fun bsize () Int)
(declare-fun gsize () Int)
(declare-fun N () Int)
(declare-fun bid$1 () Int)
(declare-fun tid$1 () Int)
(declare-fun bid$2 () Int)
(declare-fun tid$2 () Int)
(declare-fun n$1@0 () Int)
(declare-fun n$2@0 () Int)
(declare-fun READ_HAS_OCCURRED_A@0 () Bool)
(declare-fun READ_OFFSET_A@0 () Int)
(declare-fun WRITE_HAS_OCCURRED_A@0 () Bool)
(declare-fun WRITE_OFFSET_A@0 () Int)
(declare-fun READ_HAS_OCCURRED_B@0 () Bool)
(declare-fun READ_OFFSET_B@0 () Int)
(declare-fun WRITE_HAS_OCCURRED_B@0 () Bool)
(declare-fun WRITE_OFFSET_B@0 () Int)
(declare-fun READ_HAS_OCCURRED_C@0 () Bool)
(declare-fun WRITE_HAS_OCCURRED_C@0 () Bool)
(declare-fun i$1@1 () Int)
(declare-fun i$2@1 () Int)
(declare-fun log@1 () Bool)
(declare-fun READ_HAS_OCCURRED_A@1 () Bool)
(declare-fun READ_OFFSET_A@1 () Int)
(declare-fun log@2 () Bool)
(declare-fun READ_HAS_OCCURRED_B@1 () Bool)
(declare-fun READ_OFFSET_B@1 () Int)

; launch: blocks are non-empty
(assert (< 0 bsize))
; launch: at least one block
(assert (< 0 gsize))
; launch: N is the total number of threads
(assert (= N (* bsize gsize)))
; thread 1: bid in range
(assert (and (<= 0 bid$1) (< bid$1 gsize)))
; thread 1: tid in range
(assert (and (<= 0 tid$1) (< tid$1 bsize)))
; thread 2: bid in range
(assert (and (<= 0 bid$2) (< bid$2 gsize)))
; thread 2: tid in range
(assert (and (<= 0 tid$2) (< tid$2 bsize)))
; different blocks
(assert (not (= bid$1 bid$2)))
; parameter n is uniform
(assert (= n$1@0 n$2@0))
; no access to A logged yet
(assert (and (not READ_HAS_OCCURRED_A@0) (not WRITE_HAS_OCCURRED_A@0)))
; no access to B logged yet
(assert (and (not READ_HAS_OCCURRED_B@0) (not WRITE_HAS_OCCURRED_B@0)))
; no access to C logged yet
(assert (and (not READ_HAS_OCCURRED_C@0) (not WRITE_HAS_OCCURRED_C@0)))
; thread 1: i = bsize * bid + tid
(assert (= i$1@1 (+ (* bsize bid$1) tid$1)))
; thread 2: i = bsize * bid + tid
(assert (= i$2@1 (+ (* bsize bid$2) tid$2)))
; LOG_READ_A by thread 1 (nondeterministically chosen by log@1)
(assert (= READ_HAS_OCCURRED_A@1 (ite (and (< i$1@1 n$1@0) log@1) true READ_HAS_OCCURRED_A@0)))
(assert (= READ_OFFSET_A@1 (ite (and (< i$1@1 n$1@0) log@1) i$1@1 READ_OFFSET_A@0)))
; (assumed after being checked) CHECK_READ_A: read 1 of A by thread 2 does not conflict with a logged write of thread 1
(assert (=> (and (< i$2@1 n$2@0) WRITE_HAS_OCCURRED_A@0) (not (= WRITE_OFFSET_A@0 i$2@1))))
; LOG_READ_B by thread 1 (nondeterministically chosen by log@2)
(assert (= READ_HAS_OCCURRED_B@1 (ite (and (< i$1@1 n$1@0) log@2) true READ_HAS_OCCURRED_B@0)))
(assert (= READ_OFFSET_B@1 (ite (and (< i$1@1 n$1@0) log@2) i$1@1 READ_OFFSET_B@0)))
; goal (negated)
; CHECK_READ_B: read 1 of B by thread 2 does not conflict with a logged write of thread 1
(assert (not (=> (and (< i$2@1 n$2@0) WRITE_HAS_OCCURRED_B@0) (not (= WRITE_OFFSET_B@0 i$2@1)))))
(check-sat)
