; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    divergence
; kernel:    vectoradd_barrier
; task:      t1_entry_inv1
; checks:    loop 1 invariant 1 holds on entry: (\exists_thread; active) ==> (\forall_thread; active)
; origin:    vectorAdd with a barrier in the grid-stride loop (uniform trip count). Kojima, Imanishi, Igarashi: Automated Verification of Functional Correctness of Race-Free GPU Programs, vectorAdd of Sec. 5.2 with a barrier added to the loop body
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: multi1d; builtins: bid, tid, bsize, gsize, N
;   //@ ghost m;
;   //@ requires numElements == m * bsize * gsize;
;   //@ ensures \forall i; 0 <= i ==> i < numElements ==> C[i] == A[i] + B[i];
;   kernel vectoradd_barrier(int numElements, int *A, int *B, int *C) {
;     int i;
;     i = bsize * bid + tid;
;     //@ loop invariant (\exists_thread; active) ==> (\forall_thread; active);
;     //@ loop invariant i == loop_count * bsize * gsize + bsize * bid + tid;
;     //@ loop invariant \forall k; 0 <= k && k < bsize * gsize * loop_count ==> C[k] == A[k] + B[k];
;     while (i < numElements) {
;       C[i] = A[i] + B[i];
;       barrier();
;       i = i + gsize * bsize;
;     }
;   }
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: divergence/vectoradd_barrier/t1_entry_inv1|)
(set-info :status unsat)

(declare-fun bsize () Int)
(declare-fun gsize () Int)
(declare-fun numElements_0 () Int)
(declare-fun m () Int)
(declare-fun i_1 (Int Int) Int)

; launch: blocks are non-empty
(assert (< 0 bsize))
; launch: at least one block
(assert (< 0 gsize))
; requires numElements == m * bsize * gsize
(assert (= numElements_0 (* m bsize gsize)))
; i = bsize * bid + tid   [assign i_1]
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((t Int)) (=> (and (<= 0 t) (< t bsize)) (= (i_1 b t) (+ (* bsize b) t)))))))
; goal (negated)
; loop 1 invariant 1 holds on entry: (\exists_thread; active) ==> (\forall_thread; active)
(assert (not (=>
               (exists ((b Int))
                 (and (<= 0 b)
                   (< b gsize)
                   (exists ((t Int)) (and (<= 0 t) (< t bsize) (< (i_1 b t) numElements_0)))))
               (forall ((b Int))
                 (=> (and (<= 0 b) (< b gsize))
                   (forall ((t Int)) (=> (and (<= 0 t) (< t bsize)) (< (i_1 b t) numElements_0))))))))
(check-sat)
