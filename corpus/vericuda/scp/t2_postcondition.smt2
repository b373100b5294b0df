; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    vericuda
; kernel:    scp
; task:      t2_postcondition
; checks:    postcondition: ensures \forall i; 0 <= i && i < gsize ==> b[i] == (i + 1) % gsize
; origin:    scp: b[i] = a[(i+1) % gsize] after a[tid] = tid and a barrier. Kojima, Imanishi, Igarashi: Automated Verification of Functional Correctness of Race-Free GPU Programs, Sec. 5.2 (scp); annotations from VeriCUDA benchmark programs (SoftwareFoundationGroupAtKyotoU/VeriCUDA), samples/scp.cu
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: single1d; builtins: tid, N
;   //@ requires gsize == N;
;   //@ ensures \forall i; 0 <= i && i < gsize ==> b[i] == (i + 1) % gsize;
;   kernel scp(int gsize, int *a, int *b) {
;     a[tid] = tid;
;     barrier();
;     b[tid] = a[(tid + 1) % gsize];
;   }
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: vericuda/scp/t2_postcondition|)
(set-info :status unsat)

(declare-fun N () Int)
(declare-fun gsize_0 () Int)
(declare-fun a_0 (Int) Int)
(declare-fun b_0 (Int) Int)
(declare-fun a_1 (Int) Int)
(declare-fun b_1 (Int) Int)

; launch: at least one thread
(assert (< 0 N))
; requires gsize == N
(assert (= gsize_0 N))
; a[tid] = tid   [assign a_1, formula (1)]
(assert (forall ((n Int))
          (or (exists ((t Int)) (and (<= 0 t) (< t N) (= t n) (= (a_1 n) t)))
            (and (forall ((t Int)) (not (and (<= 0 t) (< t N) (= t n)))) (= (a_1 n) (a_0 n))))))
; b[tid] = a[(tid + 1) % gsize]   [assign b_1, formula (1)]
(assert (forall ((n Int))
          (or
            (exists ((t Int))
              (and (<= 0 t) (< t N) (= t n) (= (b_1 n) (a_1 (mod (+ t 1) gsize_0)))))
            (and (forall ((t Int)) (not (and (<= 0 t) (< t N) (= t n)))) (= (b_1 n) (b_0 n))))))
; goal (negated)
; postcondition: ensures \forall i; 0 <= i && i < gsize ==> b[i] == (i + 1) % gsize
(assert (not (forall ((i Int)) (=> (and (<= 0 i) (< i gsize_0)) (= (b_1 i) (mod (+ i 1) gsize_0))))))
(check-sat)
