; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    race
; kernel:    offsets
; task:      tile_shared
; checks:    shared tile index As[ty][tx] = ty*bsize + tx is injective within a block
; origin:    access-offset injectivity (GPUVerify access breaking, seed 001; SimpAffine, Kojima et al. Sec. 4.4)
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: race/offsets/tile_shared|)
(set-info :status unsat)

(declare-fun bsize () Int)
(declare-fun tx1 () Int)
(declare-fun ty1 () Int)
(declare-fun tx2 () Int)
(declare-fun ty2 () Int)

; launch
(assert (< 0 bsize))
; tx1 in range
(assert (and (<= 0 tx1) (< tx1 bsize)))
; ty1 in range
(assert (and (<= 0 ty1) (< ty1 bsize)))
; tx2 in range
(assert (and (<= 0 tx2) (< tx2 bsize)))
; ty2 in range
(assert (and (<= 0 ty2) (< ty2 bsize)))
; distinct threads
(assert (or (not (= tx1 tx2)) (not (= ty1 ty2))))
; goal (negated)
; shared tile index As[ty][tx] = ty*bsize + tx is injective within a block
(assert (not (not (= (+ (* ty1 bsize) tx1) (+ (* ty2 bsize) tx2)))))
(check-sat)
