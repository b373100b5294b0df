; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    race
; kernel:    offsets
; task:      gid1d
; checks:    bsize*bid + tid is injective over (bid, tid)
; origin:    access-offset injectivity (GPUVerify access breaking, seed 001; SimpAffine, Kojima et al. Sec. 4.4)
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: race/offsets/gid1d|)
(set-info :status unsat)

(declare-fun bsize () Int)
(declare-fun gsize () Int)
(declare-fun b1 () Int)
(declare-fun t1 () Int)
(declare-fun b2 () Int)
(declare-fun t2 () Int)

; launch
(assert (and (< 0 bsize) (< 0 gsize)))
; b1 in range
(assert (and (<= 0 b1) (< b1 gsize)))
; t1 in range
(assert (and (<= 0 t1) (< t1 bsize)))
; b2 in range
(assert (and (<= 0 b2) (< b2 gsize)))
; t2 in range
(assert (and (<= 0 t2) (< t2 bsize)))
; distinct threads
(assert (or (not (= b1 b2)) (not (= t1 t2))))
; goal (negated)
; bsize*bid + tid is injective over (bid, tid)
(assert (not (not (= (+ (* bsize b1) t1) (+ (* bsize b2) t2)))))
(check-sat)
