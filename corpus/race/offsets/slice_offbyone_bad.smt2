; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    race
; kernel:    offsets
; task:      slice_offbyone_bad
; checks:    slice offsets with 0 <= i <= m collide
; origin:    access-offset injectivity (GPUVerify access breaking, seed 001; SimpAffine, Kojima et al. Sec. 4.4)
; expected:  sat (INVALID VC (deliberate bug): a counterexample exists)
; generator: python3 corpus/gen/generate.py
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: race/offsets/slice_offbyone_bad|)
(set-info :status sat)

(declare-fun N () Int)
(declare-fun t1 () Int)
(declare-fun t2 () Int)
(declare-fun i1 () Int)
(declare-fun m () Int)
(declare-fun i2 () Int)

; launch
(assert (< 0 N))
; t1 in range
(assert (and (<= 0 t1) (< t1 N)))
; t2 in range
(assert (and (<= 0 t2) (< t2 N)))
; distinct
(assert (not (= t1 t2)))
; i1 in range
(assert (and (<= 0 i1) (<= i1 m)))
; i2 in range
(assert (and (<= 0 i2) (<= i2 m)))
; goal (negated)
; slice offsets with 0 <= i <= m collide
(assert (not (not (= (+ (* t1 m) i1) (+ (* t2 m) i2)))))
(check-sat)
