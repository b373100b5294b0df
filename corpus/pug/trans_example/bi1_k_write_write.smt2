; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    pug
; kernel:    trans_example
; task:      bi1_k_write_write
; checks:    BI 1: the writes k[i] of two threads in the then-branch
; origin:    Li, Gopalakrishnan, Kirby, Quinlan: A Symbolic Verifier for CUDA Programs (PUG), seed 002
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   unsigned int s[2][3] = {{0,1,2},{3,4,5}};
;   unsigned int i = threadIdx.x;
;   unsigned int j = k[i] - i;
;   if (j < 3) { k[i] = s[j][0]; j = i + j; }
;   else s[1][j && 0x11] = k[i] * j;
;   __syncthreads();
;   k[j] = s[2][1] + j;
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: pug/trans_example/bi1_k_write_write|)
(set-info :status unsat)

(declare-fun n () Int)
(declare-fun t1 () Int)
(declare-fun t2 () Int)
(declare-fun i1_t1 () Int)
(declare-fun i1_t2 () Int)
(declare-fun j1_t1 () Int)
(declare-fun k0 (Int) Int)
(declare-fun j1_t2 () Int)
(declare-fun p_t1 () Bool)
(declare-fun p_t2 () Bool)
(declare-fun j2_t1 () Int)
(declare-fun j2_t2 () Int)

; launch: n threads
(assert (< 0 n))
; thread t1
(assert (and (<= 0 t1) (< t1 n)))
; thread t2
(assert (and (<= 0 t2) (< t2 n)))
; two distinct threads
(assert (not (= t1 t2)))
; TRANS: i1 = t
(assert (and (= i1_t1 t1) (= i1_t2 t2)))
; TRANS: j1 = k[i1] - i1 (k read in BI 1: initial contents k0)
(assert (and (= j1_t1 (- (k0 i1_t1) i1_t1)) (= j1_t2 (- (k0 i1_t2) i1_t2))))
; path condition p = j1 < 3
(assert (and (= p_t1 (< j1_t1 3)) (= p_t2 (< j1_t2 3))))
; TRANS: j2 = ite(p, i1 + j1, j1)
(assert (and (= j2_t1 (ite p_t1 (+ i1_t1 j1_t1) j1_t1)) (= j2_t2 (ite p_t2 (+ i1_t2 j1_t2) j1_t2))))
; both take the then-branch
(assert (and p_t1 p_t2))
; goal (negated)
; BI 1: the writes k[i] of two threads in the then-branch
(assert (not (not (= i1_t1 i1_t2))))
(check-sat)
