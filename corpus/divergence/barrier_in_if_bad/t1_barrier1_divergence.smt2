; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    divergence
; kernel:    barrier_in_if_bad
; task:      t1_barrier1_divergence
; checks:    barrier 1: both threads agree on reaching it (no barrier divergence)
; origin:    if (tid < k) barrier(); for arbitrary k (divergent). barrier under a thread-dependent condition (GPUVerify, seed 004)
; expected:  sat (INVALID VC (deliberate bug): a counterexample exists)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: single1d; builtins: tid, N
;   kernel barrier_in_if_bad(int k) {
;     if (tid < k) {
;       barrier();
;     }
;   }
;   // two-thread encoding: x$1/x$2 are the copies of x in the two threads, x@k its SSA versions;
;   // ($t in an invariant stands for both $1 and $2; __enabled$t is the loop predicate)
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: divergence/barrier_in_if_bad/t1_barrier1_divergence|)
(set-info :status sat)

(declare-fun N () Int)
(declare-fun tid$1 () Int)
(declare-fun tid$2 () Int)
(declare-fun k$1@0 () Int)
(declare-fun k$2@0 () Int)

; launch: at least one thread
(assert (< 0 N))
; thread 1: tid in range
(assert (and (<= 0 tid$1) (< tid$1 N)))
; thread 2: tid in range
(assert (and (<= 0 tid$2) (< tid$2 N)))
; the two threads are distinct
(assert (not (= tid$1 tid$2)))
; parameter k is uniform
(assert (= k$1@0 k$2@0))
; goal (negated)
; barrier 1: both threads agree on reaching it (no barrier divergence)
(assert (not (= (< tid$1 k$1@0) (< tid$2 k$2@0))))
(check-sat)
