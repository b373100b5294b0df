; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    race
; kernel:    offsets
; task:      gridstride1d
; checks:    grid-stride offsets tid + k*N of distinct threads never collide (ArrayCopy)
; origin:    access-offset injectivity (GPUVerify access breaking, seed 001; SimpAffine, Kojima et al. Sec. 4.4)
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: race/offsets/gridstride1d|)
(set-info :status unsat)

(declare-fun N () Int)
(declare-fun t1 () Int)
(declare-fun t2 () Int)
(declare-fun k1 () Int)
(declare-fun k2 () Int)

; launch
(assert (< 0 N))
; t1 in range
(assert (and (<= 0 t1) (< t1 N)))
; t2 in range
(assert (and (<= 0 t2) (< t2 N)))
; distinct
(assert (not (= t1 t2)))
; iterations
(assert (and (<= 0 k1) (<= 0 k2)))
; goal (negated)
; grid-stride offsets tid + k*N of distinct threads never collide (ArrayCopy)
(assert (not (not (= (+ t1 (* k1 N)) (+ t2 (* k2 N))))))
(check-sat)
