; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    vericuda
; kernel:    diffusion1d_naive
; task:      t2_postcondition2
; checks:    postcondition: ensures fn[n - 1] == c0 * (f[n - 2] + f[n - 1]) + c1 * f[n - 1]
; origin:    diffusion1d_naive: the stencil without shared memory. VeriCUDA benchmark programs (SoftwareFoundationGroupAtKyotoU/VeriCUDA), samples/diffusion1d.cu (diffusion1d_naive); variant of the paper's diffusion1d
; expected:  unsat (valid VC: the negated goal is unsatisfiable)
; generator: python3 corpus/gen/generate.py
;
; kernel source (mini kernel language):
;   // launch configuration: multi1d; builtins: bid, tid, bsize, gsize, N
;   //@ requires n == bsize * gsize;
;   //@ requires n > 1;
;   //@ ensures fn[0] == c0 * (f[0] + f[1]) + c1 * f[0];
;   //@ ensures fn[n - 1] == c0 * (f[n - 2] + f[n - 1]) + c1 * f[n - 1];
;   //@ ensures \forall j; 0 < j ==> j < n - 1 ==> fn[j] == c0 * (f[j - 1] + f[j + 1]) + c1 * f[j];
;   kernel diffusion1d_naive(int n, int c0, int c1, int *f, int *fn) {
;     int j, fcc, fce, fcw;
;     j = bsize * bid + tid;
;     fcc = f[j];
;     if (j == 0) {
;       fcw = fcc;
;     } else {
;       fcw = f[j - 1];
;     }
;     if (j == n - 1) {
;       fce = fcc;
;     } else {
;       fce = f[j + 1];
;     }
;     fn[j] = c0 * (fcw + fce) + c1 * fcc;
;   }
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: vericuda/diffusion1d_naive/t2_postcondition2|)
(set-info :status unsat)

(declare-fun bsize () Int)
(declare-fun gsize () Int)
(declare-fun n_0 () Int)
(declare-fun c0_0 () Int)
(declare-fun c1_0 () Int)
(declare-fun fce_0 (Int Int) Int)
(declare-fun fcw_0 (Int Int) Int)
(declare-fun f_0 (Int) Int)
(declare-fun fn_0 (Int) Int)
(declare-fun j_1 (Int Int) Int)
(declare-fun fcc_1 (Int Int) Int)
(declare-fun fcw_1 (Int Int) Int)
(declare-fun fcw_2 (Int Int) Int)
(declare-fun fce_1 (Int Int) Int)
(declare-fun fce_2 (Int Int) Int)
(declare-fun fn_1 (Int) Int)

; launch: blocks are non-empty
(assert (< 0 bsize))
; launch: at least one block
(assert (< 0 gsize))
; requires n == bsize * gsize
(assert (= n_0 (* bsize gsize)))
; requires n > 1
(assert (> n_0 1))
; j = bsize * bid + tid   [assign j_1]
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((t Int)) (=> (and (<= 0 t) (< t bsize)) (= (j_1 b t) (+ (* bsize b) t)))))))
; fcc = f[j]   [assign fcc_1]
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((t Int)) (=> (and (<= 0 t) (< t bsize)) (= (fcc_1 b t) (f_0 (j_1 b t))))))))
; fcw = fcc   [assign fcw_1]
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((t Int))
              (=> (and (<= 0 t) (< t bsize))
                (or (and (= (j_1 b t) 0) (= (fcw_1 b t) (fcc_1 b t)))
                  (and (not (= (j_1 b t) 0)) (= (fcw_1 b t) (fcw_0 b t)))))))))
; fcw = f[j - 1]   [assign fcw_2]
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((t Int))
              (=> (and (<= 0 t) (< t bsize))
                (or (and (not (= (j_1 b t) 0)) (= (fcw_2 b t) (f_0 (- (j_1 b t) 1))))
                  (and (not (not (= (j_1 b t) 0))) (= (fcw_2 b t) (fcw_1 b t)))))))))
; fce = fcc   [assign fce_1]
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((t Int))
              (=> (and (<= 0 t) (< t bsize))
                (or (and (= (j_1 b t) (- n_0 1)) (= (fce_1 b t) (fcc_1 b t)))
                  (and (not (= (j_1 b t) (- n_0 1))) (= (fce_1 b t) (fce_0 b t)))))))))
; fce = f[j + 1]   [assign fce_2]
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((t Int))
              (=> (and (<= 0 t) (< t bsize))
                (or
                  (and (not (= (j_1 b t) (- n_0 1))) (= (fce_2 b t) (f_0 (+ (j_1 b t) 1))))
                  (and (not (not (= (j_1 b t) (- n_0 1)))) (= (fce_2 b t) (fce_1 b t)))))))))
; fn[j] = c0 * (fcw + fce) + c1 * fcc   [assign fn_1, formula (1)]
(assert (forall ((n Int))
          (or
            (exists ((b Int))
              (and (<= 0 b)
                (< b gsize)
                (exists ((t Int))
                  (and (<= 0 t)
                    (< t bsize)
                    (= (j_1 b t) n)
                    (= (fn_1 n) (+ (* c0_0 (+ (fcw_2 b t) (fce_2 b t))) (* c1_0 (fcc_1 b t))))))))
            (and
              (forall ((b Int))
                (=> (and (<= 0 b) (< b gsize))
                  (forall ((t Int)) (not (and (<= 0 t) (< t bsize) (= (j_1 b t) n))))))
              (= (fn_1 n) (fn_0 n))))))
; goal (negated)
; postcondition: ensures fn[n - 1] == c0 * (f[n - 2] + f[n - 1]) + c1 * f[n - 1]
(assert (not (= (fn_1 (- n_0 1))
               (+ (* c0_0 (+ (f_0 (- n_0 2)) (f_0 (- n_0 1)))) (* c1_0 (f_0 (- n_0 1)))))))
(check-sat)
