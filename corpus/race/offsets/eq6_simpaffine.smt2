; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    race
; kernel:    offsets
; task:      eq6_simpaffine
; checks:    formula (6) of Sec. 4.4: x + a*y = x' + a*y' with 0 <= x, x' < a implies x = x'
; origin:    access-offset injectivity (GPUVerify access breaking, seed 001; SimpAffine, Kojima et al. Sec. 4.4)
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: race/offsets/eq6_simpaffine|)
(set-info :status unsat)

(declare-fun x () Int)
(declare-fun a () Int)
(declare-fun xp () Int)
(declare-fun y () Int)
(declare-fun yp () Int)

; x in range
(assert (and (<= 0 x) (< x a)))
; xp in range
(assert (and (<= 0 xp) (< xp a)))
; same offset
(assert (= (+ x (* a y)) (+ xp (* a yp))))
; goal (negated)
; formula (6) of Sec. 4.4: x + a*y = x' + a*y' with 0 <= x, x' < a implies x = x'
(assert (not (= x xp)))
(check-sat)
