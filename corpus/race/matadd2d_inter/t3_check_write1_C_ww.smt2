; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    race
; kernel:    matadd2d_inter
; task:      t3_check_write1_C_ww
; checks:    CHECK_WRITE_C: write 1 of C by thread 2 does not conflict with a logged write of thread 1
; origin:    2-D matrix add C[row * width + col] with a 2-D grid of 2-D blocks (inter-block thread pair). 2-D index pattern of the CUDA samples; GPUVerify-style race check
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: multi2d, two threads in the different blocks; builtins: bid_x, bid_y, tid_x, tid_y, bsize_x, bsize_y, gsize_x, gsize_y
;   kernel matadd2d_inter(__global__ int *A, __global__ int *B, __global__ int *C) {
;     int row, col, idx;
;     row = bid_y * bsize_y + tid_y;
;     col = bid_x * bsize_x + tid_x;
;     idx = row * (gsize_x * bsize_x) + col;
;     C[idx] = A[idx] + B[idx];
;   }
;   // two-thread encoding: x$1/x$2 are the copies of x in the two threads, x@k its SSA versions;
;   // ($t in an invariant stands for both $1 and $2; __enabled$t is the loop predicate)
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: race/matadd2d_inter/t3_check_write1_C_ww|)
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
(declare-fun READ_HAS_OCCURRED_B@0 () Bool)
(declare-fun READ_OFFSET_B@0 () Int)
(declare-fun WRITE_HAS_OCCURRED_B@0 () Bool)
(declare-fun WRITE_OFFSET_B@0 () Int)
(declare-fun READ_HAS_OCCURRED_C@0 () Bool)
(declare-fun WRITE_HAS_OCCURRED_C@0 () Bool)
(declare-fun WRITE_OFFSET_C@0 () Int)
(declare-fun row$1@1 () Int)
(declare-fun row$2@1 () Int)
(declare-fun col$1@1 () Int)
(declare-fun col$2@1 () Int)
(declare-fun idx$1@1 () Int)
(declare-fun idx$2@1 () Int)
(declare-fun log@1 () Bool)
(declare-fun READ_HAS_OCCURRED_A@1 () Bool)
(declare-fun READ_OFFSET_A@1 () Int)
(declare-fun log@2 () Bool)
(declare-fun READ_HAS_OCCURRED_B@1 () Bool)
(declare-fun READ_OFFSET_B@1 () Int)
(declare-fun log@3 () Bool)
(declare-fun WRITE_HAS_OCCURRED_C@1 () Bool)
(declare-fun WRITE_OFFSET_C@1 () Int)

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
; different blocks
(assert (not (and (= bid_x$1 bid_x$2) (= bid_y$1 bid_y$2))))
; no access to A logged yet
(assert (and (not READ_HAS_OCCURRED_A@0) (not WRITE_HAS_OCCURRED_A@0)))
; no access to B logged yet
(assert (and (not READ_HAS_OCCURRED_B@0) (not WRITE_HAS_OCCURRED_B@0)))
; no access to C logged yet
(assert (and (not READ_HAS_OCCURRED_C@0) (not WRITE_HAS_OCCURRED_C@0)))
; thread 1: row = bid_y * bsize_y + tid_y
(assert (= row$1@1 (+ (* bid_y$1 bsize_y) tid_y$1)))
; thread 2: row = bid_y * bsize_y + tid_y
(assert (= row$2@1 (+ (* bid_y$2 bsize_y) tid_y$2)))
; thread 1: col = bid_x * bsize_x + tid_x
(assert (= col$1@1 (+ (* bid_x$1 bsize_x) tid_x$1)))
; thread 2: col = bid_x * bsize_x + tid_x
(assert (= col$2@1 (+ (* bid_x$2 bsize_x) tid_x$2)))
; thread 1: idx = row * (gsize_x * bsize_x) + col
(assert (= idx$1@1 (+ (* row$1@1 (* gsize_x bsize_x)) col$1@1)))
; thread 2: idx = row * (gsize_x * bsize_x) + col
(assert (= idx$2@1 (+ (* row$2@1 (* gsize_x bsize_x)) col$2@1)))
; LOG_READ_A by thread 1 (nondeterministically chosen by log@1)
(assert (= READ_HAS_OCCURRED_A@1 (ite log@1 true READ_HAS_OCCURRED_A@0)))
(assert (= READ_OFFSET_A@1 (ite log@1 idx$1@1 READ_OFFSET_A@0)))
; (assumed after being checked) CHECK_READ_A: read 1 of A by thread 2 does not conflict with a logged write of thread 1
(assert (=> WRITE_HAS_OCCURRED_A@0 (not (= WRITE_OFFSET_A@0 idx$2@1))))
; LOG_READ_B by thread 1 (nondeterministically chosen by log@2)
(assert (= READ_HAS_OCCURRED_B@1 (ite log@2 true READ_HAS_OCCURRED_B@0)))
(assert (= READ_OFFSET_B@1 (ite log@2 idx$1@1 READ_OFFSET_B@0)))
; (assumed after being checked) CHECK_READ_B: read 1 of B by thread 2 does not conflict with a logged write of thread 1
(assert (=> WRITE_HAS_OCCURRED_B@0 (not (= WRITE_OFFSET_B@0 idx$2@1))))
; LOG_WRITE_C by thread 1 (nondeterministically chosen by log@3)
(assert (= WRITE_HAS_OCCURRED_C@1 (ite log@3 true WRITE_HAS_OCCURRED_C@0)))
(assert (= WRITE_OFFSET_C@1 (ite log@3 idx$1@1 WRITE_OFFSET_C@0)))
; goal (negated)
; CHECK_WRITE_C: write 1 of C by thread 2 does not conflict with a logged write of thread 1
(assert (not (=> WRITE_HAS_OCCURRED_C@1 (not (= WRITE_OFFSET_C@1 idx$2@1)))))
(check-sat)
