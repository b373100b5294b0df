; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    race
; kernel:    offsets
; task:      matrixmul_c
; checks:    matrixMul's output index wB*bsize*by + bsize*bx + wB*ty + tx is injective
; origin:    access-offset injectivity (GPUVerify access breaking, seed 001; SimpAffine, Kojima et al. Sec. 4.4)
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: race/offsets/matrixmul_c|)
(set-info :status unsat)

(declare-fun bsize () Int)
(declare-fun gx () Int)
(declare-fun gy () Int)
(declare-fun wB () Int)
(declare-fun bx1 () Int)
(declare-fun by1 () Int)
(declare-fun tx1 () Int)
(declare-fun ty1 () Int)
(declare-fun bx2 () Int)
(declare-fun by2 () Int)
(declare-fun tx2 () Int)
(declare-fun ty2 () Int)

; launch
(assert (and (< 0 bsize) (< 0 gx) (< 0 gy)))
; matrix width
(assert (= wB (* gx bsize)))
; bx1 in range
(assert (and (<= 0 bx1) (< bx1 gx)))
; by1 in range
(assert (and (<= 0 by1) (< by1 gy)))
; tx1 in range
(assert (and (<= 0 tx1) (< tx1 bsize)))
; ty1 in range
(assert (and (<= 0 ty1) (< ty1 bsize)))
; bx2 in range
(assert (and (<= 0 bx2) (< bx2 gx)))
; by2 in range
(assert (and (<= 0 by2) (< by2 gy)))
; tx2 in range
(assert (and (<= 0 tx2) (< tx2 bsize)))
; ty2 in range
(assert (and (<= 0 ty2) (< ty2 bsize)))
; distinct threads
(assert (or (not (= bx1 bx2)) (not (= by1 by2)) (not (= tx1 tx2)) (not (= ty1 ty2))))
; goal (negated)
; matrixMul's output index wB*bsize*by + bsize*bx + wB*ty + tx is injective
(assert (not (not
               (= (+ (* wB bsize by1) (* bsize bx1) (* wB ty1) tx1)
                 (+ (* wB bsize by2) (* bsize bx2) (* wB ty2) tx2)))))
(check-sat)
