; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    race
; kernel:    offsets
; task:      eq6_simpaffine_bad
; checks:    formula (6) with the bound x < a + 1: no longer implies x = x'
; origin:    access-offset injectivity (GPUVerify access breaking, seed 001; SimpAffine, Kojima et al. Sec. 4.4)
; expected:  sat (INVALID VC (deliberate bug): a counterexample exists)
; generator: python3 corpus/gen/generate.py
; notes:     x = a, y = 0 and x' = 0, y' = 1
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: race/offsets/eq6_simpaffine_bad|)
(set-info :status sat)

(declare-fun x () Int)
(declare-fun a () Int)
(declare-fun xp () Int)
(declare-fun y () Int)
(declare-fun yp () Int)

; x in range
(assert (and (<= 0 x) (< x (+ a 1))))
; xp in range
(assert (and (<= 0 xp) (< xp (+ a 1))))
; same offset
(assert (= (+ x (* a y)) (+ xp (* a yp))))
; goal (negated)
; formula (6) with the bound x < a + 1: no longer implies x = x'
(assert (not (= x xp)))
(check-sat)
