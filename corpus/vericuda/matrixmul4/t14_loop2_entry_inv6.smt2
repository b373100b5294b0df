; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    vericuda
; kernel:    matrixmul4
; task:      t14_loop2_entry_inv6
; checks:    loop 2 invariant 6 holds on entry: Csub3 == sumAB(bsize_x * by + (ty + 3 * bsize_y), bsize_x * bx + tx, 0, bsize_x * loop_count_2 + loop_count)
; origin:    matrixMul4: tiled matrix multiplication, each thread computes 4 elements of C. Kojima, Imanishi, Igarashi: Automated Verification of Functional Correctness of Race-Free GPU Programs, Sec. 5.2 (matrixMul4); annotations from VeriCUDA benchmark programs (SoftwareFoundationGroupAtKyotoU/VeriCUDA), samples/matrixMul.cu (matrixMul4)
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: multi2d; builtins: bid_x, bid_y, tid_x, tid_y, bsize_x, bsize_y, gsize_x, gsize_y
;   //@ ghost m, hA;
;   //@ logic sumAB(i, j, lo, hi) = sum k in [lo, hi). A[wA * i + k] * B[wB * k + j]
;   //@ requires 0 < bsize_x;
;   //@ requires bsize_x == 4 * bsize_y;
;   //@ requires 0 <= m;
;   //@ requires wA == bsize_x * m;
;   //@ requires wB == gsize_x * bsize_x;
;   //@ requires hA == gsize_y * bsize_x;
;   //@ ensures \forall i1, i2, j1, j2; 0 <= i1 && i1 < gsize_y && 0 <= i2 && i2 < 4 * bsize_y && 0 <= j1 && j1 < gsize_x && 0 <= j2 && j2 < 4 * bsize_y ==> C[wB * (i1 * 4 * bsize_y + i2) + j1 * 4 * bsize_y + j2] == sumAB(i1 * 4 * bsize_y + i2, j1 * 4 * bsize_y + j2, 0, wA);
;   kernel matrixmul4(int wA, int wB, int *A, int *B, int *C) {
;     __shared__ As[][], Bs[][];
;     int bx, by, tx, ty, aBegin, aEnd, aStep, bBegin, bStep, Csub0, Csub1, Csub2, Csub3, a, b, k, c;
;     bx = bid_x;
;     by = bid_y;
;     tx = tid_x;
;     ty = tid_y;
;     aBegin = wA * bsize_x * by;
;     aEnd = aBegin + wA - 1;
;     aStep = bsize_x;
;     bBegin = bsize_x * bx;
;     bStep = bsize_x * wB;
;     Csub0 = 0;
;     Csub1 = 0;
;     Csub2 = 0;
;     Csub3 = 0;
;     a = aBegin;
;     b = bBegin;
;     //@ loop invariant loop_count <= m;
;     //@ loop invariant a == aBegin + aStep * loop_count;
;     //@ loop invariant b == bBegin + bStep * loop_count;
;     //@ loop invariant Csub0 == sumAB(bsize_x * by + ty, bsize_x * bx + tx, 0, bsize_x * loop_count);
;     //@ loop invariant Csub1 == sumAB(bsize_x * by + (ty + bsize_y), bsize_x * bx + tx, 0, bsize_x * loop_count);
;     //@ loop invariant Csub2 == sumAB(bsize_x * by + (ty + 2 * bsize_y), bsize_x * bx + tx, 0, bsize_x * loop_count);
;     //@ loop invariant Csub3 == sumAB(bsize_x * by + (ty + 3 * bsize_y), bsize_x * bx + tx, 0, bsize_x * loop_count);
;     while (a <= aEnd) {
;       As[ty][tx] = A[a + wA * ty + tx];
;       Bs[ty][tx] = B[b + wB * ty + tx];
;       As[ty + bsize_y][tx] = A[a + wA * (ty + bsize_y) + tx];
;       Bs[ty + bsize_y][tx] = B[b + wB * (ty + bsize_y) + tx];
;       As[ty + 2 * bsize_y][tx] = A[a + wA * (ty + 2 * bsize_y) + tx];
;       Bs[ty + 2 * bsize_y][tx] = B[b + wB * (ty + 2 * bsize_y) + tx];
;       As[ty + 3 * bsize_y][tx] = A[a + wA * (ty + 3 * bsize_y) + tx];
;       Bs[ty + 3 * bsize_y][tx] = B[b + wB * (ty + 3 * bsize_y) + tx];
;       barrier();
;       k = 0;
;       //@ loop invariant k == loop_count;
;       //@ loop invariant loop_count <= bsize_x;
;       //@ loop invariant Csub0 == sumAB(bsize_x * by + ty, bsize_x * bx + tx, 0, bsize_x * loop_count_2 + loop_count);
;       //@ loop invariant Csub1 == sumAB(bsize_x * by + (ty + bsize_y), bsize_x * bx + tx, 0, bsize_x * loop_count_2 + loop_count);
;       //@ loop invariant Csub2 == sumAB(bsize_x * by + (ty + 2 * bsize_y), bsize_x * bx + tx, 0, bsize_x * loop_count_2 + loop_count);
;       //@ loop invariant Csub3 == sumAB(bsize_x * by + (ty + 3 * bsize_y), bsize_x * bx + tx, 0, bsize_x * loop_count_2 + loop_count);
;       while (k < bsize_x) {
;         Csub0 = Csub0 + As[ty][k] * Bs[k][tx];
;         Csub1 = Csub1 + As[ty + bsize_y][k] * Bs[k][tx];
;         Csub2 = Csub2 + As[ty + 2 * bsize_y][k] * Bs[k][tx];
;         Csub3 = Csub3 + As[ty + 3 * bsize_y][k] * Bs[k][tx];
;         k = k + 1;
;       }
;       barrier();
;       a = a + aStep;
;       b = b + bStep;
;     }
;     c = wB * bsize_x * by + bsize_x * bx;
;     C[c + wB * ty + tx] = Csub0;
;     C[c + wB * (ty + bsize_y) + tx] = Csub1;
;     C[c + wB * (ty + 2 * bsize_y) + tx] = Csub2;
;     C[c + wB * (ty + 3 * bsize_y) + tx] = Csub3;
;   }
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: vericuda/matrixmul4/t14_loop2_entry_inv6|)
(set-info :status unsat)

(declare-fun bsize_x () Int)
(declare-fun bsize_y () Int)
(declare-fun gsize_x () Int)
(declare-fun gsize_y () Int)
(declare-fun wA_0 () Int)
(declare-fun wB_0 () Int)
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
(declare-fun Csub0_1 (Int Int Int Int) Int)
(declare-fun Csub1_1 (Int Int Int Int) Int)
(declare-fun Csub2_1 (Int Int Int Int) Int)
(declare-fun Csub3_1 (Int Int Int Int) Int)
(declare-fun a_1 (Int Int Int Int) Int)
(declare-fun b_1 (Int Int Int Int) Int)
(declare-fun As_1 (Int Int Int Int) Int)
(declare-fun Bs_1 (Int Int Int Int) Int)
(declare-fun k_1 (Int Int Int Int) Int)
(declare-fun Csub0_2 (Int Int Int Int) Int)
(declare-fun Csub1_2 (Int Int Int Int) Int)
(declare-fun Csub2_2 (Int Int Int Int) Int)
(declare-fun Csub3_2 (Int Int Int Int) Int)
(declare-fun a_2 (Int Int Int Int) Int)
(declare-fun b_2 (Int Int Int Int) Int)
(declare-fun l () Int)
(declare-fun As_2 (Int Int Int Int) Int)
(declare-fun Bs_2 (Int Int Int Int) Int)
(declare-fun As_3 (Int Int Int Int) Int)
(declare-fun Bs_3 (Int Int Int Int) Int)
(declare-fun As_4 (Int Int Int Int) Int)
(declare-fun Bs_4 (Int Int Int Int) Int)
(declare-fun As_5 (Int Int Int Int) Int)
(declare-fun Bs_5 (Int Int Int Int) Int)
(declare-fun k_2 (Int Int Int Int) Int)

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
; requires 0 < bsize_x
(assert (< 0 bsize_x))
; requires bsize_x == 4 * bsize_y
(assert (= bsize_x (* 4 bsize_y)))
; requires 0 <= m
(assert (<= 0 m))
; requires wA == bsize_x * m
(assert (= wA_0 (* bsize_x m)))
; requires wB == gsize_x * bsize_x
(assert (= wB_0 (* gsize_x bsize_x)))
; requires hA == gsize_y * bsize_x
(assert (= hA (* gsize_y bsize_x)))
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
; aBegin = wA * bsize_x * by   [assign aBegin_1]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y))
                        (= (aBegin_1 bx by tx ty) (* wA_0 bsize_x (by_1 bx by tx ty))))))))))))
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
; aStep = bsize_x   [assign aStep_1]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y)) (= (aStep_1 bx by tx ty) bsize_x))))))))))
; bBegin = bsize_x * bx   [assign bBegin_1]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y))
                        (= (bBegin_1 bx by tx ty) (* bsize_x (bx_1 bx by tx ty))))))))))))
; bStep = bsize_x * wB   [assign bStep_1]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y)) (= (bStep_1 bx by tx ty) (* bsize_x wB_0)))))))))))
; Csub0 = 0   [assign Csub0_1]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y)) (= (Csub0_1 bx by tx ty) 0))))))))))
; Csub1 = 0   [assign Csub1_1]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y)) (= (Csub1_1 bx by tx ty) 0))))))))))
; Csub2 = 0   [assign Csub2_1]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y)) (= (Csub2_1 bx by tx ty) 0))))))))))
; Csub3 = 0   [assign Csub3_1]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y)) (= (Csub3_1 bx by tx ty) 0))))))))))
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
; loop 1: loop counter l is non-negative
(assert (<= 0 l))
; loop 1 invariant 1 at iteration l: loop_count <= m
(assert (<= l m))
; loop 1 invariant 2 at iteration l: a == aBegin + aStep * loop_count
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y))
                        (= (a_2 bx by tx ty) (+ (aBegin_1 bx by tx ty) (* (aStep_1 bx by tx ty) l))))))))))))
; loop 1 invariant 3 at iteration l: b == bBegin + bStep * loop_count
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y))
                        (= (b_2 bx by tx ty) (+ (bBegin_1 bx by tx ty) (* (bStep_1 bx by tx ty) l))))))))))))
; loop 1 invariant 4 at iteration l: Csub0 == sumAB(bsize_x * by + ty, bsize_x * bx + tx, 0, bsize_x * loop_count)
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y))
                        (= (Csub0_2 bx by tx ty)
                          (sumAB (+ (* bsize_x (by_1 bx by tx ty)) (ty_1 bx by tx ty))
                            (+ (* bsize_x (bx_1 bx by tx ty)) (tx_1 bx by tx ty))
                            0
                            (* bsize_x l))))))))))))
; loop 1 invariant 5 at iteration l: Csub1 == sumAB(bsize_x * by + (ty + bsize_y), bsize_x * bx + tx, 0, bsize_x * loop_count)
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y))
                        (= (Csub1_2 bx by tx ty)
                          (sumAB
                            (+ (* bsize_x (by_1 bx by tx ty)) (+ (ty_1 bx by tx ty) bsize_y))
                            (+ (* bsize_x (bx_1 bx by tx ty)) (tx_1 bx by tx ty))
                            0
                            (* bsize_x l))))))))))))
; loop 1 invariant 6 at iteration l: Csub2 == sumAB(bsize_x * by + (ty + 2 * bsize_y), bsize_x * bx + tx, 0, bsize_x * loop_count)
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y))
                        (= (Csub2_2 bx by tx ty)
                          (sumAB
                            (+ (* bsize_x (by_1 bx by tx ty)) (+ (ty_1 bx by tx ty) (* 2 bsize_y)))
                            (+ (* bsize_x (bx_1 bx by tx ty)) (tx_1 bx by tx ty))
                            0
                            (* bsize_x l))))))))))))
; loop 1 invariant 7 at iteration l: Csub3 == sumAB(bsize_x * by + (ty + 3 * bsize_y), bsize_x * bx + tx, 0, bsize_x * loop_count)
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y))
                        (= (Csub3_2 bx by tx ty)
                          (sumAB
                            (+ (* bsize_x (by_1 bx by tx ty)) (+ (ty_1 bx by tx ty) (* 3 bsize_y)))
                            (+ (* bsize_x (bx_1 bx by tx ty)) (tx_1 bx by tx ty))
                            0
                            (* bsize_x l))))))))))))
; loop 1 continues: some active thread satisfies a <= aEnd
(assert (exists ((bx Int))
          (and (<= 0 bx)
            (< bx gsize_x)
            (exists ((by Int))
              (and (<= 0 by)
                (< by gsize_y)
                (exists ((tx Int))
                  (and (<= 0 tx)
                    (< tx bsize_x)
                    (exists ((ty Int))
                      (and (<= 0 ty) (< ty bsize_y) (<= (a_2 bx by tx ty) (aEnd_1 bx by tx ty)))))))))))
; As[ty][tx] = A[a + wA * ty + tx]   [assign As_2, formula (1)]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((n1 Int) (n2 Int))
                  (or
                    (exists ((tx Int))
                      (and (<= 0 tx)
                        (< tx bsize_x)
                        (exists ((ty Int))
                          (and (<= 0 ty)
                            (< ty bsize_y)
                            (<= (a_2 bx by tx ty) (aEnd_1 bx by tx ty))
                            (= (ty_1 bx by tx ty) n1)
                            (= (tx_1 bx by tx ty) n2)
                            (= (As_2 bx by n1 n2)
                              (A_0
                                (+ (a_2 bx by tx ty) (* wA_0 (ty_1 bx by tx ty)) (tx_1 bx by tx ty))))))))
                    (and
                      (forall ((tx Int))
                        (=> (and (<= 0 tx) (< tx bsize_x))
                          (forall ((ty Int))
                            (not
                              (and (<= 0 ty)
                                (< ty bsize_y)
                                (<= (a_2 bx by tx ty) (aEnd_1 bx by tx ty))
                                (= (ty_1 bx by tx ty) n1)
                                (= (tx_1 bx by tx ty) n2))))))
                      (= (As_2 bx by n1 n2) (As_1 bx by n1 n2))))))))))
; Bs[ty][tx] = B[b + wB * ty + tx]   [assign Bs_2, formula (1)]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((n1 Int) (n2 Int))
                  (or
                    (exists ((tx Int))
                      (and (<= 0 tx)
                        (< tx bsize_x)
                        (exists ((ty Int))
                          (and (<= 0 ty)
                            (< ty bsize_y)
                            (<= (a_2 bx by tx ty) (aEnd_1 bx by tx ty))
                            (= (ty_1 bx by tx ty) n1)
                            (= (tx_1 bx by tx ty) n2)
                            (= (Bs_2 bx by n1 n2)
                              (B_0
                                (+ (b_2 bx by tx ty) (* wB_0 (ty_1 bx by tx ty)) (tx_1 bx by tx ty))))))))
                    (and
                      (forall ((tx Int))
                        (=> (and (<= 0 tx) (< tx bsize_x))
                          (forall ((ty Int))
                            (not
                              (and (<= 0 ty)
                                (< ty bsize_y)
                                (<= (a_2 bx by tx ty) (aEnd_1 bx by tx ty))
                                (= (ty_1 bx by tx ty) n1)
                                (= (tx_1 bx by tx ty) n2))))))
                      (= (Bs_2 bx by n1 n2) (Bs_1 bx by n1 n2))))))))))
; As[ty + bsize_y][tx] = A[a + wA * (ty + bsize_y) + tx]   [assign As_3, formula (1)]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((n1 Int) (n2 Int))
                  (or
                    (exists ((tx Int))
                      (and (<= 0 tx)
                        (< tx bsize_x)
                        (exists ((ty Int))
                          (and (<= 0 ty)
                            (< ty bsize_y)
                            (<= (a_2 bx by tx ty) (aEnd_1 bx by tx ty))
                            (= (+ (ty_1 bx by tx ty) bsize_y) n1)
                            (= (tx_1 bx by tx ty) n2)
                            (= (As_3 bx by n1 n2)
                              (A_0
                                (+ (a_2 bx by tx ty)
                                  (* wA_0 (+ (ty_1 bx by tx ty) bsize_y))
                                  (tx_1 bx by tx ty))))))))
                    (and
                      (forall ((tx Int))
                        (=> (and (<= 0 tx) (< tx bsize_x))
                          (forall ((ty Int))
                            (not
                              (and (<= 0 ty)
                                (< ty bsize_y)
                                (<= (a_2 bx by tx ty) (aEnd_1 bx by tx ty))
                                (= (+ (ty_1 bx by tx ty) bsize_y) n1)
                                (= (tx_1 bx by tx ty) n2))))))
                      (= (As_3 bx by n1 n2) (As_2 bx by n1 n2))))))))))
; Bs[ty + bsize_y][tx] = B[b + wB * (ty + bsize_y) + tx]   [assign Bs_3, formula (1)]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((n1 Int) (n2 Int))
                  (or
                    (exists ((tx Int))
                      (and (<= 0 tx)
                        (< tx bsize_x)
                        (exists ((ty Int))
                          (and (<= 0 ty)
                            (< ty bsize_y)
                            (<= (a_2 bx by tx ty) (aEnd_1 bx by tx ty))
                            (= (+ (ty_1 bx by tx ty) bsize_y) n1)
                            (= (tx_1 bx by tx ty) n2)
                            (= (Bs_3 bx by n1 n2)
                              (B_0
                                (+ (b_2 bx by tx ty)
                                  (* wB_0 (+ (ty_1 bx by tx ty) bsize_y))
                                  (tx_1 bx by tx ty))))))))
                    (and
                      (forall ((tx Int))
                        (=> (and (<= 0 tx) (< tx bsize_x))
                          (forall ((ty Int))
                            (not
                              (and (<= 0 ty)
                                (< ty bsize_y)
                                (<= (a_2 bx by tx ty) (aEnd_1 bx by tx ty))
                                (= (+ (ty_1 bx by tx ty) bsize_y) n1)
                                (= (tx_1 bx by tx ty) n2))))))
                      (= (Bs_3 bx by n1 n2) (Bs_2 bx by n1 n2))))))))))
; As[ty + 2 * bsize_y][tx] = A[a + wA * (ty + 2 * bsize_y) + tx]   [assign As_4, formula (1)]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((n1 Int) (n2 Int))
                  (or
                    (exists ((tx Int))
                      (and (<= 0 tx)
                        (< tx bsize_x)
                        (exists ((ty Int))
                          (and (<= 0 ty)
                            (< ty bsize_y)
                            (<= (a_2 bx by tx ty) (aEnd_1 bx by tx ty))
                            (= (+ (ty_1 bx by tx ty) (* 2 bsize_y)) n1)
                            (= (tx_1 bx by tx ty) n2)
                            (= (As_4 bx by n1 n2)
                              (A_0
                                (+ (a_2 bx by tx ty)
                                  (* wA_0 (+ (ty_1 bx by tx ty) (* 2 bsize_y)))
                                  (tx_1 bx by tx ty))))))))
                    (and
                      (forall ((tx Int))
                        (=> (and (<= 0 tx) (< tx bsize_x))
                          (forall ((ty Int))
                            (not
                              (and (<= 0 ty)
                                (< ty bsize_y)
                                (<= (a_2 bx by tx ty) (aEnd_1 bx by tx ty))
                                (= (+ (ty_1 bx by tx ty) (* 2 bsize_y)) n1)
                                (= (tx_1 bx by tx ty) n2))))))
                      (= (As_4 bx by n1 n2) (As_3 bx by n1 n2))))))))))
; Bs[ty + 2 * bsize_y][tx] = B[b + wB * (ty + 2 * bsize_y) + tx]   [assign Bs_4, formula (1)]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((n1 Int) (n2 Int))
                  (or
                    (exists ((tx Int))
                      (and (<= 0 tx)
                        (< tx bsize_x)
                        (exists ((ty Int))
                          (and (<= 0 ty)
                            (< ty bsize_y)
                            (<= (a_2 bx by tx ty) (aEnd_1 bx by tx ty))
                            (= (+ (ty_1 bx by tx ty) (* 2 bsize_y)) n1)
                            (= (tx_1 bx by tx ty) n2)
                            (= (Bs_4 bx by n1 n2)
                              (B_0
                                (+ (b_2 bx by tx ty)
                                  (* wB_0 (+ (ty_1 bx by tx ty) (* 2 bsize_y)))
                                  (tx_1 bx by tx ty))))))))
                    (and
                      (forall ((tx Int))
                        (=> (and (<= 0 tx) (< tx bsize_x))
                          (forall ((ty Int))
                            (not
                              (and (<= 0 ty)
                                (< ty bsize_y)
                                (<= (a_2 bx by tx ty) (aEnd_1 bx by tx ty))
                                (= (+ (ty_1 bx by tx ty) (* 2 bsize_y)) n1)
                                (= (tx_1 bx by tx ty) n2))))))
                      (= (Bs_4 bx by n1 n2) (Bs_3 bx by n1 n2))))))))))
; As[ty + 3 * bsize_y][tx] = A[a + wA * (ty + 3 * bsize_y) + tx]   [assign As_5, formula (1)]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((n1 Int) (n2 Int))
                  (or
                    (exists ((tx Int))
                      (and (<= 0 tx)
                        (< tx bsize_x)
                        (exists ((ty Int))
                          (and (<= 0 ty)
                            (< ty bsize_y)
                            (<= (a_2 bx by tx ty) (aEnd_1 bx by tx ty))
                            (= (+ (ty_1 bx by tx ty) (* 3 bsize_y)) n1)
                            (= (tx_1 bx by tx ty) n2)
                            (= (As_5 bx by n1 n2)
                              (A_0
                                (+ (a_2 bx by tx ty)
                                  (* wA_0 (+ (ty_1 bx by tx ty) (* 3 bsize_y)))
                                  (tx_1 bx by tx ty))))))))
                    (and
                      (forall ((tx Int))
                        (=> (and (<= 0 tx) (< tx bsize_x))
                          (forall ((ty Int))
                            (not
                              (and (<= 0 ty)
                                (< ty bsize_y)
                                (<= (a_2 bx by tx ty) (aEnd_1 bx by tx ty))
                                (= (+ (ty_1 bx by tx ty) (* 3 bsize_y)) n1)
                                (= (tx_1 bx by tx ty) n2))))))
                      (= (As_5 bx by n1 n2) (As_4 bx by n1 n2))))))))))
; Bs[ty + 3 * bsize_y][tx] = B[b + wB * (ty + 3 * bsize_y) + tx]   [assign Bs_5, formula (1)]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((n1 Int) (n2 Int))
                  (or
                    (exists ((tx Int))
                      (and (<= 0 tx)
                        (< tx bsize_x)
                        (exists ((ty Int))
                          (and (<= 0 ty)
                            (< ty bsize_y)
                            (<= (a_2 bx by tx ty) (aEnd_1 bx by tx ty))
                            (= (+ (ty_1 bx by tx ty) (* 3 bsize_y)) n1)
                            (= (tx_1 bx by tx ty) n2)
                            (= (Bs_5 bx by n1 n2)
                              (B_0
                                (+ (b_2 bx by tx ty)
                                  (* wB_0 (+ (ty_1 bx by tx ty) (* 3 bsize_y)))
                                  (tx_1 bx by tx ty))))))))
                    (and
                      (forall ((tx Int))
                        (=> (and (<= 0 tx) (< tx bsize_x))
                          (forall ((ty Int))
                            (not
                              (and (<= 0 ty)
                                (< ty bsize_y)
                                (<= (a_2 bx by tx ty) (aEnd_1 bx by tx ty))
                                (= (+ (ty_1 bx by tx ty) (* 3 bsize_y)) n1)
                                (= (tx_1 bx by tx ty) n2))))))
                      (= (Bs_5 bx by n1 n2) (Bs_4 bx by n1 n2))))))))))
; k = 0   [assign k_2]
(assert (forall ((bx Int))
          (=> (and (<= 0 bx) (< bx gsize_x))
            (forall ((by Int))
              (=> (and (<= 0 by) (< by gsize_y))
                (forall ((tx Int))
                  (=> (and (<= 0 tx) (< tx bsize_x))
                    (forall ((ty Int))
                      (=> (and (<= 0 ty) (< ty bsize_y))
                        (or
                          (and (<= (a_2 bx by tx ty) (aEnd_1 bx by tx ty)) (= (k_2 bx by tx ty) 0))
                          (and (not (<= (a_2 bx by tx ty) (aEnd_1 bx by tx ty)))
                            (= (k_2 bx by tx ty) (k_1 bx by tx ty)))))))))))))
; goal (negated)
; loop 2 invariant 6 holds on entry: Csub3 == sumAB(bsize_x * by + (ty + 3 * bsize_y), bsize_x * bx + tx, 0, bsize_x * loop_count_2 + loop_count)
(assert (not (forall ((bx Int))
               (=> (and (<= 0 bx) (< bx gsize_x))
                 (forall ((by Int))
                   (=> (and (<= 0 by) (< by gsize_y))
                     (forall ((tx Int))
                       (=> (and (<= 0 tx) (< tx bsize_x))
                         (forall ((ty Int))
                           (=> (and (<= 0 ty) (< ty bsize_y))
                             (= (Csub3_2 bx by tx ty)
                               (sumAB
                                 (+ (* bsize_x (by_1 bx by tx ty))
                                   (+ (ty_1 bx by tx ty) (* 3 bsize_y)))
                                 (+ (* bsize_x (bx_1 bx by tx ty)) (tx_1 bx by tx ty))
                                 0
                                 (+ (* bsize_x l) 0)))))))))))))
(check-sat)
