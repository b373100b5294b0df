; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    race
; kernel:    offsets
; task:      tile2d_pitch_bad
; checks:    a 2-D tile index ty*(bx - 1) + tx (pitch one too small) collides
; origin:    access-offset injectivity (GPUVerify access breaking, seed 001; SimpAffine, Kojima et al. Sec. 4.4)
; expected:  sat (INVALID VC (deliberate bug): a counterexample exists)
; generator: python3 corpus/gen/generate.py
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: race/offsets/tile2d_pitch_bad|)
(set-info :status sat)

(declare-fun bx () Int)
(declare-fun by () Int)
(declare-fun tx1 () Int)
(declare-fun ty1 () Int)
(declare-fun tx2 () Int)
(declare-fun ty2 () Int)

; launch
(assert (and (< 0 bx) (< 0 by)))
; tx1 in range
(assert (and (<= 0 tx1) (< tx1 bx)))
; ty1 in range
(assert (and (<= 0 ty1) (< ty1 by)))
; tx2 in range
(assert (and (<= 0 tx2) (< tx2 bx)))
; ty2 in range
(assert (and (<= 0 ty2) (< ty2 by)))
; distinct threads
(assert (or (not (= tx1 tx2)) (not (= ty1 ty2))))
; goal (negated)
; a 2-D tile index ty*(bx - 1) + tx (pitch one too small) collides
(assert (not (not (= (+ (* ty1 (- bx 1)) tx1) (+ (* ty2 (- bx 1)) tx2)))))
(check-sat)
