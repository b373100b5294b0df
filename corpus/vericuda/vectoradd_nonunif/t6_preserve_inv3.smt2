; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    vericuda
; kernel:    vectoradd_nonunif
; task:      t6_preserve_inv3
; checks:    loop 1 invariant 3 is preserved by an iteration: \forall k; 0 <= k && k < bsize * gsize * loop_count && k < numElements ==> C[k] == A[k] + B[k]
; origin:    vectorAdd_non_unif: grid-stride loop without the divisibility precondition. VeriCUDA benchmark programs (SoftwareFoundationGroupAtKyotoU/VeriCUDA), samples/vectorAdd.cu (vectorAdd_non_unif); variant of the paper's vectorAdd
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: multi1d; builtins: bid, tid, bsize, gsize, N
;   //@ requires numElements > 0;
;   //@ ensures \forall i; 0 <= i ==> i < numElements ==> C[i] == A[i] + B[i];
;   kernel vectoradd_nonunif(int numElements, int *A, int *B, int *C) {
;     int i;
;     i = bsize * bid + tid;
;     //@ loop invariant (loop_count - 1) * bsize * gsize + bsize * bid + tid < numElements ==> i == loop_count * bsize * gsize + bsize * bid + tid;
;     //@ loop invariant (loop_count - 1) * bsize * gsize + bsize * bid + tid >= numElements ==> i == (loop_count - 1) * bsize * gsize + bsize * bid + tid;
;     //@ loop invariant \forall k; 0 <= k && k < bsize * gsize * loop_count && k < numElements ==> C[k] == A[k] + B[k];
;     while (i < numElements) {
;       C[i] = A[i] + B[i];
;       i = i + gsize * bsize;
;     }
;   }
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: vericuda/vectoradd_nonunif/t6_preserve_inv3|)
(set-info :status unsat)

(declare-fun bsize () Int)
(declare-fun gsize () Int)
(declare-fun numElements_0 () Int)
(declare-fun A_0 (Int) Int)
(declare-fun B_0 (Int) Int)
(declare-fun i_1 (Int Int) Int)
(declare-fun C_1 (Int) Int)
(declare-fun i_2 (Int Int) Int)
(declare-fun l () Int)
(declare-fun C_2 (Int) Int)
(declare-fun i_3 (Int Int) Int)

; launch: blocks are non-empty
(assert (< 0 bsize))
; launch: at least one block
(assert (< 0 gsize))
; requires numElements > 0
(assert (> numElements_0 0))
; i = bsize * bid + tid   [assign i_1]
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((t Int)) (=> (and (<= 0 t) (< t bsize)) (= (i_1 b t) (+ (* bsize b) t)))))))
; loop 1: loop counter l is non-negative
(assert (<= 0 l))
; loop 1 invariant 1 at iteration l: (loop_count - 1) * bsize * gsize + bsize * bid + tid < numElements ==> i == loop_count * bsize * gsize + bsize * bid + tid
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((t Int))
              (=> (and (<= 0 t) (< t bsize))
                (=> (< (+ (* (- l 1) bsize gsize) (* bsize b) t) numElements_0)
                  (= (i_2 b t) (+ (* l bsize gsize) (* bsize b) t))))))))
; loop 1 invariant 2 at iteration l: (loop_count - 1) * bsize * gsize + bsize * bid + tid >= numElements ==> i == (loop_count - 1) * bsize * gsize + bsize * bid + tid
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((t Int))
              (=> (and (<= 0 t) (< t bsize))
                (=> (>= (+ (* (- l 1) bsize gsize) (* bsize b) t) numElements_0)
                  (= (i_2 b t) (+ (* (- l 1) bsize gsize) (* bsize b) t))))))))
; loop 1 invariant 3 at iteration l: \forall k; 0 <= k && k < bsize * gsize * loop_count && k < numElements ==> C[k] == A[k] + B[k]
(assert (forall ((k Int))
          (=> (and (<= 0 k) (< k (* bsize gsize l)) (< k numElements_0))
            (= (C_1 k) (+ (A_0 k) (B_0 k))))))
; loop 1 continues: some active thread satisfies i < numElements
(assert (exists ((b Int))
          (and (<= 0 b)
            (< b gsize)
            (exists ((t Int)) (and (<= 0 t) (< t bsize) (< (i_2 b t) numElements_0))))))
; C[i] = A[i] + B[i]   [assign C_2, formula (1)]
(assert (forall ((n Int))
          (or
            (exists ((b Int))
              (and (<= 0 b)
                (< b gsize)
                (exists ((t Int))
                  (and (<= 0 t)
                    (< t bsize)
                    (< (i_2 b t) numElements_0)
                    (= (i_2 b t) n)
                    (= (C_2 n) (+ (A_0 (i_2 b t)) (B_0 (i_2 b t))))))))
            (and
              (forall ((b Int))
                (=> (and (<= 0 b) (< b gsize))
                  (forall ((t Int))
                    (not (and (<= 0 t) (< t bsize) (< (i_2 b t) numElements_0) (= (i_2 b t) n))))))
              (= (C_2 n) (C_1 n))))))
; i = i + gsize * bsize   [assign i_3]
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((t Int))
              (=> (and (<= 0 t) (< t bsize))
                (or
                  (and (< (i_2 b t) numElements_0) (= (i_3 b t) (+ (i_2 b t) (* gsize bsize))))
                  (and (not (< (i_2 b t) numElements_0)) (= (i_3 b t) (i_2 b t)))))))))
; goal (negated)
; loop 1 invariant 3 is preserved by an iteration: \forall k; 0 <= k && k < bsize * gsize * loop_count && k < numElements ==> C[k] == A[k] + B[k]
(assert (not (forall ((k Int))
               (=> (and (<= 0 k) (< k (* bsize gsize (+ l 1))) (< k numElements_0))
                 (= (C_2 k) (+ (A_0 k) (B_0 k)))))))
(check-sat)
