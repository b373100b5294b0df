; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    pug
; kernel:    reduction_seq_bug
; task:      bi1_write_read
; checks:    BI 1 with guard t <= s: the write sdata[t1] conflicts with the read sdata[t2 + s]
; origin:    Li, Gopalakrishnan, Kirby, Quinlan: A Symbolic Verifier for CUDA Programs (PUG), seed 002
; expected:  sat (INVALID VC (deliberate bug): a counterexample exists)
; generator: python3 corpus/gen/generate.py
; notes:     thread s writes sdata[s] while thread 0 reads sdata[0 + s]
;
; kernel source (mini kernel language):
;   for (s = n / 2; s > 0; s >>= 1) {
;     if (t <= s) sdata[t] += sdata[t + s];   // off by one
;     __syncthreads();
;   }
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: pug/reduction_seq_bug/bi1_write_read|)
(set-info :status sat)

(declare-fun n () Int)
(declare-fun t1 () Int)
(declare-fun t2 () Int)
(declare-fun s0 () Int)

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
; iterations 0..0 are executed
(assert (> s0 0))
; path condition of iteration 0
(assert (and (<= t1 s0) (<= t2 s0)))
; goal (negated)
; BI 1 with guard t <= s: the write sdata[t1] conflicts with the read sdata[t2 + s]
(assert (not (not (= t1 (+ t2 s0)))))
(check-sat)
