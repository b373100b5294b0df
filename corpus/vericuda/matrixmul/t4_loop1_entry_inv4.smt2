; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    vericuda
; kernel:    matrixmul
; task:      t4_loop1_entry_inv4
; checks:    loop 1 invariant 4 holds on entry: Csub == sumAB(bsize * by + ty, bsize * bx + tx, 0, bsize * loop_count)
; origin:    matrixMul: tiled matrix multiplication with shared-memory tiles As, Bs. Kojima, Imanishi, Igarashi: Automated Verification of Functional Correctness of Race-Free GPU Programs, Sec. 5.2 (matrixMul, from the NVIDIA CUDA samples); annotations from VeriCUDA benchmark programs (SoftwareFoundationGroupAtKyotoU/VeriCUDA), samples/matrixMul.cu (matrixMul)
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: multi2d; builtins: bid_x, bid_y, tid_x, tid_y, bsize_x, bsize_y, gsize_x, gsize_y
;   //@ ghost m, hA;
;   //@ logic sumAB(i, j, lo, hi) = sum k in [lo, hi). A[wA * i + k] * B[wB * k + j]
;   //@ requires bsize_x == bsize;
;   //@ requires bsize_y == bsize;
;   //@ requires 0 <= m;
;   //@ requires wA == bsize * m;
;   //@ requires wB == gsize_x * bsize;
;   //@ requires hA == gsize_y * bsize;
;   //@ ensures \forall i, j; 0 <= i && i < hA && 0 <= j && j < wB ==> C[wB * i + j] == sumAB(i, j, 0, wA);
;   kernel matrixmul(int wA, int wB, int bsize, int *A, int *B, int *C) {
;     __shared__ As[][], Bs[][];
;     int bx, by, tx, ty, aBegin, aEnd, aStep, bBegin, bStep, Csub, a, b, k, c;
;     bx = bid_x;
;     by = bid_y;
;     tx = tid_x;
;     ty = tid_y;
;     aBegin = wA * bsize * by;
;     aEnd = aBegin + wA - 1;
;     aStep = bsize;
;     bBegin = bsize * bx;
;     bStep = bsize * wB;
;     Csub = 0;
;     a = aBegin;
;     b = bBegin;
;     //@ loop invariant loop_count <= m;
;     //@ loop invariant a == aBegin + aStep * loop_count;
;     //@ loop invariant b == bBegin + bStep * loop_count;
;     //@ loop invariant Csub == sumAB(bsize * by + ty, bsize * bx + tx, 0, bsize * loop_count);
;     while (a <= aEnd) {
;       As[ty][tx] = A[a + wA * ty + tx];
;       Bs[ty][tx] = B[b + wB * ty + tx];
;       barrier();
;       k = 0;
;       //@ loop invariant k == loop_count;
;       //@ loop invariant loop_count <= bsize;
;       //@ loop invariant Csub == sumAB(bsize * by + ty, bsize * bx + tx, 0, bsize * loop_count_2 + loop_count);
;       while (k < bsize) {
;         Csub = Csub + As[ty][k] * Bs[k][tx];
;         k = k + 1;
;       }
;       barrier();
;       a = a + aStep;
;       b = b + bStep;
;     }
;     c = wB * bsize * by + bsize * bx;
;     C[c + wB * ty + tx] = Csub;
;   }
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: vericuda/matrixmul/t4_loop1_entry_inv4|)
(set-info :status unsat)

(declare-fun bsize_x () Int)
(declare-fun bsize_y () Int)
(declare-fun gsize_x () Int)
(declare-fun gsize_y () Int)
(declare-fun wA_0 () Int)
(declare-fun wB_0 () Int)
(declare-fun bsize_0 () Int)
(declare-fun m () Int)
(declare-fun hA () Int)
(declare-fun A_0 (Int) Int)
(declare-fun B_0 (Int) Int)
(declare-fun sumAB (Int Int Int Int) Int)
(declare-fun bx_1 (Int Int Int Int) Int)
(declare-fun by_1 (Int Int Int Int) Int)
(declare-fun tx_1 (Int Int Int Int) Int)
(declare-fun ty_1 (Int Int Int Int) Int)
(declare-fun aBegin_1 (Int Int Int Int) Int)
(declare-fun aEnd_1 (Int Int Int Int) Int)
(declare-fun aStep_1 (Int Int Int Int) Int)
(declare-fun bBegin_1 (Int Int Int Int) Int)
(declare-fun bStep_1 (Int Int Int Int) Int)
(declare-fun Csub_1 (Int Int Int Int) Int)
(declare-fun a_1 (Int Int Int Int) Int)
(declare-fun b_1 (Int Int Int Int) Int)

; launch: blockDim.x > 0
(assert (< 0 bsize_x))
; launch: blockDim.y > 0
(assert (< 0 bsize_y))
; launch: gridDim.x > 0
(assert (< 0 gsize_x))
; launch: gridDim.y > 0
(assert (< 0 gsize_y))
; definition of sumAB(i, j, lo, hi) = sum of A[wA * i + k] * B[wB * k + j] for k in [lo, hi): empty range
(assert (forall ((i Int) (j Int) (lo Int) (hi Int)) (=> (<= hi lo) (= (sumAB i j lo hi) 0))))
; definition of sumAB: [lo, hi+1) = [lo, hi) + term(hi)
(assert (forall ((i Int) (j Int) (lo Int) (hi Int))
          (=> (<= lo hi)
            (= (sumAB i j lo (+ hi 1))
              (+ (sumAB i j lo hi) (* (A_0 (+ (* wA_0 i) hi)) (B_0 (+ (* wB_0 hi) j))))))))
; requires bsize_x == bsize
(assert (= bsize_x bsize_0))
; requires bsize_y == bsize
(assert (= bsize_y bsize_0))
; requires 0 <= m
(assert (<= 0 m))
; requires wA == bsize * m
(assert (= wA_0 (* bsize_0 m)))
; requires wB == gsize_x * bsize
(assert (= wB_0 (* gsize_x bsize_0)))
; requires hA == gsize_y * bsize
(assert (= hA (* gsize_y bsize_0)))
; bx = bid_x   [assign bx_1]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y)) (= (bx_1 bx by tx ty) bx))))))))))
; by = bid_y   [assign by_1]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y)) (= (by_1 bx by tx ty) by))))))))))
; tx = tid_x   [assign tx_1]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y)) (= (tx_1 bx by tx ty) tx))))))))))
; ty = tid_y   [assign ty_1]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y)) (= (ty_1 bx by tx ty) ty))))))))))
; aBegin = wA * bsize * by   [assign aBegin_1]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y))
                        (= (aBegin_1 bx by tx ty) (* wA_0 bsize_0 (by_1 bx by tx ty))))))))))))
; aEnd = aBegin + wA - 1   [assign aEnd_1]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y))
                        (= (aEnd_1 bx by tx ty) (- (+ (aBegin_1 bx by tx ty) wA_0) 1)))))))))))
; aStep = bsize   [assign aStep_1]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y)) (= (aStep_1 bx by tx ty) bsize_0))))))))))
; bBegin = bsize * bx   [assign bBegin_1]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y))
                        (= (bBegin_1 bx by tx ty) (* bsize_0 (bx_1 bx by tx ty))))))))))))
; bStep = bsize * wB   [assign bStep_1]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y)) (= (bStep_1 bx by tx ty) (* bsize_0 wB_0)))))))))))
; Csub = 0   [assign Csub_1]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y)) (= (Csub_1 bx by tx ty) 0))))))))))
; a = aBegin   [assign a_1]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y))
                        (= (a_1 bx by tx ty) (aBegin_1 bx by tx ty)))))))))))
; b = bBegin   [assign b_1]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y))
                        (= (b_1 bx by tx ty) (bBegin_1 bx by tx ty)))))))))))
; goal (negated)
; loop 1 invariant 4 holds on entry: Csub == sumAB(bsize * by + ty, bsize * bx + tx, 0, bsize * loop_count)
(assert (not (forall ((bx Int))
               (=> (and (<= 0 bx) (< bx gsize_x))
                 (forall ((by Int))
                   (=> (and (<= 0 by) (< by gsize_y))
                     (forall ((tx Int))
                       (=> (and (<= 0 tx) (< tx bsize_x))
                         (forall ((ty Int))
                           (=> (and (<= 0 ty) (< ty bsize_y))
                             (= (Csub_1 bx by tx ty)
                               (sumAB (+ (* bsize_0 (by_1 bx by tx ty)) (ty_1 bx by tx ty))
                                 (+ (* bsize_0 (bx_1 bx by tx ty)) (tx_1 bx by tx ty))
                                 0
                                 (* bsize_0 0)))))))))))))
(check-sat)
