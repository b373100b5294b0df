; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    race
; kernel:    offsets
; task:      rowmajor3d
; checks:    3-D linearised global index is injective
; origin:    access-offset injectivity (GPUVerify access breaking, seed 001; SimpAffine, Kojima et al. Sec. 4.4)
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: race/offsets/rowmajor3d|)
(set-info :status unsat)

(declare-fun bx () Int)
(declare-fun by () Int)
(declare-fun bz () Int)
(declare-fun gx () Int)
(declare-fun gy () Int)
(declare-fun gz () Int)
(declare-fun bx1 () Int)
(declare-fun tx1 () Int)
(declare-fun by1 () Int)
(declare-fun ty1 () Int)
(declare-fun bz1 () Int)
(declare-fun tz1 () Int)
(declare-fun bx2 () Int)
(declare-fun tx2 () Int)
(declare-fun by2 () Int)
(declare-fun ty2 () Int)
(declare-fun bz2 () Int)
(declare-fun tz2 () Int)

; launch
(assert (and (< 0 bx) (< 0 by) (< 0 bz) (< 0 gx) (< 0 gy) (< 0 gz)))
; bx1 in range
(assert (and (<= 0 bx1) (< bx1 gx)))
; tx1 in range
(assert (and (<= 0 tx1) (< tx1 bx)))
; by1 in range
(assert (and (<= 0 by1) (< by1 gy)))
; ty1 in range
(assert (and (<= 0 ty1) (< ty1 by)))
; bz1 in range
(assert (and (<= 0 bz1) (< bz1 gz)))
; tz1 in range
(assert (and (<= 0 tz1) (< tz1 bz)))
; bx2 in range
(assert (and (<= 0 bx2) (< bx2 gx)))
; tx2 in range
(assert (and (<= 0 tx2) (< tx2 bx)))
; by2 in range
(assert (and (<= 0 by2) (< by2 gy)))
; ty2 in range
(assert (and (<= 0 ty2) (< ty2 by)))
; bz2 in range
(assert (and (<= 0 bz2) (< bz2 gz)))
; tz2 in range
(assert (and (<= 0 tz2) (< tz2 bz)))
; distinct threads
(assert (or (not (= bx1 bx2))
          (not (= by1 by2))
          (not (= bz1 bz2))
          (not (= tx1 tx2))
          (not (= ty1 ty2))
          (not (= tz1 tz2))))
; goal (negated)
; 3-D linearised global index is injective
(assert (not (not
               (=
                 (+
                   (* (+ (* (+ (* bz1 bz) tz1) (* gy by)) (+ (* by1 by) ty1)) (* gx bx))
                   (* bx1 bx)
                   tx1)
                 (+
                   (* (+ (* (+ (* bz2 bz) tz2) (* gy by)) (+ (* by2 by) ty2)) (* gx bx))
                   (* bx2 bx)
                   tx2)))))
(check-sat)
