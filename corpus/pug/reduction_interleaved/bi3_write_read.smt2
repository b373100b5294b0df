; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    pug
; kernel:    reduction_interleaved
; task:      bi3_write_read
; checks:    BI 3 (iteration 2): the write sdata[t1] does not conflict with the read sdata[t2 + s]
; origin:    Li, Gopalakrishnan, Kirby, Quinlan: A Symbolic Verifier for CUDA Programs (PUG), seed 002
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   for (s = 1; s < n; s *= 2) {
;     if (t % (2 * s) == 0) sdata[t] += sdata[t + s];
;     __syncthreads();
;   }
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: pug/reduction_interleaved/bi3_write_read|)
(set-info :status unsat)

(declare-fun n () Int)
(declare-fun t1 () Int)
(declare-fun t2 () Int)
(declare-fun s0 () Int)
(declare-fun s1 () Int)
(declare-fun s2 () Int)

; launch: n threads
(assert (< 0 n))
; thread t1
(assert (and (<= 0 t1) (< t1 n)))
; thread t2
(assert (and (<= 0 t2) (< t2 n)))
; two distinct threads
(assert (not (= t1 t2)))
; unrolling: s0 = 1
(assert (= s0 1))
; unrolling: s1 = s0 * 2
(assert (= s1 (* s0 2)))
; unrolling: s2 = s1 * 2
(assert (= s2 (* s1 2)))
; iterations 0..2 are executed
(assert (and (< s0 n) (< s1 n) (< s2 n)))
; path condition of iteration 2
(assert (and (= (mod t1 (* 2 s2)) 0) (= (mod t2 (* 2 s2)) 0)))
; goal (negated)
; BI 3 (iteration 2): the write sdata[t1] does not conflict with the read sdata[t2 + s]
(assert (not (not (= t1 (+ t2 s2)))))
(check-sat)
