; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    race
; kernel:    tile2d
; task:      t2_check_write1_S_ww
; checks:    CHECK_WRITE_S: write 1 of S by thread 2 does not conflict with a logged write of thread 1
; origin:    2-D shared tile S[ty*bsize_x + tx] = A[global index] (matrixMul's As/Bs loads). shared-memory tile loads of the CUDA matrixMul sample; GPUVerify-style race check
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: multi2d, two threads in the same block; builtins: bid_x, bid_y, tid_x, tid_y, bsize_x, bsize_y, gsize_x, gsize_y
;   kernel tile2d(__global__ int *A, __shared__ int *S) {
;     int g;
;     g = (bid_y * bsize_y + tid_y) * (gsize_x * bsize_x) + bid_x * bsize_x + tid_x;
;     S[tid_y * bsize_x + tid_x] = A[g];
;   }
;   // two-thread encoding: x$1/x$2 are the copies of x in the two threads, x@k its SSA versions;
;   // ($t in an invariant stands for both $1 and $2; __enabled$t is the loop predicate)
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: race/tile2d/t2_check_write1_S_ww|)
(set-info :status unsat)

(declare-fun bsize_x () Int)
(declare-fun bsize_y () Int)
(declare-fun gsize_x () Int)
(declare-fun gsize_y () Int)
(declare-fun bid_x$1 () Int)
(declare-fun bid_y$1 () Int)
(declare-fun tid_x$1 () Int)
(declare-fun tid_y$1 () Int)
(declare-fun bid_x$2 () Int)
(declare-fun bid_y$2 () Int)
(declare-fun tid_x$2 () Int)
(declare-fun tid_y$2 () Int)
(declare-fun READ_HAS_OCCURRED_A@0 () Bool)
(declare-fun READ_OFFSET_A@0 () Int)
(declare-fun WRITE_HAS_OCCURRED_A@0 () Bool)
(declare-fun WRITE_OFFSET_A@0 () Int)
(declare-fun READ_HAS_OCCURRED_S@0 () Bool)
(declare-fun WRITE_HAS_OCCURRED_S@0 () Bool)
(declare-fun WRITE_OFFSET_S@0 () Int)
(declare-fun g$1@1 () Int)
(declare-fun g$2@1 () Int)
(declare-fun log@1 () Bool)
(declare-fun READ_HAS_OCCURRED_A@1 () Bool)
(declare-fun READ_OFFSET_A@1 () Int)
(declare-fun log@2 () Bool)
(declare-fun WRITE_HAS_OCCURRED_S@1 () Bool)
(declare-fun WRITE_OFFSET_S@1 () Int)

; launch: blockDim.x > 0
(assert (< 0 bsize_x))
; launch: blockDim.y > 0
(assert (< 0 bsize_y))
; launch: gridDim.x > 0
(assert (< 0 gsize_x))
; launch: gridDim.y > 0
(assert (< 0 gsize_y))
; thread 1: bid_x in range
(assert (and (<= 0 bid_x$1) (< bid_x$1 gsize_x)))
; thread 1: bid_y in range
(assert (and (<= 0 bid_y$1) (< bid_y$1 gsize_y)))
; thread 1: tid_x in range
(assert (and (<= 0 tid_x$1) (< tid_x$1 bsize_x)))
; thread 1: tid_y in range
(assert (and (<= 0 tid_y$1) (< tid_y$1 bsize_y)))
; thread 2: bid_x in range
(assert (and (<= 0 bid_x$2) (< bid_x$2 gsize_x)))
; thread 2: bid_y in range
(assert (and (<= 0 bid_y$2) (< bid_y$2 gsize_y)))
; thread 2: tid_x in range
(assert (and (<= 0 tid_x$2) (< tid_x$2 bsize_x)))
; thread 2: tid_y in range
(assert (and (<= 0 tid_y$2) (< tid_y$2 bsize_y)))
; same block
(assert (and (= bid_x$1 bid_x$2) (= bid_y$1 bid_y$2)))
; distinct threads within the block
(assert (not (and (= tid_x$1 tid_x$2) (= tid_y$1 tid_y$2))))
; no access to A logged yet
(assert (and (not READ_HAS_OCCURRED_A@0) (not WRITE_HAS_OCCURRED_A@0)))
; no access to S logged yet
(assert (and (not READ_HAS_OCCURRED_S@0) (not WRITE_HAS_OCCURRED_S@0)))
; thread 1: g = (bid_y * bsize_y + tid_y) * (gsize_x * bsize_x) + bid_x * bsize_x + tid_x
(assert (= g$1@1
          (+ (* (+ (* bid_y$1 bsize_y) tid_y$1) (* gsize_x bsize_x)) (* bid_x$1 bsize_x) tid_x$1)))
; thread 2: g = (bid_y * bsize_y + tid_y) * (gsize_x * bsize_x) + bid_x * bsize_x + tid_x
(assert (= g$2@1
          (+ (* (+ (* bid_y$2 bsize_y) tid_y$2) (* gsize_x bsize_x)) (* bid_x$2 bsize_x) tid_x$2)))
; LOG_READ_A by thread 1 (nondeterministically chosen by log@1)
(assert (= READ_HAS_OCCURRED_A@1 (ite log@1 true READ_HAS_OCCURRED_A@0)))
(assert (= READ_OFFSET_A@1 (ite log@1 g$1@1 READ_OFFSET_A@0)))
; (assumed after being checked) CHECK_READ_A: read 1 of A by thread 2 does not conflict with a logged write of thread 1
(assert (=> WRITE_HAS_OCCURRED_A@0 (not (= WRITE_OFFSET_A@0 g$2@1))))
; LOG_WRITE_S by thread 1 (nondeterministically chosen by log@2)
(assert (= WRITE_HAS_OCCURRED_S@1 (ite log@2 true WRITE_HAS_OCCURRED_S@0)))
(assert (= WRITE_OFFSET_S@1 (ite log@2 (+ (* tid_y$1 bsize_x) tid_x$1) WRITE_OFFSET_S@0)))
; goal (negated)
; CHECK_WRITE_S: write 1 of S by thread 2 does not conflict with a logged write of thread 1
(assert (not (=> WRITE_HAS_OCCURRED_S@1 (not (= WRITE_OFFSET_S@1 (+ (* tid_y$2 bsize_x) tid_x$2))))))
(check-sat)
