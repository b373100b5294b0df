; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    vericuda
; kernel:    vectoradd1
; task:      t1_postcondition
; checks:    postcondition: ensures \forall i; 0 <= i ==> i < numElements ==> C[i] == A[i] + B[i]
; origin:    vectorAdd1: one element per thread, guarded by i < numElements. VeriCUDA benchmark programs (SoftwareFoundationGroupAtKyotoU/VeriCUDA), samples/vectorAdd.cu (vectorAdd1); variant of the paper's vectorAdd
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: multi1d; builtins: bid, tid, bsize, gsize, N
;   //@ requires 0 <= numElements;
;   //@ requires numElements < gsize * bsize;
;   //@ ensures \forall i; 0 <= i ==> i < numElements ==> C[i] == A[i] + B[i];
;   kernel vectoradd1(int numElements, int *A, int *B, int *C) {
;     int i;
;     i = bsize * bid + tid;
;     if (i < numElements) {
;       C[i] = A[i] + B[i];
;     }
;   }
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: vericuda/vectoradd1/t1_postcondition|)
(set-info :status unsat)

(declare-fun bsize () Int)
(declare-fun gsize () Int)
(declare-fun numElements_0 () Int)
(declare-fun A_0 (Int) Int)
(declare-fun B_0 (Int) Int)
(declare-fun C_0 (Int) Int)
(declare-fun i_1 (Int Int) Int)
(declare-fun C_1 (Int) Int)

; launch: blocks are non-empty
(assert (< 0 bsize))
; launch: at least one block
(assert (< 0 gsize))
; requires 0 <= numElements
(assert (<= 0 numElements_0))
; requires numElements < gsize * bsize
(assert (< numElements_0 (* gsize bsize)))
; i = bsize * bid + tid   [assign i_1]
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((t Int)) (=> (and (<= 0 t) (< t bsize)) (= (i_1 b t) (+ (* bsize b) t)))))))
; C[i] = A[i] + B[i]   [assign C_1, formula (1)]
(assert (forall ((n Int))
          (or
            (exists ((b Int))
              (and (<= 0 b)
                (< b gsize)
                (exists ((t Int))
                  (and (<= 0 t)
                    (< t bsize)
                    (< (i_1 b t) numElements_0)
                    (= (i_1 b t) n)
                    (= (C_1 n) (+ (A_0 (i_1 b t)) (B_0 (i_1 b t))))))))
            (and
              (forall ((b Int))
                (=> (and (<= 0 b) (< b gsize))
                  (forall ((t Int))
                    (not (and (<= 0 t) (< t bsize) (< (i_1 b t) numElements_0) (= (i_1 b t) n))))))
              (= (C_1 n) (C_0 n))))))
; goal (negated)
; postcondition: ensures \forall i; 0 <= i ==> i < numElements ==> C[i] == A[i] + B[i]
(assert (not (forall ((i Int))
               (=> (<= 0 i) (=> (< i numElements_0) (= (C_1 i) (+ (A_0 i) (B_0 i))))))))
(check-sat)
