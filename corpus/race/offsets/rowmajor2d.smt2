; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    race
; kernel:    offsets
; task:      rowmajor2d
; checks:    row-major 2-D global index (row)*(gx*bx) + col is injective over 2-D grids of 2-D blocks
; origin:    access-offset injectivity (GPUVerify access breaking, seed 001; SimpAffine, Kojima et al. Sec. 4.4)
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: race/offsets/rowmajor2d|)
(set-info :status unsat)

(declare-fun bx () Int)
(declare-fun by () Int)
(declare-fun gx () Int)
(declare-fun gy () Int)
(declare-fun bx1 () Int)
(declare-fun by1 () Int)
(declare-fun tx1 () Int)
(declare-fun ty1 () Int)
(declare-fun bx2 () Int)
(declare-fun by2 () Int)
(declare-fun tx2 () Int)
(declare-fun ty2 () Int)

; launch
(assert (and (< 0 bx) (< 0 by) (< 0 gx) (< 0 gy)))
; bx1 in range
(assert (and (<= 0 bx1) (< bx1 gx)))
; by1 in range
(assert (and (<= 0 by1) (< by1 gy)))
; tx1 in range
(assert (and (<= 0 tx1) (< tx1 bx)))
; ty1 in range
(assert (and (<= 0 ty1) (< ty1 by)))
; bx2 in range
(assert (and (<= 0 bx2) (< bx2 gx)))
; by2 in range
(assert (and (<= 0 by2) (< by2 gy)))
; tx2 in range
(assert (and (<= 0 tx2) (< tx2 bx)))
; ty2 in range
(assert (and (<= 0 ty2) (< ty2 by)))
; distinct threads
(assert (or (not (= bx1 bx2)) (not (= by1 by2)) (not (= tx1 tx2)) (not (= ty1 ty2))))
; goal (negated)
; row-major 2-D global index (row)*(gx*bx) + col is injective over 2-D grids of 2-D blocks
(assert (not (not
               (= (+ (* (+ (* by1 by) ty1) (* gx bx)) (* bx1 bx) tx1)
                 (+ (* (+ (* by2 by) ty2) (* gx bx)) (* bx2 bx) tx2)))))
(check-sat)
