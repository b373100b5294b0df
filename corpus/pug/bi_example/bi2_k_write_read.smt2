; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    pug
; kernel:    bi_example
; task:      bi2_k_write_read
; checks:    BI 2: the write k[j] of t1 does not conflict with the read k[i] of t2
; origin:    Li, Gopalakrishnan, Kirby, Quinlan: A Symbolic Verifier for CUDA Programs (PUG), seed 002
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   1: j := i + t + 1;     // i is a shared scalar
;   2: __syncthreads();
;   3: e1 = k[i];
;   4: k[j] = e2;
;   5: __syncthreads();
;   6: write i;
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: pug/bi_example/bi2_k_write_read|)
(set-info :status unsat)

(declare-fun n () Int)
(declare-fun t1 () Int)
(declare-fun t2 () Int)
(declare-fun j1_t1 () Int)
(declare-fun i0 () Int)
(declare-fun j1_t2 () Int)

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
; goal (negated)
; BI 2: the write k[j] of t1 does not conflict with the read k[i] of t2
(assert (not (not (= j1_t1 i0))))
(check-sat)
