; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    divergence
; kernel:    staged_copy
; task:      t2_entry_inv2
; checks:    loop 1 invariant 2 holds on entry: \forall j; 0 <= j < N * loop_count ==> b[j] == a[j]
; origin:    array copy staged through a shared buffer s with two barriers per iteration. loop with barriers in the style of the paper's kernels (Kojima, Imanishi, Igarashi: Automated Verification of Functional Correctness of Race-Free GPU Programs, Sec. 3)
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: single1d; builtins: tid, N
;   //@ ghost m;
;   //@ requires len == m * N;
;   //@ ensures \forall j; 0 <= j < len ==> b[j] == a[j];
;   kernel staged_copy(int len, int *a, int *b) {
;     __shared__ s[];
;     int i;
;     i = tid;
;     //@ loop invariant i == N * loop_count + tid;
;     //@ loop invariant \forall j; 0 <= j < N * loop_count ==> b[j] == a[j];
;     while (i < len) {
;       s[tid] = a[i];
;       barrier();
;       b[i] = s[tid];
;       barrier();
;       i = i + N;
;     }
;   }
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: divergence/staged_copy/t2_entry_inv2|)
(set-info :status unsat)

(declare-fun N () Int)
(declare-fun len_0 () Int)
(declare-fun m () Int)
(declare-fun a_0 (Int) Int)
(declare-fun b_0 (Int) Int)
(declare-fun i_1 (Int) Int)

; launch: at least one thread
(assert (< 0 N))
; requires len == m * N
(assert (= len_0 (* m N)))
; i = tid   [assign i_1]
(assert (forall ((t Int)) (=> (and (<= 0 t) (< t N)) (= (i_1 t) t))))
; goal (negated)
; loop 1 invariant 2 holds on entry: \forall j; 0 <= j < N * loop_count ==> b[j] == a[j]
(assert (not (forall ((j Int)) (=> (and (<= 0 j) (< j (* N 0))) (= (b_0 j) (a_0 j))))))
(check-sat)
