; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    vericuda
; kernel:    scp
; task:      t1_barrier1
; checks:    barrier: all threads are active at the barrier (no divergence)
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
(set-info :source |vcsimp corpus: vericuda/scp/t1_barrier1|)
(set-info :status unsat)

(declare-fun N () Int)
(declare-fun gsize_0 () Int)
(declare-fun a_0 (Int) Int)
(declare-fun a_1 (Int) Int)

; launch: at least one thread
(assert (< 0 N))
; requires gsize == N
(assert (= gsize_0 N))
; a[tid] = tid   [assign a_1, formula (1)]
(assert (forall ((n Int))
          (or (exists ((t Int)) (and (<= 0 t) (< t N) (= t n) (= (a_1 n) t)))
            (and (forall ((t Int)) (not (and (<= 0 t) (< t N) (= t n)))) (= (a_1 n) (a_0 n))))))
; goal (negated)
; barrier: all threads are active at the barrier (no divergence)
(assert (not (forall ((t Int)) (=> (and (<= 0 t) (< t N)) true))))
(check-sat)
