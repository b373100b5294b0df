"""Barrier-divergence VC families.

Two encodings:

* the paper's (Kojima et al. Sec. 3): ``barrier`` inside a loop yields the
  task ``Gamma |- forall t. 0 <= t < N -> mu(t)`` (all threads active); the
  kernels below are annotated so that every task is valid (the paper
  mentions ArrayCopy with a barrier at the end of the loop body);
* GPUVerify's (seed 004): ``barrier(P$1, P$2)`` asserts ``P$1 == P$2`` for two
  arbitrary threads, with predicated loops and invariants such as
  ``uniform(i - tid)`` (rule r7 ``guardMinusInitialsUniform`` of seed 001).

``diverge1``/``diverge2`` are the tutorial's divergent kernels,
``nonuniform_loop``, ``divergent_loop_exit`` and ``barrier_in_if_bad`` are
further divergent ones (sat); the rest are divergence-free (unsat).
"""

import twothread as T
from simt import Assign, Barrier, If, Kernel, While
from kernels_vericuda import PAPER

TUT = "GPUVerify tutorial (POPL'14), seed 004"
INV = "Betts et al. (GPUVerify candidate invariants), seed 001"


def arraycopy_barrier():
    return Kernel(
        name="arraycopy_barrier", config="single1d",
        title="ArrayCopy with a barrier at the end of the loop body",
        source=f"{PAPER}, end of Sec. 3.3 (mu(t) would be i_2(t) < len_0)",
        params=["len"], ghosts=["m"], locals=["i"], globals={"a": 1, "b": 1},
        requires=["len == m * N"],
        ensures=["\\forall int j; 0 <= j < len ==> b[j] == a[j]"],
        body=[Assign("i", "tid"),
              While("i < len",
                    ["i == N * loop_count + tid",
                     "\\forall int j; 0 <= j < N * loop_count ==> b[j] == a[j]"],
                    [Assign("b[i]", "a[i]"), Barrier(), Assign("i", "i + N")])])


def vectoradd_barrier():
    return Kernel(
        name="vectoradd_barrier", config="multi1d",
        title="vectorAdd with a barrier in the grid-stride loop (uniform trip count)",
        source=f"{PAPER}, vectorAdd of Sec. 5.2 with a barrier added to the loop body",
        params=["numElements"], ghosts=["m"], locals=["i"], globals={"A": 1, "B": 1, "C": 1},
        requires=["numElements == m * bsize * gsize"],
        ensures=["\\forall i; 0 <= i ==> i < numElements ==> C[i] == A[i] + B[i]"],
        body=[Assign("i", "bsize * bid + tid"),
              While("i < numElements",
                    ["(\\exists_thread; active) ==> (\\forall_thread; active)",
                     "i == loop_count * bsize * gsize + bsize * bid + tid",
                     "\\forall k; 0 <= k && k < bsize * gsize * loop_count ==> C[k] == A[k] + B[k]"],
                    [Assign("C[i]", "A[i] + B[i]"), Barrier(), Assign("i", "i + gsize * bsize")])])


def staged_copy():
    return Kernel(
        name="staged_copy", config="single1d",
        title="array copy staged through a shared buffer s with two barriers per iteration",
        source=f"loop with barriers in the style of the paper's kernels ({PAPER}, Sec. 3)",
        params=["len"], ghosts=["m"], locals=["i"], shared={"s": 1}, globals={"a": 1, "b": 1},
        requires=["len == m * N"],
        ensures=["\\forall int j; 0 <= j < len ==> b[j] == a[j]"],
        body=[Assign("i", "tid"),
              While("i < len",
                    ["i == N * loop_count + tid",
                     "\\forall int j; 0 <= j < N * loop_count ==> b[j] == a[j]"],
                    [Assign("s[tid]", "a[i]"), Barrier(), Assign("b[i]", "s[tid]"), Barrier(),
                     Assign("i", "i + N")])])


SIMT_KERNELS = [arraycopy_barrier, vectoradd_barrier, staged_copy]


def tt_kernels():
    ks = []
    ks.append(T.TTKernel(
        name="diverge1", config="single1d", title="diverge1: if (tid == 0) barrier(); else barrier();",
        source=TUT, body=[If("tid == 0", [Barrier()], [Barrier()])],
        expect={"barrier1_divergence": "sat", "barrier2_divergence": "unsat"},
        notes="the barriers are different program points; the second check is valid only because the "
              "failed first assertion is assumed afterwards (Boogie semantics)"))
    ks.append(T.TTKernel(
        name="diverge2", config="single1d",
        title="diverge2: x = tid == 0 ? 4 : 1; y = tid == 0 ? 1 : 4; for i < x: for j < y: barrier()",
        source=TUT, locals=["x", "y", "i", "j"],
        body=[Assign("x", "tid == 0 ? 4 : 1"), Assign("y", "tid == 0 ? 1 : 4"), Assign("i", "0"),
              While("i < x", ["i$t >= 0"],
                    [Assign("j", "0"),
                     While("j < y", ["__enabled$t ==> j$t >= 0"], [Barrier(), Assign("j", "j + 1")]),
                     Assign("i", "i + 1")])],
        expect={"barrier1_divergence": "sat"},
        notes="thread 0 leaves the inner loop after one iteration while the others continue"))
    uni = ["i$1 - tid$1 == i$2 - tid$2", "(i$t - tid$t) % N == 0", "__enabled$t == (i$t < n)"]
    ks.append(T.TTKernel(
        name="uniform_loop", config="single1d",
        title="for (i = tid; i < n; i += N) barrier(); with n a multiple of N (uniform trip count)",
        source=f"{INV}, rule r7 guardMinusInitialsUniform",
        params=["n"], ghosts=["m"], locals=["i"], requires=["n == m * N"],
        body=[Assign("i", "tid"), While("i < n", uni, [Barrier(), Assign("i", "i + N")])]))
    ks.append(T.TTKernel(
        name="nonuniform_loop", config="single1d",
        title="for (i = tid; i < n; i += N) barrier(); for arbitrary n (divergent when N does not divide n)",
        source=f"deliberately divergent variant of uniform_loop ({INV}, rule r7)",
        params=["n"], locals=["i"],
        body=[Assign("i", "tid"), While("i < n", uni, [Barrier(), Assign("i", "i + N")])],
        expect={"barrier1_divergence": "sat"}))
    ks.append(T.TTKernel(
        name="divergent_loop_exit", config="single1d",
        title="for (i = 0; i < tid; i++) barrier(); (thread-dependent trip count)",
        source="classic barrier divergence (GPUVerify, seed 004)", locals=["i"],
        body=[Assign("i", "0"),
              While("i < tid", ["i$t >= 0", "__enabled$t == (i$t < tid$t)"],
                    [Barrier(), Assign("i", "i + 1")])],
        expect={"barrier1_divergence": "sat"}))
    for bad in (False, True):
        ks.append(T.TTKernel(
            name="barrier_in_if_bad" if bad else "barrier_in_if", config="single1d",
            title="if (tid < k) barrier();" + (" for arbitrary k (divergent)" if bad else " with k >= N"),
            source="barrier under a thread-dependent condition (GPUVerify, seed 004)",
            params=["k"], requires=[] if bad else ["N <= k"],
            body=[If("tid < k", [Barrier()])],
            expect={"barrier1_divergence": "sat" if bad else "unsat"}))
    ks.append(T.TTKernel(
        name="uniform_if", config="single1d", title="if (n > 0) { A[tid] = n; barrier(); A[N - 1 - tid] = 0; }",
        source="barrier under a uniform condition (GPUVerify, seed 004)",
        params=["n"], arrays={"A": "shared"},
        body=[If("n > 0", [Assign("A[tid]", "n"), Barrier(), Assign("A[N - 1 - tid]", "0")])]))
    ks.append(T.TTKernel(
        name="tiled_loops", config="single1d",
        title="uniform nested loops with two barriers per outer iteration (matrixMul's loop structure)",
        source=f"loop structure of matrixMul (Kojima et al. Sec. 5.2); uniformity invariants of {INV}",
        params=["w"], locals=["a", "k", "acc"], arrays={"As": "shared"},
        body=[Assign("acc", "0"), Assign("a", "0"),
              While("a < w", ["a$1 == a$2", "__enabled$1 == __enabled$2",
                              "!READ_HAS_OCCURRED_As", "!WRITE_HAS_OCCURRED_As"],
                    [Assign("As[tid]", "a + tid"), Barrier(), Assign("k", "0"),
                     While("k < N", ["k$1 == k$2", "__enabled$1 == __enabled$2", "k$t >= 0"],
                           [Assign("acc", "acc + As[k]"), Assign("k", "k + 1")]),
                     Barrier(), Assign("a", "a + N")])]))
    return ks


def twothread_files():
    return T.files("divergence", tt_kernels())
