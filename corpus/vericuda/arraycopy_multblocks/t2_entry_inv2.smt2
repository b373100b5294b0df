; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    vericuda
; kernel:    arraycopy_multblocks
; task:      t2_entry_inv2
; checks:    loop 1 invariant 2 holds on entry: \forall j; 0 <= j < N * loop_count ==> b[j] == a[j]
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
(set-info :source |vcsimp corpus: vericuda/arraycopy_multblocks/t2_entry_inv2|)
(set-info :status unsat)

(declare-fun bsize () Int)
(declare-fun gsize () Int)
(declare-fun N () Int)
(declare-fun len_0 () Int)
(declare-fun m () Int)
(declare-fun a_0 (Int) Int)
(declare-fun b_0 (Int) Int)
(declare-fun i_1 (Int Int) Int)

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
; goal (negated)
; loop 1 invariant 2 holds on entry: \forall j; 0 <= j < N * loop_count ==> b[j] == a[j]
(assert (not (forall ((j Int)) (=> (and (<= 0 j) (< j (* N 0))) (= (b_0 j) (a_0 j))))))
(check-sat)
