; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    pug
; kernel:    cond_barrier
; task:      bi_check
; checks:    the combined check ite(p1, ite(p2, s1~s1, s1~s2 /\ s1~s3), s2~s3) of Sec. 2.4
; origin:    Li, Gopalakrishnan, Kirby, Quinlan: A Symbolic Verifier for CUDA Programs (PUG), seed 002
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   if (t < c) {
;     s1: A[t] = ...;
;     __syncthreads();
;     ...
;   } else {
;     s2: A[t + n] = ...;
;   }
;   s3: ... = A[t + 2 * n];
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: pug/cond_barrier/bi_check|)
(set-info :status unsat)

(declare-fun n () Int)
(declare-fun t1 () Int)
(declare-fun t2 () Int)
(declare-fun c () Int)
(declare-fun p_t1 () Bool)
(declare-fun p_t2 () Bool)

; launch: n threads
(assert (< 0 n))
; thread t1
(assert (and (<= 0 t1) (< t1 n)))
; thread t2
(assert (and (<= 0 t2) (< t2 n)))
; two distinct threads
(assert (not (= t1 t2)))
; uniform parameter c
(assert (and (<= 0 c) (<= c n)))
; path condition p = t < c
(assert (and (= p_t1 (< t1 c)) (= p_t2 (< t2 c))))
; goal (negated)
; the combined check ite(p1, ite(p2, s1~s1, s1~s2 /\ s1~s3), s2~s3) of Sec. 2.4
(assert (not (ite p_t1
               (ite p_t2 (not (= t1 t2)) (and (not (= t1 (+ t2 n))) (not (= t1 (+ t2 (* 2 n))))))
               (not (= (+ t1 n) (+ t2 (* 2 n)))))))
(check-sat)
