; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    pug
; kernel:    trans_example
; task:      bi2_k_write_write
; checks:    BI 2: the writes k[j] after the barrier do not conflict
; origin:    Li, Gopalakrishnan, Kirby, Quinlan: A Symbolic Verifier for CUDA Programs (PUG), seed 002
; expected:  sat (INVALID VC (deliberate bug): a counterexample exists)
; generator: python3 corpus/gen/generate.py
; notes:     j depends on the input k: e.g. k0[0] = 5, k0[1] = 6 gives j = 5 in threads 0 and 1
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
(set-info :source |vcsimp corpus: pug/trans_example/bi2_k_write_write|)
(set-info :status sat)

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
; goal (negated)
; BI 2: the writes k[j] after the barrier do not conflict
(assert (not (not (= j2_t1 j2_t2))))
(check-sat)
