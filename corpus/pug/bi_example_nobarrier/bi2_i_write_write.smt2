; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    pug
; kernel:    bi_example_nobarrier
; task:      bi2_i_write_write
; checks:    BI 2 (no barrier 5): the writes of the shared scalar i (path t == 0) do not conflict
; origin:    Li, Gopalakrishnan, Kirby, Quinlan: A Symbolic Verifier for CUDA Programs (PUG), seed 002
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   1: j := i + t + 1;     // i is a shared scalar
;   2: __syncthreads();
;   3: e1 = k[i];
;   4: k[j] = e2;
;      (barrier 5 removed)
;   6: if (t == 0) i = j;
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: pug/bi_example_nobarrier/bi2_i_write_write|)
(set-info :status unsat)

(declare-fun n () Int)
(declare-fun t1 () Int)
(declare-fun t2 () Int)
(declare-fun j1_t1 () Int)
(declare-fun i0 () Int)
(declare-fun j1_t2 () Int)
(declare-fun p6_t1 () Bool)
(declare-fun p6_t2 () Bool)

; launch: n threads
(assert (< 0 n))
; thread t1
(assert (and (<= 0 t1) (< t1 n)))
; thread t2
(assert (and (<= 0 t2) (< t2 n)))
; two distinct threads
(assert (not (= t1 t2)))
; TRANS(t1,t2) up to statement 2: j1 = i[0] + t + 1
(assert (and (= j1_t1 (+ i0 t1 1)) (= j1_t2 (+ i0 t2 1))))
; path condition of statement 6
(assert (and (= p6_t1 (= t1 0)) (= p6_t2 (= t2 0))))
; goal (negated)
; BI 2 (no barrier 5): the writes of the shared scalar i (path t == 0) do not conflict
(assert (not (not (and p6_t1 p6_t2))))
(check-sat)
