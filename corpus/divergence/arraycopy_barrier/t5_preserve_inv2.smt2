; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    divergence
; kernel:    arraycopy_barrier
; task:      t5_preserve_inv2
; checks:    loop 1 invariant 2 is preserved by an iteration: \forall j; 0 <= j < N * loop_count ==> b[j] == a[j]
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
(set-info :source |vcsimp corpus: divergence/arraycopy_barrier/t5_preserve_inv2|)
(set-info :status unsat)

(declare-fun N () Int)
(declare-fun len_0 () Int)
(declare-fun m () Int)
(declare-fun a_0 (Int) Int)
(declare-fun i_1 (Int) Int)
(declare-fun b_1 (Int) Int)
(declare-fun i_2 (Int) Int)
(declare-fun l () Int)
(declare-fun b_2 (Int) Int)
(declare-fun i_3 (Int) Int)

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
; loop 1 continues: some active thread satisfies i < len
(assert (exists ((t Int)) (and (<= 0 t) (< t N) (< (i_2 t) len_0))))
; b[i] = a[i]   [assign b_2, formula (1)]
(assert (forall ((n Int))
          (or
            (exists ((t Int))
              (and (<= 0 t) (< t N) (< (i_2 t) len_0) (= (i_2 t) n) (= (b_2 n) (a_0 (i_2 t)))))
            (and
              (forall ((t Int)) (not (and (<= 0 t) (< t N) (< (i_2 t) len_0) (= (i_2 t) n))))
              (= (b_2 n) (b_1 n))))))
; i = i + N   [assign i_3]
(assert (forall ((t Int))
          (=> (and (<= 0 t) (< t N))
            (or (and (< (i_2 t) len_0) (= (i_3 t) (+ (i_2 t) N)))
              (and (not (< (i_2 t) len_0)) (= (i_3 t) (i_2 t)))))))
; goal (negated)
; loop 1 invariant 2 is preserved by an iteration: \forall j; 0 <= j < N * loop_count ==> b[j] == a[j]
(assert (not (forall ((j Int)) (=> (and (<= 0 j) (< j (* N (+ l 1)))) (= (b_2 j) (a_0 j))))))
(check-sat)
