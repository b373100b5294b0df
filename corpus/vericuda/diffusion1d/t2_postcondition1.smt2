; vcsimp VC corpus -- generated file, do not edit (regenerate instead).
; family:    vericuda
; kernel:    diffusion1d
; task:      t2_postcondition1
; checks:    postcondition: ensures fn[0] == c0 * (f[0] + f[1]) + c1 * f[0]
; origin:    diffusion1d: one step of a 1-D diffusion stencil using a shared-memory halo. Kojima, Imanishi, Igarashi: Automated Verification of Functional Correctness of Race-Free GPU Programs, Sec. 5.2 (diffusion1d); annotations from VeriCUDA benchmark programs (SoftwareFoundationGroupAtKyotoU/VeriCUDA), samples/diffusion1d.cu (diffusion1d)
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
;   kernel diffusion1d(int n, int c0, int c1, int *f, int *fn) {
;     __shared__ fs[];
;     int j, js;
;     js = tid + 1;
;     j = bsize * bid + tid;
;     fs[js] = f[j];
;     if (tid == 0) {
;       fs[0] = bid == 0 ? fs[1] : f[j - 1];
;     }
;     if (tid == bsize - 1) {
;       fs[js + 1] = bid == gsize - 1 ? fs[js] : f[j + 1];
;     }
;     barrier();
;     fn[j] = c0 * (fs[js - 1] + fs[js + 1]) + c1 * fs[js];
;   }
(set-info :smt-lib-version 2.6)
(set-logic UFNIA)
(set-info :source |vcsimp corpus: vericuda/diffusion1d/t2_postcondition1|)
(set-info :status unsat)

(declare-fun bsize () Int)
(declare-fun gsize () Int)
(declare-fun n_0 () Int)
(declare-fun c0_0 () Int)
(declare-fun c1_0 () Int)
(declare-fun fs_0 (Int Int) Int)
(declare-fun f_0 (Int) Int)
(declare-fun fn_0 (Int) Int)
(declare-fun js_1 (Int Int) Int)
(declare-fun j_1 (Int Int) Int)
(declare-fun fs_1 (Int Int) Int)
(declare-fun fs_2 (Int Int) Int)
(declare-fun fs_3 (Int Int) Int)
(declare-fun fn_1 (Int) Int)

; launch: blocks are non-empty
(assert (< 0 bsize))
; launch: at least one block
(assert (< 0 gsize))
; requires n == bsize * gsize
(assert (= n_0 (* bsize gsize)))
; requires n > 1
(assert (> n_0 1))
; js = tid + 1   [assign js_1]
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((t Int)) (=> (and (<= 0 t) (< t bsize)) (= (js_1 b t) (+ t 1)))))))
; j = bsize * bid + tid   [assign j_1]
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((t Int)) (=> (and (<= 0 t) (< t bsize)) (= (j_1 b t) (+ (* bsize b) t)))))))
; fs[js] = f[j]   [assign fs_1, formula (1)]
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((n Int))
              (or
                (exists ((t Int))
                  (and (<= 0 t) (< t bsize) (= (js_1 b t) n) (= (fs_1 b n) (f_0 (j_1 b t)))))
                (and
                  (forall ((t Int)) (not (and (<= 0 t) (< t bsize) (= (js_1 b t) n))))
                  (= (fs_1 b n) (fs_0 b n))))))))
; fs[0] = bid == 0 ? fs[1] : f[j - 1]   [assign fs_2, formula (1)]
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((n Int))
              (or
                (exists ((t Int))
                  (and (<= 0 t)
                    (< t bsize)
                    (= t 0)
                    (= 0 n)
                    (= (fs_2 b n) (ite (= b 0) (fs_1 b 1) (f_0 (- (j_1 b t) 1))))))
                (and
                  (forall ((t Int)) (not (and (<= 0 t) (< t bsize) (= t 0) (= 0 n))))
                  (= (fs_2 b n) (fs_1 b n))))))))
; fs[js + 1] = bid == gsize - 1 ? fs[js] : f[j + 1]   [assign fs_3, formula (1)]
(assert (forall ((b Int))
          (=> (and (<= 0 b) (< b gsize))
            (forall ((n Int))
              (or
                (exists ((t Int))
                  (and (<= 0 t)
                    (< t bsize)
                    (= t (- bsize 1))
                    (= (+ (js_1 b t) 1) n)
                    (= (fs_3 b n) (ite (= b (- gsize 1)) (fs_2 b (js_1 b t)) (f_0 (+ (j_1 b t) 1))))))
                (and
                  (forall ((t Int))
                    (not (and (<= 0 t) (< t bsize) (= t (- bsize 1)) (= (+ (js_1 b t) 1) n))))
                  (= (fs_3 b n) (fs_2 b n))))))))
; fn[j] = c0 * (fs[js - 1] + fs[js + 1]) + c1 * fs[js]   [assign fn_1, formula (1)]
(assert (forall ((n Int))
          (or
            (exists ((b Int))
              (and (<= 0 b)
                (< b gsize)
                (exists ((t Int))
                  (and (<= 0 t)
                    (< t bsize)
                    (= (j_1 b t) n)
                    (= (fn_1 n)
                      (+ (* c0_0 (+ (fs_3 b (- (js_1 b t) 1)) (fs_3 b (+ (js_1 b t) 1))))
                        (* c1_0 (fs_3 b (js_1 b t)))))))))
            (and
              (forall ((b Int))
                (=> (and (<= 0 b) (< b gsize))
                  (forall ((t Int)) (not (and (<= 0 t) (< t bsize) (= (j_1 b t) n))))))
              (= (fn_1 n) (fn_0 n))))))
; goal (negated)
; postcondition: ensures fn[0] == c0 * (f[0] + f[1]) + c1 * f[0]
(assert (not (= (fn_1 0) (+ (* c0_0 (+ (f_0 0) (f_0 1))) (* c1_0 (f_0 0))))))
(check-sat)
