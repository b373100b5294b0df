"""The kernels of Kojima, Imanishi & Igarashi (sections 2-5) in the mini
kernel language, with their annotations.

ArrayCopy and ArrayCopyMultBlocks are Fig. 1 and Fig. 2 of the paper; the
others are the benchmark programs of Sec. 5.2 (scp, rotate, vectorAdd,
matrixMul, matrixMul2, matrixMul4, diffusion1d).  The paper does not list the
benchmark sources; their annotations follow the authors' published VeriCUDA
benchmark programs (samples/*.cu), transcribed into this language:

* ``blockDim``/``gridDim``/``threadIdx``/``blockIdx`` are the builtins
  ``bsize``/``gsize``/``tid``/``bid`` (``bsize_x``... in 2-D);
* ``float`` data is modelled as ``Int`` (the VCs only use ring identities);
* C's ``/`` and ``%`` are SMT-LIB ``div``/``mod`` (operands are non-negative);
* a ``for`` loop is its ``while`` form; constant-indexed per-thread arrays
  ``Csub[0..3]`` are scalarised as ``Csub0..Csub3``;
* VeriCUDA's ``sum(k, e, lo, hi)`` (inclusive ``hi``) is the uninterpreted
  ``sumAB(i, j, lo, hi+1)`` (half-open) with its two defining axioms.

With these, the number of tasks per kernel equals the "N" (no
simplification) column of the paper's Table 1: scp 2, rotate 3, vectorAdd 7,
matrixMul 17, matrixMul2 21, matrixMul4 29, diffusion1d 4.
"""

from simt import Assign, Barrier, If, Kernel, LogicSum, While

PAPER = "Kojima, Imanishi, Igarashi: Automated Verification of Functional Correctness of Race-Free GPU Programs"


def arraycopy():
    return Kernel(
        name="arraycopy", config="single1d",
        title="ArrayCopy (Fig. 1): copy a into b with a grid-stride loop",
        source=f"{PAPER}, Fig. 1 and Sec. 3.3 (tasks T1..T5)",
        params=["len"], ghosts=["m"], locals=["i"], globals={"a": 1, "b": 1},
        requires=["len == m * N"],
        ensures=["\\forall int j; 0 <= j < len ==> b[j] == a[j]"],
        body=[
            Assign("i", "tid"),
            While("i < len",
                  ["i == N * loop_count + tid",
                   "\\forall int j; 0 <= j < N * loop_count ==> b[j] == a[j]"],
                  [Assign("b[i]", "a[i]"),
                   Assign("i", "i + N")]),
        ])


def arraycopy_multblocks():
    return Kernel(
        name="arraycopy_multblocks", config="multi1d",
        title="ArrayCopyMultBlocks (Fig. 2): ArrayCopy over gsize blocks of bsize threads",
        source=f"{PAPER}, Fig. 2 and Sec. 4.3",
        params=["len"], ghosts=["m"], locals=["i"], globals={"a": 1, "b": 1},
        requires=["len == m * N"],
        ensures=["\\forall int j; 0 <= j < len ==> b[j] == a[j]"],
        body=[
            Assign("i", "bid * bsize + tid"),
            While("i < len",
                  ["i == N * loop_count + bid * bsize + tid",
                   "\\forall int j; 0 <= j < N * loop_count ==> b[j] == a[j]"],
                  [Assign("b[i]", "a[i]"),
                   Assign("i", "i + N")]),
        ])


VERICUDA = "VeriCUDA benchmark programs (SoftwareFoundationGroupAtKyotoU/VeriCUDA), samples/"


def scp():
    return Kernel(
        name="scp", config="single1d",
        title="scp: b[i] = a[(i+1) % gsize] after a[tid] = tid and a barrier",
        source=f"{PAPER}, Sec. 5.2 (scp); annotations from {VERICUDA}scp.cu",
        params=["gsize"], globals={"a": 1, "b": 1},
        requires=["gsize == N"],
        ensures=["\\forall i; 0 <= i && i < gsize ==> b[i] == (i + 1) % gsize"],
        body=[Assign("a[tid]", "tid"),
              Barrier(),
              Assign("b[tid]", "a[(tid + 1) % gsize]")])


def rotate():
    return Kernel(
        name="rotate", config="single1d",
        title="rotate: rotate an array in place by one element to the right",
        source=f"{PAPER}, Sec. 5.2 (rotate); annotations from {VERICUDA}rotate.cu",
        params=["size"], ghost_arrays={"a0": 1}, locals=["tmp", "t"], globals={"a": 1},
        requires=["size == N", "\\forall i; a[i] == a0[i]"],
        ensures=["\\forall i; 0 < i && i < size - 1 ==> a[i] == a0[i - 1]",
                 "a[0] == a0[size - 1]"],
        body=[Assign("tmp", "a[tid]"),
              Assign("t", "tid + 1"),
              If("t == size", [Assign("t", "0")]),
              Barrier(),
              Assign("a[t]", "tmp")])


def _vadd_body(stride_inv=True):
    return [Assign("C[i]", "A[i] + B[i]"),
            Assign("i", "i + gsize * bsize")]


def vectoradd():
    return Kernel(
        name="vectoradd", config="multi1d",
        title="vectorAdd: C = A + B with a grid-stride loop over gsize blocks",
        source=f"{PAPER}, Sec. 5.2 (vectorAdd); annotations from {VERICUDA}vectorAdd.cu (vectorAdd)",
        params=["numElements"], ghosts=["m"], locals=["i"], globals={"A": 1, "B": 1, "C": 1},
        requires=["numElements == m * bsize * gsize"],
        ensures=["\\forall i; 0 <= i ==> i < numElements ==> C[i] == A[i] + B[i]"],
        body=[Assign("i", "bsize * bid + tid"),
              While("i < numElements",
                    ["(\\exists_thread; active) ==> (\\forall_thread; active)",
                     "i == loop_count * bsize * gsize + bsize * bid + tid",
                     "\\forall k; 0 <= k && k < bsize * gsize * loop_count ==> C[k] == A[k] + B[k]"],
                    _vadd_body())])


def vectoradd1():
    return Kernel(
        name="vectoradd1", config="multi1d",
        title="vectorAdd1: one element per thread, guarded by i < numElements",
        source=f"{VERICUDA}vectorAdd.cu (vectorAdd1); variant of the paper's vectorAdd",
        params=["numElements"], locals=["i"], globals={"A": 1, "B": 1, "C": 1},
        requires=["0 <= numElements", "numElements < gsize * bsize"],
        ensures=["\\forall i; 0 <= i ==> i < numElements ==> C[i] == A[i] + B[i]"],
        body=[Assign("i", "bsize * bid + tid"),
              If("i < numElements", [Assign("C[i]", "A[i] + B[i]")])])


def vectoradd_nonunif():
    return Kernel(
        name="vectoradd_nonunif", config="multi1d",
        title="vectorAdd_non_unif: grid-stride loop without the divisibility precondition",
        source=f"{VERICUDA}vectorAdd.cu (vectorAdd_non_unif); variant of the paper's vectorAdd",
        params=["numElements"], locals=["i"], globals={"A": 1, "B": 1, "C": 1},
        requires=["numElements > 0"],
        ensures=["\\forall i; 0 <= i ==> i < numElements ==> C[i] == A[i] + B[i]"],
        body=[Assign("i", "bsize * bid + tid"),
              While("i < numElements",
                    ["(loop_count - 1) * bsize * gsize + bsize * bid + tid < numElements ==> "
                     "i == loop_count * bsize * gsize + bsize * bid + tid",
                     "(loop_count - 1) * bsize * gsize + bsize * bid + tid >= numElements ==> "
                     "i == (loop_count - 1) * bsize * gsize + bsize * bid + tid",
                     "\\forall k; 0 <= k && k < bsize * gsize * loop_count && k < numElements ==> "
                     "C[k] == A[k] + B[k]"],
                    _vadd_body())])


def vectoradd_downward():
    return Kernel(
        name="vectoradd_downward", config="multi1d",
        title="vectorAddDownward: grid-stride loop running from the end of the arrays",
        source=f"{VERICUDA}vectorAdd.cu (vectorAddDownward); variant of the paper's vectorAdd",
        params=["numElements"], ghosts=["m"], locals=["i"], globals={"A": 1, "B": 1, "C": 1},
        requires=["numElements == m * bsize * gsize"],
        ensures=["\\forall i; 0 <= i ==> i < numElements ==> C[i] == A[i] + B[i]"],
        body=[Assign("i", "numElements - 1 - bsize * bid - tid"),
              While("0 <= i",
                    ["(\\exists_thread; active) ==> (\\forall_thread; active)",
                     "i == numElements - 1 - loop_count * bsize * gsize - bsize * bid - tid",
                     "\\forall k; numElements - bsize * gsize * loop_count <= k && k < numElements ==> "
                     "C[k] == A[k] + B[k]"],
                    [Assign("C[i]", "A[i] + B[i]"),
                     Assign("i", "i - gsize * bsize")])])


SUM_AB = LogicSum("sumAB", ["i", "j"], "k", "A[wA * i + k] * B[wB * k + j]")


def matrixmul():
    row = "bsize * by + ty"
    col = "bsize * bx + tx"
    return Kernel(
        name="matrixmul", config="multi2d",
        title="matrixMul: tiled matrix multiplication with shared-memory tiles As, Bs",
        source=f"{PAPER}, Sec. 5.2 (matrixMul, from the NVIDIA CUDA samples); "
               f"annotations from {VERICUDA}matrixMul.cu (matrixMul)",
        params=["wA", "wB", "bsize"], ghosts=["m", "hA"],
        locals=["bx", "by", "tx", "ty", "aBegin", "aEnd", "aStep", "bBegin", "bStep", "Csub",
                "a", "b", "k", "c"],
        shared={"As": 2, "Bs": 2}, globals={"A": 1, "B": 1, "C": 1},
        logic=[SUM_AB],
        requires=["bsize_x == bsize", "bsize_y == bsize", "0 <= m", "wA == bsize * m",
                  "wB == gsize_x * bsize", "hA == gsize_y * bsize"],
        ensures=["\\forall i, j; 0 <= i && i < hA && 0 <= j && j < wB ==> "
                 "C[wB * i + j] == sumAB(i, j, 0, wA)"],
        body=[
            Assign("bx", "bid_x"), Assign("by", "bid_y"),
            Assign("tx", "tid_x"), Assign("ty", "tid_y"),
            Assign("aBegin", "wA * bsize * by"),
            Assign("aEnd", "aBegin + wA - 1"),
            Assign("aStep", "bsize"),
            Assign("bBegin", "bsize * bx"),
            Assign("bStep", "bsize * wB"),
            Assign("Csub", "0"),
            Assign("a", "aBegin"), Assign("b", "bBegin"),
            While("a <= aEnd",
                  ["loop_count <= m",
                   "a == aBegin + aStep * loop_count",
                   "b == bBegin + bStep * loop_count",
                   f"Csub == sumAB({row}, {col}, 0, bsize * loop_count)"],
                  [Assign("As[ty][tx]", "A[a + wA * ty + tx]"),
                   Assign("Bs[ty][tx]", "B[b + wB * ty + tx]"),
                   Barrier(),
                   Assign("k", "0"),
                   While("k < bsize",
                         ["k == loop_count",
                          "loop_count <= bsize",
                          f"Csub == sumAB({row}, {col}, 0, bsize * loop_count_2 + loop_count)"],
                         [Assign("Csub", "Csub + As[ty][k] * Bs[k][tx]"),
                          Assign("k", "k + 1")]),
                   Barrier(),
                   Assign("a", "a + aStep"),
                   Assign("b", "b + bStep")]),
            Assign("c", "wB * bsize * by + bsize * bx"),
            Assign("C[c + wB * ty + tx]", "Csub"),
        ])


def _matrixmul_r(r):
    name = f"matrixmul{r}"
    row0 = "bsize_x * by + ty"
    col = "bsize_x * bx + tx"

    def row(q):
        if q == 0:
            return row0
        if q == 1:
            return "bsize_x * by + (ty + bsize_y)"
        return f"bsize_x * by + (ty + {q} * bsize_y)"

    def rowoff(q):
        return "ty" if q == 0 else ("ty + bsize_y" if q == 1 else f"ty + {q} * bsize_y")

    loads = []
    for q in range(r):
        loads.append(Assign(f"As[{rowoff(q)}][tx]", f"A[a + wA * ({rowoff(q)}) + tx]" if q else "A[a + wA * ty + tx]"))
        loads.append(Assign(f"Bs[{rowoff(q)}][tx]", f"B[b + wB * ({rowoff(q)}) + tx]" if q else "B[b + wB * ty + tx]"))
    accum = [Assign(f"Csub{q}", f"Csub{q} + As[{rowoff(q)}][k] * Bs[k][tx]") for q in range(r)]
    stores = [Assign(f"C[c + wB * ({rowoff(q)}) + tx]" if q else "C[c + wB * ty + tx]", f"Csub{q}")
              for q in range(r)]
    rb = f"{r} * bsize_y"
    return Kernel(
        name=name, config="multi2d",
        title=f"matrixMul{r}: tiled matrix multiplication, each thread computes {r} elements of C",
        source=f"{PAPER}, Sec. 5.2 (matrixMul{r}); annotations from {VERICUDA}matrixMul.cu (matrixMul{r})",
        params=["wA", "wB"], ghosts=["m", "hA"],
        locals=["bx", "by", "tx", "ty", "aBegin", "aEnd", "aStep", "bBegin", "bStep"]
        + [f"Csub{q}" for q in range(r)] + ["a", "b", "k", "c"],
        shared={"As": 2, "Bs": 2}, globals={"A": 1, "B": 1, "C": 1},
        logic=[SUM_AB],
        requires=["0 < bsize_x", f"bsize_x == {r} * bsize_y", "0 <= m", "wA == bsize_x * m",
                  "wB == gsize_x * bsize_x", "hA == gsize_y * bsize_x"],
        ensures=["\\forall i1, i2, j1, j2; 0 <= i1 && i1 < gsize_y && 0 <= i2 && i2 < "
                 f"{rb} && 0 <= j1 && j1 < gsize_x && 0 <= j2 && j2 < {rb} ==> "
                 f"C[wB * (i1 * {rb} + i2) + j1 * {rb} + j2] == "
                 f"sumAB(i1 * {rb} + i2, j1 * {rb} + j2, 0, wA)"],
        body=[
            Assign("bx", "bid_x"), Assign("by", "bid_y"),
            Assign("tx", "tid_x"), Assign("ty", "tid_y"),
            Assign("aBegin", "wA * bsize_x * by"),
            Assign("aEnd", "aBegin + wA - 1"),
            Assign("aStep", "bsize_x"),
            Assign("bBegin", "bsize_x * bx"),
            Assign("bStep", "bsize_x * wB"),
            *[Assign(f"Csub{q}", "0") for q in range(r)],
            Assign("a", "aBegin"), Assign("b", "bBegin"),
            While("a <= aEnd",
                  ["loop_count <= m",
                   "a == aBegin + aStep * loop_count",
                   "b == bBegin + bStep * loop_count"]
                  + [f"Csub{q} == sumAB({row(q)}, {col}, 0, bsize_x * loop_count)" for q in range(r)],
                  [*loads,
                   Barrier(),
                   Assign("k", "0"),
                   While("k < bsize_x",
                         ["k == loop_count", "loop_count <= bsize_x"]
                         + [f"Csub{q} == sumAB({row(q)}, {col}, 0, bsize_x * loop_count_2 + loop_count)"
                            for q in range(r)],
                         [*accum, Assign("k", "k + 1")]),
                   Barrier(),
                   Assign("a", "a + aStep"),
                   Assign("b", "b + bStep")]),
            Assign("c", "wB * bsize_x * by + bsize_x * bx"),
            *stores,
        ])


def matrixmul2():
    return _matrixmul_r(2)


def matrixmul4():
    return _matrixmul_r(4)


DIFF_ENSURES = [
    "fn[0] == c0 * (f[0] + f[1]) + c1 * f[0]",
    "fn[n - 1] == c0 * (f[n - 2] + f[n - 1]) + c1 * f[n - 1]",
    "\\forall j; 0 < j ==> j < n - 1 ==> fn[j] == c0 * (f[j - 1] + f[j + 1]) + c1 * f[j]",
]


def diffusion1d():
    return Kernel(
        name="diffusion1d", config="multi1d",
        title="diffusion1d: one step of a 1-D diffusion stencil using a shared-memory halo",
        source=f"{PAPER}, Sec. 5.2 (diffusion1d); annotations from {VERICUDA}diffusion1d.cu (diffusion1d)",
        params=["n", "c0", "c1"], locals=["j", "js"], shared={"fs": 1}, globals={"f": 1, "fn": 1},
        requires=["n == bsize * gsize", "n > 1"],
        ensures=DIFF_ENSURES,
        body=[Assign("js", "tid + 1"),
              Assign("j", "bsize * bid + tid"),
              Assign("fs[js]", "f[j]"),
              If("tid == 0", [Assign("fs[0]", "bid == 0 ? fs[1] : f[j - 1]")]),
              If("tid == bsize - 1", [Assign("fs[js + 1]", "bid == gsize - 1 ? fs[js] : f[j + 1]")]),
              Barrier(),
              Assign("fn[j]", "c0 * (fs[js - 1] + fs[js + 1]) + c1 * fs[js]")])


def diffusion1d_naive():
    return Kernel(
        name="diffusion1d_naive", config="multi1d",
        title="diffusion1d_naive: the stencil without shared memory",
        source=f"{VERICUDA}diffusion1d.cu (diffusion1d_naive); variant of the paper's diffusion1d",
        params=["n", "c0", "c1"], locals=["j", "fcc", "fce", "fcw"], globals={"f": 1, "fn": 1},
        requires=["n == bsize * gsize", "n > 1"],
        ensures=DIFF_ENSURES,
        body=[Assign("j", "bsize * bid + tid"),
              Assign("fcc", "f[j]"),
              If("j == 0", [Assign("fcw", "fcc")], [Assign("fcw", "f[j - 1]")]),
              If("j == n - 1", [Assign("fce", "fcc")], [Assign("fce", "f[j + 1]")]),
              Assign("fn[j]", "c0 * (fcw + fce) + c1 * fcc")])


KERNELS = [arraycopy, arraycopy_multblocks, vectoradd, scp, rotate, matrixmul, matrixmul2,
           matrixmul4, diffusion1d, vectoradd1, vectoradd_nonunif, vectoradd_downward,
           diffusion1d_naive]
