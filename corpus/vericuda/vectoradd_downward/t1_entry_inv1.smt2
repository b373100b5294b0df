; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    vericuda
; kernel:    vectoradd_downward
; task:      t1_entry_inv1
; checks:    loop 1 invariant 1 holds on entry: (\exists_thread; active) ==> (\forall_thread; active)
; origin:    vectorAddDownward: grid-stride loop running from the end of the arrays. VeriCUDA benchmark programs (SoftwareFoundationGroupAtKyotoU/VeriCUDA), samples/vectorAdd.cu (vectorAddDownward); variant of the paper's vectorAdd
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: multi1d; builtins: bid, tid, bsize, gsize, N
;   //@ ghost m;
;   //@ requires numElements == m * bsize * gsize;
;   //@ ensures \forall i; 0 <= i ==> i < numElements ==> C[i] == A[i] + B[i];
;   kernel vectoradd_downward(int numElements, int *A, int *B, int *C) {
;     int i;
;     i = numElements - 1 - bsize * bid - tid;
;     //@ loop invariant (\exists_thread; active) ==> (\forall_thread; active);
;     //@ loop invariant i == numElements - 1 - loop_count * bsize * gsize - bsize * bid - tid;
;     //@ loop invariant \forall k; numElements - bsize * gsize * loop_count <= k && k < numElements ==> C[k] == A[k] + B[k];
;     while (0 <= i) {
;       C[i] = A[i] + B[i];
;       i = i - gsize * bsize;
;     }
;   }
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: vericuda/vectoradd_downward/t1_entry_inv1|)
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
; i = numElements - 1 - bsize * bid - tid   [assign i_1]
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((t Int))
              (=> (and (<= 0 t) (< t bsize))
                (= (i_1 b t) (- (- (- numElements_0 1) (* bsize b)) t)))))))
; goal (negated)
; loop 1 invariant 1 holds on entry: (\exists_thread; active) ==> (\forall_thread; active)
(assert (not (=>
               (exists ((b Int))
                 (and (<= 0 b)
                   (< b gsize)
                   (exists ((t Int)) (and (<= 0 t) (< t bsize) (<= 0 (i_1 b t))))))
               (forall ((b Int))
                 (=> (and (<= 0 b) (< b gsize))
                   (forall ((t Int)) (=> (and (<= 0 t) (< t bsize)) (<= 0 (i_1 b t)))))))))
(check-sat)
