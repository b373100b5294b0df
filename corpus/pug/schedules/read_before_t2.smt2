; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    pug
; kernel:    schedules
; task:      read_before_t2
; checks:    if t1's read precedes t2's first write, t1 reads its own x
; origin:    Li, Gopalakrishnan, Kirby, Quinlan: A Symbolic Verifier for CUDA Programs (PUG), seed 002
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   thread t1: k1: k := x;  k2: read k
;   thread t2: k1: k := y;  k2: k := z
(set-info :smt-lib-version 2.6)
(set-logic UFLIA)
(set-info :source |vcsimp corpus: pug/schedules/read_before_t2|)
(set-info :status unsat)

(declare-fun a () Int)
(declare-fun b () Int)
(declare-fun c () Int)
(declare-fun d () Int)
(declare-fun k1 () Int)
(declare-fun x () Int)
(declare-fun y () Int)
(declare-fun z () Int)
(declare-fun k0 () Int)
(declare-fun k2 () Int)
(declare-fun k3 () Int)
(declare-fun k4 () Int)
(declare-fun r () Int)

; SIDs in 1..4
(assert (and (<= 1 a) (<= a 4) (<= 1 b) (<= b 4) (<= 1 c) (<= c 4) (<= 1 d) (<= d 4)))
; SIDs are pairwise distinct (rank is injective)
(assert (and (not (= a b)) (not (= a c)) (not (= a d)) (not (= b c)) (not (= b d)) (not (= c d))))
; program order in each thread
(assert (and (< a b) (< c d)))
; value of k after step 1
(assert (= k1 (ite (= a 1) x (ite (= c 1) y (ite (= d 1) z k0)))))
; value of k after step 2
(assert (= k2 (ite (= a 2) x (ite (= c 2) y (ite (= d 2) z k1)))))
; value of k after step 3
(assert (= k3 (ite (= a 3) x (ite (= c 3) y (ite (= d 3) z k2)))))
; value of k after step 4
(assert (= k4 (ite (= a 4) x (ite (= c 4) y (ite (= d 4) z k3)))))
; the read at step b sees the value of the previous step
(assert (= r (ite (= b 1) k0 (ite (= b 2) k1 (ite (= b 3) k2 k3)))))
; constraint: k2^t1 < k1^t2
(assert (< b c))
; goal (negated)
; if t1's read precedes t2's first write, t1 reads its own x
(assert (not (= r x)))
(check-sat)
