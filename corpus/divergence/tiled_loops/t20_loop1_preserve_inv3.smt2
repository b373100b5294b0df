; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    divergence
; kernel:    tiled_loops
; task:      t20_loop1_preserve_inv3
; checks:    loop 1 invariant 3 is preserved by the loop body: !READ_HAS_OCCURRED_As
; origin:    uniform nested loops with two barriers per outer iteration (matrixMul's loop structure). loop structure of matrixMul (Kojima et al. Sec. 5.2); uniformity invariants of Betts et al. (GPUVerify candidate invariants), seed 001
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: single1d; builtins: tid, N
;   kernel tiled_loops(int w, __shared__ int *As) {
;     int a, k, acc;
;     acc = 0;
;     a = 0;
;     //@ loop invariant a$1 == a$2;
;     //@ loop invariant __enabled$1 == __enabled$2;
;     //@ loop invariant !READ_HAS_OCCURRED_As;
;     //@ loop invariant !WRITE_HAS_OCCURRED_As;
;     while (a < w) {
;       As[tid] = a + tid;
;       barrier();
;       k = 0;
;       //@ loop invariant k$1 == k$2;
;       //@ loop invariant __enabled$1 == __enabled$2;
;       //@ loop invariant k$t >= 0;
;       while (k < N) {
;         acc = acc + As[k];
;         k = k + 1;
;       }
;       barrier();
;       a = a + N;
;     }
;   }
;   // two-thread encoding: x$1/x$2 are the copies of x in the two threads, x@k its SSA versions;
;   // ($t in an invariant stands for both $1 and $2; __enabled$t is the loop predicate)
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: divergence/tiled_loops/t20_loop1_preserve_inv3|)
(set-info :status unsat)

(declare-fun N () Int)
(declare-fun tid$1 () Int)
(declare-fun tid$2 () Int)
(declare-fun w$1@0 () Int)
(declare-fun w$2@0 () Int)
(declare-fun READ_HAS_OCCURRED_As@0 () Bool)
(declare-fun WRITE_HAS_OCCURRED_As@0 () Bool)
(declare-fun acc$1@1 () Int)
(declare-fun acc$2@1 () Int)
(declare-fun a$1@1 () Int)
(declare-fun a$2@1 () Int)
(declare-fun Q1$1@0 () Bool)
(declare-fun Q1$2@0 () Bool)
(declare-fun WRITE_HAS_OCCURRED_As@1 () Bool)
(declare-fun WRITE_OFFSET_As@1 () Int)
(declare-fun READ_HAS_OCCURRED_As@1 () Bool)
(declare-fun READ_OFFSET_As@1 () Int)
(declare-fun k$1@1 () Int)
(declare-fun k$2@1 () Int)
(declare-fun a$1@2 () Int)
(declare-fun a$2@2 () Int)
(declare-fun Q1$1@1 () Bool)
(declare-fun Q1$2@1 () Bool)
(declare-fun log@1 () Bool)
(declare-fun WRITE_HAS_OCCURRED_As@2 () Bool)
(declare-fun WRITE_OFFSET_As@2 () Int)
(declare-fun k$1@2 () Int)
(declare-fun k$2@2 () Int)
(declare-fun Q2$1@0 () Bool)
(declare-fun Q2$2@0 () Bool)
(declare-fun READ_HAS_OCCURRED_As@2 () Bool)
(declare-fun k$1@3 () Int)
(declare-fun k$2@3 () Int)
(declare-fun Q2$1@1 () Bool)
(declare-fun Q2$2@1 () Bool)
(declare-fun a$1@3 () Int)
(declare-fun a$2@3 () Int)
(declare-fun Q1$1@2 () Bool)
(declare-fun Q1$2@2 () Bool)

; launch: at least one thread
(assert (< 0 N))
; thread 1: tid in range
(assert (and (<= 0 tid$1) (< tid$1 N)))
; thread 2: tid in range
(assert (and (<= 0 tid$2) (< tid$2 N)))
; the two threads are distinct
(assert (not (= tid$1 tid$2)))
; parameter w is uniform
(assert (= w$1@0 w$2@0))
; no access to As logged yet
(assert (and (not READ_HAS_OCCURRED_As@0) (not WRITE_HAS_OCCURRED_As@0)))
; thread 1: acc = 0
(assert (= acc$1@1 0))
; thread 2: acc = 0
(assert (= acc$2@1 0))
; thread 1: a = 0
(assert (= a$1@1 0))
; thread 2: a = 0
(assert (= a$2@1 0))
; loop 1: thread 1 enters iff enabled and a < w
(assert (= Q1$1@0 (< a$1@1 w$1@0)))
; loop 1: thread 2 enters iff enabled and a < w
(assert (= Q1$2@0 (< a$2@1 w$2@0)))
; (assumed after being checked) loop 1 invariant 1 holds on entry: a$1 == a$2
(assert (= a$1@1 a$2@1))
; (assumed after being checked) loop 1 invariant 2 holds on entry: __enabled$1 == __enabled$2
(assert (= Q1$1@0 Q1$2@0))
; (assumed after being checked) loop 1 invariant 3 holds on entry: !READ_HAS_OCCURRED_As
(assert (not READ_HAS_OCCURRED_As@0))
; (assumed after being checked) loop 1 invariant 4 holds on entry: !WRITE_HAS_OCCURRED_As
(assert (not WRITE_HAS_OCCURRED_As@0))
; loop 1 invariant 1 (assumed at the loop head): a$1 == a$2
(assert (= a$1@2 a$2@2))
; loop 1 invariant 2 (assumed at the loop head): __enabled$1 == __enabled$2
(assert (= Q1$1@1 Q1$2@1))
; loop 1 invariant 3 (assumed at the loop head): !READ_HAS_OCCURRED_As
(assert (not READ_HAS_OCCURRED_As@1))
; loop 1 invariant 4 (assumed at the loop head): !WRITE_HAS_OCCURRED_As
(assert (not WRITE_HAS_OCCURRED_As@1))
; loop 1: some thread still iterates
(assert (or Q1$1@1 Q1$2@1))
; LOG_WRITE_As by thread 1 (nondeterministically chosen by log@1)
(assert (= WRITE_HAS_OCCURRED_As@2 (ite (and Q1$1@1 log@1) true WRITE_HAS_OCCURRED_As@1)))
(assert (= WRITE_OFFSET_As@2 (ite (and Q1$1@1 log@1) tid$1 WRITE_OFFSET_As@1)))
; (assumed after being checked) CHECK_WRITE_As: write 1 of As by thread 2 does not conflict with a logged write of thread 1
(assert (=> (and Q1$2@1 WRITE_HAS_OCCURRED_As@2) (not (= WRITE_OFFSET_As@2 tid$2))))
; (assumed after being checked) CHECK_WRITE_As: write 1 of As by thread 2 does not conflict with a logged read of thread 1
(assert (=> (and Q1$2@1 READ_HAS_OCCURRED_As@1) (not (= READ_OFFSET_As@1 tid$2))))
; (assumed after being checked) barrier 1: both threads agree on reaching it (no barrier divergence)
(assert (= Q1$1@1 Q1$2@1))
; barrier 1: logged accesses to As were checked, none pending
(assert (=> Q1$1@1 (and (not READ_HAS_OCCURRED_As@1) (not WRITE_HAS_OCCURRED_As@2))))
; thread 1: k = 0
(assert (= k$1@2 (ite Q1$1@1 0 k$1@1)))
; thread 2: k = 0
(assert (= k$2@2 (ite Q1$2@1 0 k$2@1)))
; loop 2: thread 1 enters iff enabled and k < N
(assert (= Q2$1@0 (and Q1$1@1 (< k$1@2 N))))
; loop 2: thread 2 enters iff enabled and k < N
(assert (= Q2$2@0 (and Q1$2@1 (< k$2@2 N))))
; (assumed after being checked) loop 2 invariant 1 holds on entry: k$1 == k$2
(assert (= k$1@2 k$2@2))
; (assumed after being checked) loop 2 invariant 2 holds on entry: __enabled$1 == __enabled$2
(assert (= Q2$1@0 Q2$2@0))
; (assumed after being checked) loop 2 invariant 3 holds on entry: k$1 >= 0
(assert (>= k$1@2 0))
; (assumed after being checked) loop 2 invariant 4 holds on entry: k$2 >= 0
(assert (>= k$2@2 0))
; loop 2 invariant 1 (assumed at the loop head): k$1 == k$2
(assert (= k$1@3 k$2@3))
; loop 2 invariant 2 (assumed at the loop head): __enabled$1 == __enabled$2
(assert (= Q2$1@1 Q2$2@1))
; loop 2 invariant 3 (assumed at the loop head): k$1 >= 0
(assert (>= k$1@3 0))
; loop 2 invariant 4 (assumed at the loop head): k$2 >= 0
(assert (>= k$2@3 0))
; loop 2 exited by both threads
(assert (not (or Q2$1@1 Q2$2@1)))
; (assumed after being checked) barrier 2: both threads agree on reaching it (no barrier divergence)
(assert (= Q1$1@1 Q1$2@1))
; barrier 2: logged accesses to As were checked, none pending
(assert (=> Q1$1@1 (and (not READ_HAS_OCCURRED_As@2) (not WRITE_HAS_OCCURRED_As@2))))
; thread 1: a = a + N
(assert (= a$1@3 (ite Q1$1@1 (+ a$1@2 N) a$1@2)))
; thread 2: a = a + N
(assert (= a$2@3 (ite Q1$2@1 (+ a$2@2 N) a$2@2)))
; loop 1: re-evaluate the guard for thread 1
(assert (= Q1$1@2 (and Q1$1@1 (< a$1@3 w$1@0))))
; loop 1: re-evaluate the guard for thread 2
(assert (= Q1$2@2 (and Q1$2@1 (< a$2@3 w$2@0))))
; (assumed after being checked) loop 1 invariant 1 is preserved by the loop body: a$1 == a$2
(assert (= a$1@3 a$2@3))
; (assumed after being checked) loop 1 invariant 2 is preserved by the loop body: __enabled$1 == __enabled$2
(assert (= Q1$1@2 Q1$2@2))
; goal (negated)
; loop 1 invariant 3 is preserved by the loop body: !READ_HAS_OCCURRED_As
(assert (not (not READ_HAS_OCCURRED_As@2)))
(check-sat)
