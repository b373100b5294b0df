; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    vericuda
; kernel:    vectoradd_downward
; task:      t4_preserve_inv1
; checks:    loop 1 invariant 1 is preserved by an iteration: (\exists_thread; active) ==> (\forall_thread; active)
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
(set-info :source |vcsimp corpus: vericuda/vectoradd_downward/t4_preserve_inv1|)
(set-info :status unsat)

(declare-fun bsize () Int)
(declare-fun gsize () Int)
(declare-fun numElements_0 () Int)
(declare-fun m () Int)
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
; requires numElements == m * bsize * gsize
(assert (= numElements_0 (* m bsize gsize)))
; i = numElements - 1 - bsize * bid - tid   [assign i_1]
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((t Int))
              (=> (and (<= 0 t) (< t bsize))
                (= (i_1 b t) (- (- (- numElements_0 1) (* bsize b)) t)))))))
; loop 1: loop counter l is non-negative
(assert (<= 0 l))
; loop 1 invariant 1 at iteration l: (\exists_thread; active) ==> (\forall_thread; active)
(assert (=>
          (exists ((b Int))
            (and (<= 0 b)
              (< b gsize)
              (exists ((t Int)) (and (<= 0 t) (< t bsize) (<= 0 (i_2 b t))))))
          (forall ((b Int))
            (=> (and (<= 0 b) (< b gsize))
              (forall ((t Int)) (=> (and (<= 0 t) (< t bsize)) (<= 0 (i_2 b t))))))))
; loop 1 invariant 2 at iteration l: i == numElements - 1 - loop_count * bsize * gsize - bsize * bid - tid
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((t Int))
              (=> (and (<= 0 t) (< t bsize))
                (= (i_2 b t) (- (- (- (- numElements_0 1) (* l bsize gsize)) (* bsize b)) t)))))))
; loop 1 invariant 3 at iteration l: \forall k; numElements - bsize * gsize * loop_count <= k && k < numElements ==> C[k] == A[k] + B[k]
(assert (forall ((k Int))
          (=>
            (and (<= (- numElements_0 (* bsize gsize l)) k) (< k numElements_0))
            (= (C_1 k) (+ (A_0 k) (B_0 k))))))
; loop 1 continues: some active thread satisfies 0 <= i
(assert (exists ((b Int))
          (and (<= 0 b) (< b gsize) (exists ((t Int)) (and (<= 0 t) (< t bsize) (<= 0 (i_2 b t)))))))
; C[i] = A[i] + B[i]   [assign C_2, formula (1)]
(assert (forall ((n Int))
          (or
            (exists ((b Int))
              (and (<= 0 b)
                (< b gsize)
                (exists ((t Int))
                  (and (<= 0 t)
                    (< t bsize)
                    (<= 0 (i_2 b t))
                    (= (i_2 b t) n)
                    (= (C_2 n) (+ (A_0 (i_2 b t)) (B_0 (i_2 b t))))))))
            (and
              (forall ((b Int))
                (=> (and (<= 0 b) (< b gsize))
                  (forall ((t Int))
                    (not (and (<= 0 t) (< t bsize) (<= 0 (i_2 b t)) (= (i_2 b t) n))))))
              (= (C_2 n) (C_1 n))))))
; i = i - gsize * bsize   [assign i_3]
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((t Int))
              (=> (and (<= 0 t) (< t bsize))
                (or (and (<= 0 (i_2 b t)) (= (i_3 b t) (- (i_2 b t) (* gsize bsize))))
                  (and (not (<= 0 (i_2 b t))) (= (i_3 b t) (i_2 b t)))))))))
; goal (negated)
; loop 1 invariant 1 is preserved by an iteration: (\exists_thread; active) ==> (\forall_thread; active)
(assert (not (=>
               (exists ((b Int))
                 (and (<= 0 b)
                   (< b gsize)
                   (exists ((t Int)) (and (<= 0 t) (< t bsize) (<= 0 (i_3 b t))))))
               (forall ((b Int))
                 (=> (and (<= 0 b) (< b gsize))
                   (forall ((t Int)) (=> (and (<= 0 t) (< t bsize)) (<= 0 (i_3 b t)))))))))
(check-sat)
