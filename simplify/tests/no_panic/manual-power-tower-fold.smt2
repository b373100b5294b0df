(declare-const x Real)
(assert (> x (^ (^ (^ 0.1 64) 64) 64)))
(check-sat)
