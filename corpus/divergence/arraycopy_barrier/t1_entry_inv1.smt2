; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    divergence
; kernel:    arraycopy_barrier
; task:      t1_entry_inv1
; checks:    loop 1 invariant 1 holds on entry: i == N * loop_count + tid
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
(set-info :source |vcsimp corpus: divergence/arraycopy_barrier/t1_entry_inv1|)
(set-info :status unsat)

(declare-fun N () Int)
(declare-fun len_0 () Int)
(declare-fun m () Int)
(declare-fun i_1 (Int) Int)

; launch: at least one thread
(assert (< 0 N))
; requires len == m * N
(assert (= len_0 (* m N)))
; i = tid   [assign i_1]
(assert (forall ((t Int)) (=> (and (<= 0 t) (< t N)) (= (i_1 t) t))))
; goal (negated)
; loop 1 invariant 1 holds on entry: i == N * loop_count + tid
(assert (not (forall ((t Int)) (=> (and (<= 0 t) (< t N)) (= (i_1 t) (+ (* N 0) t))))))
(check-sat)
