; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    vericuda
; kernel:    arraycopy
; task:      t1_entry_inv1
; checks:    loop 1 invariant 1 holds on entry: i == N * loop_count + tid
; origin:    ArrayCopy (Fig. 1): copy a into b with a grid-stride loop. Kojima, Imanishi, Igarashi: Automated Verification of Functional Correctness of Race-Free GPU Programs, Fig. 1 and Sec. 3.3 (tasks T1..T5)
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: single1d; builtins: tid, N
;   //@ ghost m;
;   //@ requires len == m * N;
;   //@ ensures \forall j; 0 <= j < len ==> b[j] == a[j];
;   kernel arraycopy(int len, int *a, int *b) {
;     int i;
;     i = tid;
;     //@ loop invariant i == N * loop_count + tid;
;     //@ loop invariant \forall j; 0 <= j < N * loop_count ==> b[j] == a[j];
;     while (i < len) {
;       b[i] = a[i];
;       i = i + N;
;     }
;   }
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: vericuda/arraycopy/t1_entry_inv1|)
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
