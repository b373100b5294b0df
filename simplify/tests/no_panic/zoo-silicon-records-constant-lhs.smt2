; Reduced from viper-smt-scope/smt-problems/test-suite/silicon/capture_avoidance/capture_avoidance_rule_2-00.smt2:
; a forall whose equation has a constant on the left panicked the records pass.
(declare-sort S 0)
(declare-fun mk (Int) S)
(declare-fun p (S) Int)
(declare-fun c () Int)
(assert (forall ((u S)) (= u (mk (p u)))))
(assert (forall ((x Int)) (= c x)))
(assert (forall ((s S)) (> (p s) 0)))
(check-sat)
