; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    divergence
; kernel:    diverge1
; task:      t1_barrier1_divergence
; checks:    barrier 1: both threads agree on reaching it (no barrier divergence)
; origin:    diverge1: if (tid == 0) barrier(); else barrier();. GPUVerify tutorial (POPL'14), seed 004
; expected:  sat (INVALID VC (deliberate bug): a counterexample exists)
; generator: python3 corpus/gen/generate.py
; notes:     the barriers are different program points; the second check is valid only because the failed first assertion is assumed afterwards (Boogie semantics)
;
; kernel source (mini kernel language):
;   // launch configuration: single1d; builtins: tid, N
;   kernel diverge1() {
;     if (tid == 0) {
;       barrier();
;     } else {
;       barrier();
;     }
;   }
;   // two-thread encoding: x$1/x$2 are the copies of x in the two threads, x@k its SSA versions;
;   // ($t in an invariant stands for both $1 and $2; __enabled$t is the loop predicate)
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: divergence/diverge1/t1_barrier1_divergence|)
(set-info :status sat)

(declare-fun N () Int)
(declare-fun tid$1 () Int)
(declare-fun tid$2 () Int)

; launch: at least one thread
(assert (< 0 N))
; thread 1: tid in range
(assert (and (<= 0 tid$1) (< tid$1 N)))
; thread 2: tid in range
(assert (and (<= 0 tid$2) (< tid$2 N)))
; the two threads are distinct
(assert (not (= tid$1 tid$2)))
; goal (negated)
; barrier 1: both threads agree on reaching it (no barrier divergence)
(assert (not (= (= tid$1 0) (= tid$2 0))))
(check-sat)
