; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    divergence
; kernel:    arraycopy_barrier
; task:      t6_postcondition
; checks:    postcondition: ensures \forall j; 0 <= j < len ==> b[j] == a[j]
; origin:    ArrayCopy with a barrier at the end of the loop body. Kojima, Imanishi, Igarashi: Automated Verification of Functional Correctness of Race-Free GPU Programs, end of Sec. 3.3 (mu(t) would be i_2(t) < len_0)
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: single1d; builtins: tid, N
;   //@ ghost m;
;   //@ requires len == m * N;
;   //@ ensures \forall j; 0 <= j < len ==> b[j] == a[j];
;   kernel arraycopy_barrier(int len, int *a, int *b) {
;     int i;
;     i = tid;
;     //@ loop invariant i == N * loop_count + tid;
;     //@ loop invariant \forall j; 0 <= j < N * loop_count ==> b[j] == a[j];
;     while (i < len) {
;       b[i] = a[i];
;       barrier();
;       i = i + N;
;     }
;   }
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: divergence/arraycopy_barrier/t6_postcondition|)
(set-info :status unsat)

(declare-fun N () Int)
(declare-fun len_0 () Int)
(declare-fun m () Int)
(declare-fun a_0 (Int) Int)
(declare-fun i_1 (Int) Int)
(declare-fun b_1 (Int) Int)
(declare-fun i_2 (Int) Int)
(declare-fun l () Int)

; launch: at least one thread
(assert (< 0 N))
; requires len == m * N
(assert (= len_0 (* m N)))
; i = tid   [assign i_1]
(assert (forall ((t Int)) (=> (and (<= 0 t) (< t N)) (= (i_1 t) t))))
; loop 1: loop counter l is non-negative
(assert (<= 0 l))
; loop 1 invariant 1 at iteration l: i == N * loop_count + tid
(assert (forall ((t Int)) (=> (and (<= 0 t) (< t N)) (= (i_2 t) (+ (* N l) t)))))
; loop 1 invariant 2 at iteration l: \forall j; 0 <= j < N * loop_count ==> b[j] == a[j]
(assert (forall ((j Int)) (=> (and (<= 0 j) (< j (* N l))) (= (b_1 j) (a_0 j)))))
; loop 1 exited: no active thread satisfies i < len
(assert (forall ((t Int)) (=> (and (<= 0 t) (< t N)) (not (< (i_2 t) len_0)))))
; goal (negated)
; postcondition: ensures \forall j; 0 <= j < len ==> b[j] == a[j]
(assert (not (forall ((j Int)) (=> (and (<= 0 j) (< j len_0)) (= (b_1 j) (a_0 j))))))
(check-sat)
