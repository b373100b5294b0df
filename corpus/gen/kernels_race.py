"""Race-check VC families: GPUVerify-style two-thread instrumentation
(seeds 001 and 004) and direct access-offset injectivity VCs.

Kernels (``race/<kernel>/``):

* ``vadd``, ``add_nbor``, ``add_nbor_barrier`` -- the tutorial's examples
  (seed 004); ``add_nbor`` has a read/write race (sat);
* ``stride`` and ``slice`` -- the tutorial's loops with their candidate
  invariants (``__offset(A) % size == tid``, ``tid*m <= __offset(A) <
  (tid+1)*m``); ``stride_bad`` (wrong increment: invariant not preserved) and
  ``slice_offbyone`` (``i <= m``: a write/write race) are deliberately wrong;
* ``vectoradd_gid_{intra,inter}`` -- ``C[bsize*bid + tid]`` over several
  blocks, within one block and across blocks; ``vectoradd_swapped_inter``
  indexes with ``gsize*bid + tid`` (race across blocks);
* ``matadd2d_{intra,inter}`` -- 2-D row-major global index;
* ``tile2d`` -- a 2-D shared tile load; ``tile2d_pitch_bad`` uses a row pitch
  one element too small (race);
* ``transpose_{intra,inter}`` -- the CUDA SDK transpose of seed 001, Fig. 5,
  with the "access breaking" invariant;
* (deliberately wrong kernels only emit their failing tasks; their other
  tasks coincide with those of the correct kernel)
* ``reduction`` -- tree reduction with a barrier in the loop (no-read/no-write
  and uniformity invariants, rules r12/r13/r7 of seed 001);
  ``reduction_le`` (``tid <= s``: race) and ``reduction_nobarrier`` (invariant
  "no pending accesses" not preserved) are deliberately wrong;
* ``offsets`` -- direct injectivity VCs for common index formulas, incl. the
  paper's formula (6) (Sec. 4.4); the ``*_bad`` ones collide (sat).
"""

from direct import DirectVC
import direct
import twothread as T
from simt import Assign, Barrier, If, While

TUT = "GPUVerify tutorial (POPL'14), seed 004"
INV = "Betts et al., Implementing and Evaluating Candidate-Based Invariant Generation (GPUVerify), seed 001"


def tt_kernels():
    ks = []
    ks.append(T.TTKernel(
        name="vadd", config="single1d", title="vadd: C[tid] = A[tid] + B[tid]", source=TUT,
        arrays={"A": "shared", "B": "shared", "C": "shared"},
        body=[Assign("C[tid]", "A[tid] + B[tid]")]))
    ks.append(T.TTKernel(
        name="add_nbor", config="single1d", title="add_nbor: A[tid] = A[tid] + A[tid + offset] (racy)",
        source=TUT, params=["offset"], arrays={"A": "shared"},
        body=[Assign("A[tid]", "A[tid] + A[tid + offset]")],
        expect={"check_write1_A_rw": "sat"},
        notes="the write A[tid] of one thread races with the read A[tid + offset] of another"))
    ks.append(T.TTKernel(
        name="add_nbor_barrier", config="single1d",
        title="add_nbor with the read separated from the write by a barrier (race-free)",
        source=TUT, params=["offset"], locals=["tmp"], arrays={"A": "shared"},
        body=[Assign("tmp", "A[tid + offset]"), Barrier(), Assign("A[tid]", "A[tid] + tmp")]))
    stride_invs = ["i$t % N == tid$t",
                   "WRITE_HAS_OCCURRED_A ==> WRITE_OFFSET_A % N == tid$1"]
    ks.append(T.TTKernel(
        name="stride", config="single1d",
        title="stride: for (i = tid; i < n; i += size) A[i] = val (size = N)",
        source=f"{TUT}; invariants: accessedOffsetsSatisfyPredicates / loopCounterIsStrided of {INV}",
        params=["n", "val"], locals=["i"], arrays={"A": "shared"},
        body=[Assign("i", "tid"),
              While("i < n", stride_invs, [Assign("A[i]", "val"), Assign("i", "i + N")])]))
    ks.append(T.TTKernel(
        name="stride_bad", config="single1d",
        title="stride with a wrong increment i += size - 1: the strided invariant is not preserved",
        source=f"deliberately wrong variant of the {TUT} stride kernel",
        params=["n", "val"], locals=["i"], arrays={"A": "shared"},
        body=[Assign("i", "tid"),
              While("i < n", stride_invs, [Assign("A[i]", "val"), Assign("i", "i + N - 1")])],
        expect={"loop1_preserve_inv1": "sat"}, default_status="skip",
        notes="i$1 % N == tid$1 fails after i += N - 1 (e.g. N = 2, tid = 0, i = 0); only the "
              "failing task is emitted (the others equal those of stride)"))
    slice_invs = ["i$t >= 0", "__enabled$t ==> i$t < m",
                  "WRITE_HAS_OCCURRED_A ==> tid$1 * m <= WRITE_OFFSET_A && WRITE_OFFSET_A < (tid$1 + 1) * m"]
    ks.append(T.TTKernel(
        name="slice", config="single1d",
        title="slice: for (i = 0; i < m; i++) A[tid*m + i] = val",
        source=f"{TUT}; invariant tid*m <= __offset(A) < (tid+1)*m (accessLowerBound/UpperBound, {INV})",
        params=["m", "val"], locals=["i"], arrays={"A": "shared"},
        body=[Assign("i", "0"),
              While("i < m", slice_invs, [Assign("A[tid * m + i]", "val"), Assign("i", "i + 1")])]))
    ks.append(T.TTKernel(
        name="slice_offbyone", config="single1d",
        title="slice with an off-by-one loop bound i <= m: neighbouring slices overlap (write/write race)",
        source=f"deliberately wrong variant of the {TUT} slice kernel",
        params=["m", "val"], locals=["i"], arrays={"A": "shared"},
        body=[Assign("i", "0"),
              While("i <= m",
                    ["i$t >= 0", "__enabled$t ==> i$t <= m",
                     "WRITE_HAS_OCCURRED_A ==> tid$1 * m <= WRITE_OFFSET_A && WRITE_OFFSET_A <= (tid$1 + 1) * m"],
                    [Assign("A[tid * m + i]", "val"), Assign("i", "i + 1")])],
        expect={"check_write1_A_ww": "sat"}, default_status="skip",
        notes="thread t writes A[t*m + m] = A[(t+1)*m], the first element of thread t+1's slice; "
              "only the failing task is emitted"))
    for mode in ("intra", "inter"):
        ks.append(T.TTKernel(
            name=f"vectoradd_gid_{mode}", config="multi1d", mode=mode,
            title=f"vectorAdd1 with global index bsize*bid + tid ({mode}-block thread pair)",
            source="vectorAdd (CUDA samples) as in the Kojima et al. benchmarks; GPUVerify-style race check",
            params=["n"], locals=["i"], arrays={"A": "global", "B": "global", "C": "global"},
            body=[Assign("i", "bsize * bid + tid"),
                  If("i < n", [Assign("C[i]", "A[i] + B[i]")])]))
    ks.append(T.TTKernel(
        name="vectoradd_swapped_inter", config="multi1d", mode="inter",
        title="vectorAdd1 indexing with gsize*bid + tid (block and grid size swapped): inter-block race",
        source="deliberately wrong variant of vectoradd_gid",
        params=["n"], locals=["i"], arrays={"A": "global", "B": "global", "C": "global"},
        body=[Assign("i", "gsize * bid + tid"),
              If("i < n", [Assign("C[i]", "A[i] + B[i]")])],
        expect={"check_write1_C_ww": "sat"}, default_status="skip",
        notes="collides as soon as bsize > gsize (e.g. bsize = 3, gsize = 2: block 0 thread 2 and "
              "block 1 thread 0); only the failing task is emitted"))
    for mode in ("intra", "inter"):
        ks.append(T.TTKernel(
            name=f"matadd2d_{mode}", config="multi2d", mode=mode,
            title=f"2-D matrix add C[row * width + col] with a 2-D grid of 2-D blocks ({mode}-block thread pair)",
            source="2-D index pattern of the CUDA samples; GPUVerify-style race check",
            locals=["row", "col", "idx"], arrays={"A": "global", "B": "global", "C": "global"},
            body=[Assign("row", "bid_y * bsize_y + tid_y"),
                  Assign("col", "bid_x * bsize_x + tid_x"),
                  Assign("idx", "row * (gsize_x * bsize_x) + col"),
                  Assign("C[idx]", "A[idx] + B[idx]")]))
    for bad in (False, True):
        pitch = "bsize_x - 1" if bad else "bsize_x"
        ks.append(T.TTKernel(
            name="tile2d_pitch_bad" if bad else "tile2d", config="multi2d", mode="intra",
            title=("2-D shared tile stored with a row pitch one element too small: S[ty*(bsize_x-1) + tx] = tx (race)"
                   if bad else "2-D shared tile S[ty*bsize_x + tx] = A[global index] (matrixMul's As/Bs loads)"),
            source="shared-memory tile loads of the CUDA matrixMul sample; GPUVerify-style race check",
            locals=["g"], arrays={"A": "global", "S": "shared"},
            body=[Assign(f"S[tid_y * ({pitch}) + tid_x]", "tid_x")] if bad else
                 [Assign("g", "(bid_y * bsize_y + tid_y) * (gsize_x * bsize_x) + bid_x * bsize_x + tid_x"),
                  Assign(f"S[tid_y * ({pitch}) + tid_x]", "A[g]")],
            expect={"check_write1_S_ww": "sat"} if bad else {},
            default_status="skip" if bad else "unsat",
            notes="threads (bsize_x - 1, ty) and (0, ty + 1) write the same cell; only the failing task is emitted"
            if bad else ""))
    tr_invs = ["i$t >= 0 && i$t % BR == 0",
               "__enabled$t ==> i$t < TILE",
               "WRITE_HAS_OCCURRED_odata ==> "
               "(WRITE_OFFSET_odata / height) / TILE == bid_x$1 && "
               "(WRITE_OFFSET_odata / height) % TILE == tid_x$1 && "
               "(WRITE_OFFSET_odata % height) / TILE == bid_y$1 && "
               "(WRITE_OFFSET_odata % height) % TILE % BR == tid_y$1"]
    tr_body = [Assign("xIndex", "bid_x * TILE + tid_x"),
               Assign("yIndex", "bid_y * TILE + tid_y"),
               Assign("index_in", "xIndex + width * yIndex"),
               Assign("index_out", "yIndex + height * xIndex"),
               Assign("i", "0"),
               While("i < TILE", tr_invs,
                     [Assign("odata[index_out + i]", "idata[index_in + i * width]"),
                      Assign("i", "i + BR")])]
    tr_req = ["bsize_x == TILE", "bsize_y == BR", "0 < BR", "0 < R", "TILE == R * BR",
              "width == gsize_x * TILE", "height == gsize_y * TILE"]
    for mode in ("intra", "inter"):
        ks.append(T.TTKernel(
            name=f"transpose_{mode}", config="multi2d", mode=mode,
            title=f"CUDA SDK matrix transpose with symbolic TILE_DIM/BLOCK_ROWS ({mode}-block thread pair)",
            source=f"{INV}, Fig. 5 and the access-breaking invariant of Sec. 4.2",
            params=["width", "height", "TILE", "BR"], ghosts=["R"],
            locals=["xIndex", "yIndex", "index_in", "index_out", "i"],
            arrays={"idata": "global", "odata": "global"}, requires=tr_req, body=tr_body))
    red_invs = ["s$1 == s$2", "s$t >= 0", "__enabled$t == (s$t > 0)",
                "!READ_HAS_OCCURRED_A", "!WRITE_HAS_OCCURRED_A"]

    def red(name, cond, barrier, title, source, expect=None, notes="", default="unsat"):
        body = [If(cond, [Assign("A[tid]", "A[tid] + A[tid + s]")])]
        if barrier:
            body.append(Barrier())
        body.append(Assign("s", "s / 2"))
        return T.TTKernel(
            name=name, config="single1d", title=title, source=source,
            locals=["s"], arrays={"A": "shared"},
            body=[Assign("s", "N / 2"), While("s > 0", red_invs, body)],
            expect=expect or {}, notes=notes, default_status=default)

    ks.append(red("reduction", "tid < s", True,
                  "tree reduction: for (s = N/2; s > 0; s /= 2) { if (tid < s) A[tid] += A[tid+s]; barrier(); }",
                  f"CUDA reduction (sequential addressing); invariants after rules r7/r12/r13 of {INV}"))
    ks.append(red("reduction_le", "tid <= s", True,
                  "tree reduction with guard tid <= s: thread s writes A[s] while thread 0 reads A[0 + s]",
                  "deliberately wrong variant of the reduction kernel",
                  expect={"check_write1_A_rw": "sat"}, default="skip",
                  notes="only the failing task is emitted"))
    ks.append(red("reduction_nobarrier", "tid < s", False,
                  "tree reduction without the barrier: accesses of one iteration are still pending in the next",
                  "deliberately wrong variant of the reduction kernel",
                  expect={"loop1_preserve_inv6": "sat", "loop1_preserve_inv7": "sat"},
                  notes="the no-read / no-write invariants (r12/r13) fail without the barrier; "
                        "only the failing tasks are emitted", default="skip"))
    return ks


OFF = "access-offset injectivity (GPUVerify access breaking, seed 001; SimpAffine, Kojima et al. Sec. 4.4)"


def offsets():
    vcs = []

    def vc(task, what, hyps, goal, status="unsat", notes=""):
        vcs.append(DirectVC("race", "offsets", task, what, OFF, hyps, goal, status, notes=notes))

    rng1 = lambda v, b: (f"{v} in range", f"0 <= {v} && {v} < {b}")
    vc("eq6_simpaffine", "formula (6) of Sec. 4.4: x + a*y = x' + a*y' with 0 <= x, x' < a implies x = x'",
       [rng1("x", "a"), rng1("xp", "a"), ("same offset", "x + a * y == xp + a * yp")], "x == xp")
    vc("eq6_simpaffine_bad", "formula (6) with the bound x < a + 1: no longer implies x = x'",
       [rng1("x", "a + 1"), rng1("xp", "a + 1"), ("same offset", "x + a * y == xp + a * yp")], "x == xp",
       "sat", "x = a, y = 0 and x' = 0, y' = 1")
    gid_h = [("launch", "0 < bsize && 0 < gsize"), rng1("b1", "gsize"), rng1("t1", "bsize"),
             rng1("b2", "gsize"), rng1("t2", "bsize")]
    vc("gid1d", "bsize*bid + tid is injective over (bid, tid)",
       gid_h + [("distinct threads", "b1 != b2 || t1 != t2")], "bsize * b1 + t1 != bsize * b2 + t2")
    vc("gid1d_swapped_bad", "gsize*bid + tid (wrong stride) is not injective",
       gid_h + [("distinct threads", "b1 != b2 || t1 != t2")], "gsize * b1 + t1 != gsize * b2 + t2", "sat")
    vc("gridstride1d", "grid-stride offsets tid + k*N of distinct threads never collide (ArrayCopy)",
       [("launch", "0 < N"), rng1("t1", "N"), rng1("t2", "N"), ("distinct", "t1 != t2"),
        ("iterations", "0 <= k1 && 0 <= k2")], "t1 + k1 * N != t2 + k2 * N")
    vc("gridstride1d_bad", "stride N - 1 instead of N: offsets of distinct threads collide",
       [("launch", "0 < N"), rng1("t1", "N"), rng1("t2", "N"), ("distinct", "t1 != t2"),
        ("iterations", "0 <= k1 && 0 <= k2")], "t1 + k1 * (N - 1) != t2 + k2 * (N - 1)", "sat")
    vc("gridstride_multiblock", "offsets bsize*bid + tid + k*(bsize*gsize) are injective in (bid, tid, k) (ArrayCopyMultBlocks)",
       gid_h + [("distinct threads", "b1 != b2 || t1 != t2"), ("iterations", "0 <= k1 && 0 <= k2")],
       "bsize * b1 + t1 + k1 * (bsize * gsize) != bsize * b2 + t2 + k2 * (bsize * gsize)")
    rm_h = [("launch", "0 < bx && 0 < by && 0 < gx && 0 < gy"),
            rng1("bx1", "gx"), rng1("by1", "gy"), rng1("tx1", "bx"), rng1("ty1", "by"),
            rng1("bx2", "gx"), rng1("by2", "gy"), rng1("tx2", "bx"), rng1("ty2", "by"),
            ("distinct threads", "bx1 != bx2 || by1 != by2 || tx1 != tx2 || ty1 != ty2")]
    off = lambda s, w: f"(by{s} * by + ty{s}) * ({w}) + bx{s} * bx + tx{s}"
    vc("rowmajor2d", "row-major 2-D global index (row)*(gx*bx) + col is injective over 2-D grids of 2-D blocks",
       rm_h, f"{off(1, 'gx * bx')} != {off(2, 'gx * bx')}")
    vc("tile2d_pitch_bad", "a 2-D tile index ty*(bx - 1) + tx (pitch one too small) collides",
       [("launch", "0 < bx && 0 < by"), rng1("tx1", "bx"), rng1("ty1", "by"), rng1("tx2", "bx"),
        rng1("ty2", "by"), ("distinct threads", "tx1 != tx2 || ty1 != ty2")],
       "ty1 * (bx - 1) + tx1 != ty2 * (bx - 1) + tx2", "sat")
    rm3 = [("launch", "0 < bx && 0 < by && 0 < bz && 0 < gx && 0 < gy && 0 < gz")]
    for s in (1, 2):
        for d in ("x", "y", "z"):
            rm3.append(rng1(f"b{d}{s}", f"g{d}"))
            rm3.append(rng1(f"t{d}{s}", f"b{d}"))
    rm3.append(("distinct threads", "bx1 != bx2 || by1 != by2 || bz1 != bz2 || tx1 != tx2 || ty1 != ty2 || tz1 != tz2"))
    o3 = lambda s: (f"((bz{s} * bz + tz{s}) * (gy * by) + (by{s} * by + ty{s})) * (gx * bx) + bx{s} * bx + tx{s}")
    vc("rowmajor3d", "3-D linearised global index is injective", rm3, f"{o3(1)} != {o3(2)}")
    mm_h = [("launch", "0 < bsize && 0 < gx && 0 < gy"), ("matrix width", "wB == gx * bsize"),
            rng1("bx1", "gx"), rng1("by1", "gy"), rng1("tx1", "bsize"), rng1("ty1", "bsize"),
            rng1("bx2", "gx"), rng1("by2", "gy"), rng1("tx2", "bsize"), rng1("ty2", "bsize"),
            ("distinct threads", "bx1 != bx2 || by1 != by2 || tx1 != tx2 || ty1 != ty2")]
    vc("matrixmul_c", "matrixMul's output index wB*bsize*by + bsize*bx + wB*ty + tx is injective",
       mm_h, "wB * bsize * by1 + bsize * bx1 + wB * ty1 + tx1 != wB * bsize * by2 + bsize * bx2 + wB * ty2 + tx2")
    vc("tile_shared", "shared tile index As[ty][tx] = ty*bsize + tx is injective within a block",
       [("launch", "0 < bsize"), rng1("tx1", "bsize"), rng1("ty1", "bsize"), rng1("tx2", "bsize"),
        rng1("ty2", "bsize"), ("distinct threads", "tx1 != tx2 || ty1 != ty2")],
       "ty1 * bsize + tx1 != ty2 * bsize + tx2")
    sl = [("launch", "0 < N"), rng1("t1", "N"), rng1("t2", "N"), ("distinct", "t1 != t2")]
    vc("slice", "slice offsets tid*m + i with 0 <= i < m never collide",
       sl + [rng1("i1", "m"), rng1("i2", "m")], "t1 * m + i1 != t2 * m + i2")
    vc("slice_offbyone_bad", "slice offsets with 0 <= i <= m collide",
       sl + [("i1 in range", "0 <= i1 && i1 <= m"), ("i2 in range", "0 <= i2 && i2 <= m")],
       "t1 * m + i1 != t2 * m + i2", "sat")
    bc = gid_h + [("distinct threads", "b1 != b2 || t1 != t2"), ("chunks", "0 <= k1 && 0 <= k2")]
    vc("blockcyclic", "block-cyclic offsets (k*gsize + bid)*bsize + tid are injective",
       bc, "(k1 * gsize + b1) * bsize + t1 != (k2 * gsize + b2) * bsize + t2")
    tp = [("launch", "0 < BR && 0 < R && 0 < gx && 0 < gy"), ("tile", "TILE == R * BR"),
          ("height", "height == gy * TILE")]
    for s in (1, 2):
        tp += [rng1(f"bx{s}", "gx"), rng1(f"by{s}", "gy"), rng1(f"tx{s}", "TILE"), rng1(f"ty{s}", "BR"),
               (f"loop offset {s}", f"0 <= i{s} && i{s} < TILE && i{s} % BR == 0")]
    tp.append(("distinct threads", "bx1 != bx2 || by1 != by2 || tx1 != tx2 || ty1 != ty2"))
    to = lambda s: f"(by{s} * TILE + ty{s}) + height * (bx{s} * TILE + tx{s}) + i{s}"
    vc("transpose_out", "transpose output offsets index_out + i of distinct threads never collide",
       tp, f"{to(1)} != {to(2)}")
    return vcs


def files():
    out = T.files("race", tt_kernels())
    out.update(direct.files(offsets()))
    return out
