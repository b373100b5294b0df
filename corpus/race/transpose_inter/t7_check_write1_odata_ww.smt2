; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    race
; kernel:    transpose_inter
; task:      t7_check_write1_odata_ww
; checks:    CHECK_WRITE_odata: write 1 of odata by thread 2 does not conflict with a logged write of thread 1
; origin:    CUDA SDK matrix transpose with symbolic TILE_DIM/BLOCK_ROWS (inter-block thread pair). Betts et al., Implementing and Evaluating Candidate-Based Invariant Generation (GPUVerify), seed 001, Fig. 5 and the access-breaking invariant of Sec. 4.2
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: multi2d, two threads in the different blocks; builtins: bid_x, bid_y, tid_x, tid_y, bsize_x, bsize_y, gsize_x, gsize_y
;   //@ ghost R;
;   //@ requires bsize_x == TILE;
;   //@ requires bsize_y == BR;
;   //@ requires 0 < BR;
;   //@ requires 0 < R;
;   //@ requires TILE == R * BR;
;   //@ requires width == gsize_x * TILE;
;   //@ requires height == gsize_y * TILE;
;   kernel transpose_inter(int width, int height, int TILE, int BR, __global__ int *idata, __global__ int *odata) {
;     int xIndex, yIndex, index_in, index_out, i;
;     xIndex = bid_x * TILE + tid_x;
;     yIndex = bid_y * TILE + tid_y;
;     index_in = xIndex + width * yIndex;
;     index_out = yIndex + height * xIndex;
;     i = 0;
;     //@ loop invariant i$t >= 0 && i$t % BR == 0;
;     //@ loop invariant __enabled$t ==> i$t < TILE;
;     //@ loop invariant WRITE_HAS_OCCURRED_odata ==> (WRITE_OFFSET_odata / height) / TILE == bid_x$1 && (WRITE_OFFSET_odata / height) % TILE == tid_x$1 && (WRITE_OFFSET_odata % height) / TILE == bid_y$1 && (WRITE_OFFSET_odata % height) % TILE % BR == tid_y$1;
;     while (i < TILE) {
;       odata[index_out + i] = idata[index_in + i * width];
;       i = i + BR;
;     }
;   }
;   // two-thread encoding: x$1/x$2 are the copies of x in the two threads, x@k its SSA versions;
;   // ($t in an invariant stands for both $1 and $2; __enabled$t is the loop predicate)
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: race/transpose_inter/t7_check_write1_odata_ww|)
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
(declare-fun width$1@0 () Int)
(declare-fun width$2@0 () Int)
(declare-fun height$1@0 () Int)
(declare-fun height$2@0 () Int)
(declare-fun TILE$1@0 () Int)
(declare-fun TILE$2@0 () Int)
(declare-fun BR$1@0 () Int)
(declare-fun BR$2@0 () Int)
(declare-fun R () Int)
(declare-fun READ_HAS_OCCURRED_idata@0 () Bool)
(declare-fun WRITE_HAS_OCCURRED_idata@0 () Bool)
(declare-fun WRITE_OFFSET_idata@0 () Int)
(declare-fun READ_HAS_OCCURRED_odata@0 () Bool)
(declare-fun WRITE_HAS_OCCURRED_odata@0 () Bool)
(declare-fun WRITE_OFFSET_odata@0 () Int)
(declare-fun xIndex$1@1 () Int)
(declare-fun xIndex$2@1 () Int)
(declare-fun yIndex$1@1 () Int)
(declare-fun yIndex$2@1 () Int)
(declare-fun index_in$1@1 () Int)
(declare-fun index_in$2@1 () Int)
(declare-fun index_out$1@1 () Int)
(declare-fun index_out$2@1 () Int)
(declare-fun i$1@1 () Int)
(declare-fun i$2@1 () Int)
(declare-fun Q1$1@0 () Bool)
(declare-fun Q1$2@0 () Bool)
(declare-fun READ_HAS_OCCURRED_idata@1 () Bool)
(declare-fun READ_OFFSET_idata@1 () Int)
(declare-fun WRITE_HAS_OCCURRED_odata@1 () Bool)
(declare-fun WRITE_OFFSET_odata@1 () Int)
(declare-fun i$1@2 () Int)
(declare-fun i$2@2 () Int)
(declare-fun Q1$1@1 () Bool)
(declare-fun Q1$2@1 () Bool)
(declare-fun log@1 () Bool)
(declare-fun READ_HAS_OCCURRED_idata@2 () Bool)
(declare-fun READ_OFFSET_idata@2 () Int)
(declare-fun log@2 () Bool)
(declare-fun WRITE_HAS_OCCURRED_odata@2 () Bool)
(declare-fun WRITE_OFFSET_odata@2 () Int)

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
; parameter width is uniform
(assert (= width$1@0 width$2@0))
; parameter height is uniform
(assert (= height$1@0 height$2@0))
; parameter TILE is uniform
(assert (= TILE$1@0 TILE$2@0))
; parameter BR is uniform
(assert (= BR$1@0 BR$2@0))
; no access to idata logged yet
(assert (and (not READ_HAS_OCCURRED_idata@0) (not WRITE_HAS_OCCURRED_idata@0)))
; no access to odata logged yet
(assert (and (not READ_HAS_OCCURRED_odata@0) (not WRITE_HAS_OCCURRED_odata@0)))
; requires bsize_x == TILE
(assert (= bsize_x TILE$1@0))
; requires bsize_y == BR
(assert (= bsize_y BR$1@0))
; requires 0 < BR
(assert (< 0 BR$1@0))
; requires 0 < R
(assert (< 0 R))
; requires TILE == R * BR
(assert (= TILE$1@0 (* R BR$1@0)))
; requires width == gsize_x * TILE
(assert (= width$1@0 (* gsize_x TILE$1@0)))
; requires height == gsize_y * TILE
(assert (= height$1@0 (* gsize_y TILE$1@0)))
; thread 1: xIndex = bid_x * TILE + tid_x
(assert (= xIndex$1@1 (+ (* bid_x$1 TILE$1@0) tid_x$1)))
; thread 2: xIndex = bid_x * TILE + tid_x
(assert (= xIndex$2@1 (+ (* bid_x$2 TILE$2@0) tid_x$2)))
; thread 1: yIndex = bid_y * TILE + tid_y
(assert (= yIndex$1@1 (+ (* bid_y$1 TILE$1@0) tid_y$1)))
; thread 2: yIndex = bid_y * TILE + tid_y
(assert (= yIndex$2@1 (+ (* bid_y$2 TILE$2@0) tid_y$2)))
; thread 1: index_in = xIndex + width * yIndex
(assert (= index_in$1@1 (+ xIndex$1@1 (* width$1@0 yIndex$1@1))))
; thread 2: index_in = xIndex + width * yIndex
(assert (= index_in$2@1 (+ xIndex$2@1 (* width$2@0 yIndex$2@1))))
; thread 1: index_out = yIndex + height * xIndex
(assert (= index_out$1@1 (+ yIndex$1@1 (* height$1@0 xIndex$1@1))))
; thread 2: index_out = yIndex + height * xIndex
(assert (= index_out$2@1 (+ yIndex$2@1 (* height$2@0 xIndex$2@1))))
; thread 1: i = 0
(assert (= i$1@1 0))
; thread 2: i = 0
(assert (= i$2@1 0))
; loop 1: thread 1 enters iff enabled and i < TILE
(assert (= Q1$1@0 (< i$1@1 TILE$1@0)))
; loop 1: thread 2 enters iff enabled and i < TILE
(assert (= Q1$2@0 (< i$2@1 TILE$2@0)))
; (assumed after being checked) loop 1 invariant 1 holds on entry: i$1 >= 0 && i$1 % BR == 0
(assert (and (>= i$1@1 0) (= (mod i$1@1 BR$1@0) 0)))
; (assumed after being checked) loop 1 invariant 2 holds on entry: i$2 >= 0 && i$2 % BR == 0
(assert (and (>= i$2@1 0) (= (mod i$2@1 BR$1@0) 0)))
; (assumed after being checked) loop 1 invariant 3 holds on entry: __enabled$1 ==> i$1 < TILE
(assert (=> Q1$1@0 (< i$1@1 TILE$1@0)))
; (assumed after being checked) loop 1 invariant 4 holds on entry: __enabled$2 ==> i$2 < TILE
(assert (=> Q1$2@0 (< i$2@1 TILE$1@0)))
; (assumed after being checked) loop 1 invariant 5 holds on entry: WRITE_HAS_OCCURRED_odata ==> (WRITE_OFFSET_odata / height) / TILE == bid_x$1 && (WRITE_OFFSET_odata / height) % TILE == tid_x$1 && (WRITE_OFFSET_odata % height) / TILE == bid_y$1 && (WRITE_OFFSET_odata % height) % TILE % BR == tid_y$1
(assert (=> WRITE_HAS_OCCURRED_odata@0
          (and (= (div (div WRITE_OFFSET_odata@0 height$1@0) TILE$1@0) bid_x$1)
            (= (mod (div WRITE_OFFSET_odata@0 height$1@0) TILE$1@0) tid_x$1)
            (= (div (mod WRITE_OFFSET_odata@0 height$1@0) TILE$1@0) bid_y$1)
            (= (mod (mod (mod WRITE_OFFSET_odata@0 height$1@0) TILE$1@0) BR$1@0) tid_y$1))))
; loop 1 invariant 1 (assumed at the loop head): i$1 >= 0 && i$1 % BR == 0
(assert (and (>= i$1@2 0) (= (mod i$1@2 BR$1@0) 0)))
; loop 1 invariant 2 (assumed at the loop head): i$2 >= 0 && i$2 % BR == 0
(assert (and (>= i$2@2 0) (= (mod i$2@2 BR$1@0) 0)))
; loop 1 invariant 3 (assumed at the loop head): __enabled$1 ==> i$1 < TILE
(assert (=> Q1$1@1 (< i$1@2 TILE$1@0)))
; loop 1 invariant 4 (assumed at the loop head): __enabled$2 ==> i$2 < TILE
(assert (=> Q1$2@1 (< i$2@2 TILE$1@0)))
; loop 1 invariant 5 (assumed at the loop head): WRITE_HAS_OCCURRED_odata ==> (WRITE_OFFSET_odata / height) / TILE == bid_x$1 && (WRITE_OFFSET_odata / height) % TILE == tid_x$1 && (WRITE_OFFSET_odata % height) / TILE == bid_y$1 && (WRITE_OFFSET_odata % height) % TILE % BR == tid_y$1
(assert (=> WRITE_HAS_OCCURRED_odata@1
          (and (= (div (div WRITE_OFFSET_odata@1 height$1@0) TILE$1@0) bid_x$1)
            (= (mod (div WRITE_OFFSET_odata@1 height$1@0) TILE$1@0) tid_x$1)
            (= (div (mod WRITE_OFFSET_odata@1 height$1@0) TILE$1@0) bid_y$1)
            (= (mod (mod (mod WRITE_OFFSET_odata@1 height$1@0) TILE$1@0) BR$1@0) tid_y$1))))
; loop 1: some thread still iterates
(assert (or Q1$1@1 Q1$2@1))
; LOG_READ_idata by thread 1 (nondeterministically chosen by log@1)
(assert (= READ_HAS_OCCURRED_idata@2 (ite (and Q1$1@1 log@1) true READ_HAS_OCCURRED_idata@1)))
(assert (= READ_OFFSET_idata@2
          (ite (and Q1$1@1 log@1) (+ index_in$1@1 (* i$1@2 width$1@0)) READ_OFFSET_idata@1)))
; (assumed after being checked) CHECK_READ_idata: read 1 of idata by thread 2 does not conflict with a logged write of thread 1
(assert (=> (and Q1$2@1 WRITE_HAS_OCCURRED_idata@0)
          (not (= WRITE_OFFSET_idata@0 (+ index_in$2@1 (* i$2@2 width$2@0))))))
; LOG_WRITE_odata by thread 1 (nondeterministically chosen by log@2)
(assert (= WRITE_HAS_OCCURRED_odata@2 (ite (and Q1$1@1 log@2) true WRITE_HAS_OCCURRED_odata@1)))
(assert (= WRITE_OFFSET_odata@2
          (ite (and Q1$1@1 log@2) (+ index_out$1@1 i$1@2) WRITE_OFFSET_odata@1)))
; goal (negated)
; CHECK_WRITE_odata: write 1 of odata by thread 2 does not conflict with a logged write of thread 1
(assert (not (=> (and Q1$2@1 WRITE_HAS_OCCURRED_odata@2)
               (not (= WRITE_OFFSET_odata@2 (+ index_out$2@1 i$2@2))))))
(check-sat)
