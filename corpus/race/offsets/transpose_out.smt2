; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    race
; kernel:    offsets
; task:      transpose_out
; checks:    transpose output offsets index_out + i of distinct threads never collide
; origin:    access-offset injectivity (GPUVerify access breaking, seed 001; SimpAffine, Kojima et al. Sec. 4.4)
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: race/offsets/transpose_out|)
(set-info :status unsat)

(declare-fun BR () Int)
(declare-fun R () Int)
(declare-fun gx () Int)
(declare-fun gy () Int)
(declare-fun TILE () Int)
(declare-fun height () Int)
(declare-fun bx1 () Int)
(declare-fun by1 () Int)
(declare-fun tx1 () Int)
(declare-fun ty1 () Int)
(declare-fun i1 () Int)
(declare-fun bx2 () Int)
(declare-fun by2 () Int)
(declare-fun tx2 () Int)
(declare-fun ty2 () Int)
(declare-fun i2 () Int)

; launch
(assert (and (< 0 BR) (< 0 R) (< 0 gx) (< 0 gy)))
; tile
(assert (= TILE (* R BR)))
; height
(assert (= height (* gy TILE)))
; bx1 in range
(assert (and (<= 0 bx1) (< bx1 gx)))
; by1 in range
(assert (and (<= 0 by1) (< by1 gy)))
; tx1 in range
(assert (and (<= 0 tx1) (< tx1 TILE)))
; ty1 in range
(assert (and (<= 0 ty1) (< ty1 BR)))
; loop offset 1
(assert (and (<= 0 i1) (< i1 TILE) (= (mod i1 BR) 0)))
; bx2 in range
(assert (and (<= 0 bx2) (< bx2 gx)))
; by2 in range
(assert (and (<= 0 by2) (< by2 gy)))
; tx2 in range
(assert (and (<= 0 tx2) (< tx2 TILE)))
; ty2 in range
(assert (and (<= 0 ty2) (< ty2 BR)))
; loop offset 2
(assert (and (<= 0 i2) (< i2 TILE) (= (mod i2 BR) 0)))
; distinct threads
(assert (or (not (= bx1 bx2)) (not (= by1 by2)) (not (= tx1 tx2)) (not (= ty1 ty2))))
; goal (negated)
; transpose output offsets index_out + i of distinct threads never collide
(assert (not (not
               (= (+ (* by1 TILE) ty1 (* height (+ (* bx1 TILE) tx1)) i1)
                 (+ (* by2 TILE) ty2 (* height (+ (* bx2 TILE) tx2)) i2)))))
(check-sat)
