; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    pug
; kernel:    reduction_seq
; task:      bi2_write_read
; checks:    BI 2 (iteration 1): the write sdata[t1] does not conflict with the read sdata[t2 + s]
; origin:    Li, Gopalakrishnan, Kirby, Quinlan: A Symbolic Verifier for CUDA Programs (PUG), seed 002
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   for (s = n / 2; s > 0; s >>= 1) {
;     if (t < s) sdata[t] += sdata[t + s];
;     __syncthreads();
;   }
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: pug/reduction_seq/bi2_write_read|)
(set-info :status unsat)

(declare-fun n () Int)
(declare-fun t1 () Int)
(declare-fun t2 () Int)
(declare-fun s0 () Int)
(declare-fun s1 () Int)

; launch: n threads
(assert (< 0 n))
; thread t1
(assert (and (<= 0 t1) (< t1 n)))
; thread t2
(assert (and (<= 0 t2) (< t2 n)))
; two distinct threads
(assert (not (= t1 t2)))
; unrolling: s0 = n / 2
(assert (= s0 (div n 2)))
; unrolling: s1 = s0 >> 1
(assert (= s1 (div s0 2)))
; iterations 0..1 are executed
(assert (and (> s0 0) (> s1 0)))
; path condition of iteration 1
(assert (and (< t1 s1) (< t2 s1)))
; goal (negated)
; BI 2 (iteration 1): the write sdata[t1] does not conflict with the read sdata[t2 + s]
(assert (not (not (= t1 (+ t2 s1)))))
(check-sat)
