; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    vericuda
; kernel:    arraycopy_multblocks
; task:      t4_preserve_inv2
; checks:    loop 1 invariant 2 is preserved by an iteration: \forall j; 0 <= j < N * loop_count ==> b[j] == a[j]
; origin:    ArrayCopyMultBlocks (Fig. 2): ArrayCopy over gsize blocks of bsize threads. Kojima, Imanishi, Igarashi: Automated Verification of Functional Correctness of Race-Free GPU Programs, Fig. 2 and Sec. 4.3
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: multi1d; builtins: bid, tid, bsize, gsize, N
;   //@ ghost m;
;   //@ requires len == m * N;
;   //@ ensures \forall j; 0 <= j < len ==> b[j] == a[j];
;   kernel arraycopy_multblocks(int len, int *a, int *b) {
;     int i;
;     i = bid * bsize + tid;
;     //@ loop invariant i == N * loop_count + bid * bsize + tid;
;     //@ loop invariant \forall j; 0 <= j < N * loop_count ==> b[j] == a[j];
;     while (i < len) {
;       b[i] = a[i];
;       i = i + N;
;     }
;   }
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: vericuda/arraycopy_multblocks/t4_preserve_inv2|)
(set-info :status unsat)

(declare-fun bsize () Int)
(declare-fun gsize () Int)
(declare-fun N () Int)
(declare-fun len_0 () Int)
(declare-fun m () Int)
(declare-fun a_0 (Int) Int)
(declare-fun i_1 (Int Int) Int)
(declare-fun b_1 (Int) Int)
(declare-fun i_2 (Int Int) Int)
(declare-fun l () Int)
(declare-fun b_2 (Int) Int)
(declare-fun i_3 (Int Int) Int)

; launch: blocks are non-empty
(assert (< 0 bsize))
; launch: at least one block
(assert (< 0 gsize))
; launch: N is the total number of threads
(assert (= N (* bsize gsize)))
; requires len == m * N
(assert (= len_0 (* m N)))
; i = bid * bsize + tid   [assign i_1]
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((t Int)) (=> (and (<= 0 t) (< t bsize)) (= (i_1 b t) (+ (* b bsize) t)))))))
; loop 1: loop counter l is non-negative
(assert (<= 0 l))
; loop 1 invariant 1 at iteration l: i == N * loop_count + bid * bsize + tid
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((t Int))
              (=> (and (<= 0 t) (< t bsize)) (= (i_2 b t) (+ (* N l) (* b bsize) t)))))))
; loop 1 invariant 2 at iteration l: \forall j; 0 <= j < N * loop_count ==> b[j] == a[j]
(assert (forall ((j Int)) (=> (and (<= 0 j) (< j (* N l))) (= (b_1 j) (a_0 j)))))
; loop 1 continues: some active thread satisfies i < len
(assert (exists ((b Int))
          (and (<= 0 b)
            (< b gsize)
            (exists ((t Int)) (and (<= 0 t) (< t bsize) (< (i_2 b t) len_0))))))
; b[i] = a[i]   [assign b_2, formula (1)]
(assert (forall ((n Int))
          (or
            (exists ((b Int))
              (and (<= 0 b)
                (< b gsize)
                (exists ((t Int))
                  (and (<= 0 t)
                    (< t bsize)
                    (< (i_2 b t) len_0)
                    (= (i_2 b t) n)
                    (= (b_2 n) (a_0 (i_2 b t)))))))
            (and
              (forall ((b Int))
                (=> (and (<= 0 b) (< b gsize))
                  (forall ((t Int))
                    (not (and (<= 0 t) (< t bsize) (< (i_2 b t) len_0) (= (i_2 b t) n))))))
              (= (b_2 n) (b_1 n))))))
; i = i + N   [assign i_3]
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((t Int))
              (=> (and (<= 0 t) (< t bsize))
                (or (and (< (i_2 b t) len_0) (= (i_3 b t) (+ (i_2 b t) N)))
                  (and (not (< (i_2 b t) len_0)) (= (i_3 b t) (i_2 b t)))))))))
; goal (negated)
; loop 1 invariant 2 is preserved by an iteration: \forall j; 0 <= j < N * loop_count ==> b[j] == a[j]
(assert (not (forall ((j Int)) (=> (and (<= 0 j) (< j (* N (+ l 1)))) (= (b_2 j) (a_0 j))))))
(check-sat)
