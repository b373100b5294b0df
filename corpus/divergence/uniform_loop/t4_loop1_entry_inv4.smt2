; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    divergence
; kernel:    uniform_loop
; task:      t4_loop1_entry_inv4
; checks:    loop 1 invariant 4 holds on entry: __enabled$1 == (i$1 < n)
; origin:    for (i = tid; i < n; i += N) barrier(); with n a multiple of N (uniform trip count). Betts et al. (GPUVerify candidate invariants), seed 001, rule r7 guardMinusInitialsUniform
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: single1d; builtins: tid, N
;   //@ ghost m;
;   //@ requires n == m * N;
;   kernel uniform_loop(int n) {
;     int i;
;     i = tid;
;     //@ loop invariant i$1 - tid$1 == i$2 - tid$2;
;     //@ loop invariant (i$t - tid$t) % N == 0;
;     //@ loop invariant __enabled$t == (i$t < n);
;     while (i < n) {
;       barrier();
;       i = i + N;
;     }
;   }
;   // two-thread encoding: x$1/x$2 are the copies of x in the two threads, x@k its SSA versions;
;   // ($t in an invariant stands for both $1 and $2; __enabled$t is the loop predicate)
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: divergence/uniform_loop/t4_loop1_entry_inv4|)
(set-info :status unsat)

(declare-fun N () Int)
(declare-fun tid$1 () Int)
(declare-fun tid$2 () Int)
(declare-fun n$1@0 () Int)
(declare-fun n$2@0 () Int)
(declare-fun m () Int)
(declare-fun i$1@1 () Int)
(declare-fun i$2@1 () Int)
(declare-fun Q1$1@0 () Bool)
(declare-fun Q1$2@0 () Bool)

; launch: at least one thread
(assert (< 0 N))
; thread 1: tid in range
(assert (and (<= 0 tid$1) (< tid$1 N)))
; thread 2: tid in range
(assert (and (<= 0 tid$2) (< tid$2 N)))
; the two threads are distinct
(assert (not (= tid$1 tid$2)))
; parameter n is uniform
(assert (= n$1@0 n$2@0))
; requires n == m * N
(assert (= n$1@0 (* m N)))
; thread 1: i = tid
(assert (= i$1@1 tid$1))
; thread 2: i = tid
(assert (= i$2@1 tid$2))
; loop 1: thread 1 enters iff enabled and i < n
(assert (= Q1$1@0 (< i$1@1 n$1@0)))
; loop 1: thread 2 enters iff enabled and i < n
(assert (= Q1$2@0 (< i$2@1 n$2@0)))
; (assumed after being checked) loop 1 invariant 1 holds on entry: i$1 - tid$1 == i$2 - tid$2
(assert (= (- i$1@1 tid$1) (- i$2@1 tid$2)))
; (assumed after being checked) loop 1 invariant 2 holds on entry: (i$1 - tid$1) % N == 0
(assert (= (mod (- i$1@1 tid$1) N) 0))
; (assumed after being checked) loop 1 invariant 3 holds on entry: (i$2 - tid$2) % N == 0
(assert (= (mod (- i$2@1 tid$2) N) 0))
; goal (negated)
; loop 1 invariant 4 holds on entry: __enabled$1 == (i$1 < n)
(assert (not (= Q1$1@0 (< i$1@1 n$1@0))))
(check-sat)
