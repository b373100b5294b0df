; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    vericuda
; kernel:    rotate
; task:      t2_postcondition1
; checks:    postcondition: ensures \forall i; 0 < i && i < size - 1 ==> a[i] == a0[i - 1]
; origin:    rotate: rotate an array in place by one element to the right. Kojima, Imanishi, Igarashi: Automated Verification of Functional Correctness of Race-Free GPU Programs, Sec. 5.2 (rotate); annotations from VeriCUDA benchmark programs (SoftwareFoundationGroupAtKyotoU/VeriCUDA), samples/rotate.cu
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: single1d; builtins: tid, N
;   //@ ghost a0[];
;   //@ requires size == N;
;   //@ requires \forall i; a[i] == a0[i];
;   //@ ensures \forall i; 0 < i && i < size - 1 ==> a[i] == a0[i - 1];
;   //@ ensures a[0] == a0[size - 1];
;   kernel rotate(int size, int *a) {
;     int tmp, t;
;     tmp = a[tid];
;     t = tid + 1;
;     if (t == size) {
;       t = 0;
;     }
;     barrier();
;     a[t] = tmp;
;   }
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: vericuda/rotate/t2_postcondition1|)
(set-info :status unsat)

(declare-fun N () Int)
(declare-fun size_0 () Int)
(declare-fun a0 (Int) Int)
(declare-fun a_0 (Int) Int)
(declare-fun tmp_1 (Int) Int)
(declare-fun t_1 (Int) Int)
(declare-fun t_2 (Int) Int)
(declare-fun a_1 (Int) Int)

; launch: at least one thread
(assert (< 0 N))
; requires size == N
(assert (= size_0 N))
; requires \forall i; a[i] == a0[i]
(assert (forall ((i Int)) (= (a_0 i) (a0 i))))
; tmp = a[tid]   [assign tmp_1]
(assert (forall ((t Int)) (=> (and (<= 0 t) (< t N)) (= (tmp_1 t) (a_0 t)))))
; t = tid + 1   [assign t_1]
(assert (forall ((t Int)) (=> (and (<= 0 t) (< t N)) (= (t_1 t) (+ t 1)))))
; t = 0   [assign t_2]
(assert (forall ((t Int))
          (=> (and (<= 0 t) (< t N))
            (or (and (= (t_1 t) size_0) (= (t_2 t) 0))
              (and (not (= (t_1 t) size_0)) (= (t_2 t) (t_1 t)))))))
; a[t] = tmp   [assign a_1, formula (1)]
(assert (forall ((n Int))
          (or
            (exists ((t Int)) (and (<= 0 t) (< t N) (= (t_2 t) n) (= (a_1 n) (tmp_1 t))))
            (and (forall ((t Int)) (not (and (<= 0 t) (< t N) (= (t_2 t) n)))) (= (a_1 n) (a_0 n))))))
; goal (negated)
; postcondition: ensures \forall i; 0 < i && i < size - 1 ==> a[i] == a0[i - 1]
(assert (not (forall ((i Int)) (=> (and (< 0 i) (< i (- size_0 1))) (= (a_1 i) (a0 (- i 1)))))))
(check-sat)
