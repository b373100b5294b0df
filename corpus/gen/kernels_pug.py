"""PUG-style encodings (Li, Gopalakrishnan, Kirby, Quinlan: "A Symbolic
Verifier for CUDA Programs", seed 002), with a symbolic number of threads n.

PUG translates each thread into SSA constraints TRANS(t) over per-thread
constants (``j1_t1`` is j_1 in thread t1), splits the kernel into barrier
intervals (BIs) and checks, for two arbitrary distinct threads, that
accesses in the same BI are non-conflicting (``t1 != t2 /\\ a1 = a2`` is
unsatisfiable; here: hypotheses |- a1 != a2).  Loops are unrolled (bounded),
branches contribute path conditions, and the generic model orders accesses by
schedule ids (SIDs).

Kernels (``pug/<kernel>/``):

* ``bi_example`` -- the barrier-interval example of Sec. 2.3;
  ``bi_example_nobarrier`` drops the second barrier (a read/write conflict on
  the shared scalar i: sat);
* ``trans_example`` -- the kernel of Sec. 2.1 (input-dependent write
  addresses after the barrier: sat), plus the same check under an
  ``assume`` precondition (unsat);
* ``reduction_seq`` / ``reduction_interleaved`` -- CUDA SDK reductions
  (sequential / interleaved addressing) unrolled to depth 1..4 / 1..3, one
  BI per iteration; ``*_bug`` variants use a wrong guard (sat);
* ``cond_barrier`` -- the nested path-condition check of Sec. 2.4 / Fig. 1b;
* ``schedules`` -- the generic SID model of Sec. 2.1 for two writes and a read.
"""

import direct
from direct import DirectVC

PUG = "Li, Gopalakrishnan, Kirby, Quinlan: A Symbolic Verifier for CUDA Programs (PUG), seed 002"

THREADS = [("launch: n threads", "0 < n"), ("thread t1", "0 <= t1 && t1 < n"),
           ("thread t2", "0 <= t2 && t2 < n"), ("two distinct threads", "t1 != t2")]


def vcs():
    out = []

    def vc(kernel, task, what, hyps, goal, status="unsat", funs=None, bools=(), listing=(), notes="", logic="UFNIA"):
        out.append(DirectVC("pug", kernel, task, what, PUG, list(hyps), goal, status, bools=bools,
                            funs=funs or {}, listing=listing, notes=notes, logic=logic))

    # -- Sec. 2.3: barrier intervals ------------------------------------------------
    bi_src = ["1: j := i + t + 1;     // i is a shared scalar", "2: __syncthreads();",
              "3: e1 = k[i];", "4: k[j] = e2;", "5: __syncthreads();", "6: write i;"]
    trans2 = [("TRANS(t1,t2) up to statement 2: j1 = i[0] + t + 1", "j1_t1 == i0 + t1 + 1 && j1_t2 == i0 + t2 + 1")]
    vc("bi_example", "bi2_k_write_write", "BI 2: the writes k[j] of two threads do not conflict",
       THREADS + trans2, "j1_t1 != j1_t2", listing=bi_src)
    vc("bi_example", "bi2_k_write_read", "BI 2: the write k[j] of t1 does not conflict with the read k[i] of t2",
       THREADS + trans2, "j1_t1 != i0", listing=bi_src)
    nb_src = bi_src[:4] + ["   (barrier 5 removed)", "6: if (t == 0) i = j;"]
    vc("bi_example_nobarrier", "bi2_k_write_write", "BI 2 (no barrier 5): the writes k[j] do not conflict",
       THREADS + trans2, "j1_t1 != j1_t2", listing=nb_src)
    vc("bi_example_nobarrier", "bi2_i_write_write",
       "BI 2 (no barrier 5): the writes of the shared scalar i (path t == 0) do not conflict",
       THREADS + trans2 + [("path condition of statement 6", "p6_t1 == (t1 == 0) && p6_t2 == (t2 == 0)")],
       "!(p6_t1 && p6_t2)", bools=("p6_t1", "p6_t2"), listing=nb_src)
    vc("bi_example_nobarrier", "bi2_i_write_read",
       "BI 2 (no barrier 5): the write of i by t1 (statement 6) conflicts with the read of i by t2 (statement 3)",
       THREADS + trans2 + [("path condition of statement 6", "p6_t1 == (t1 == 0) && p6_t2 == (t2 == 0)")],
       "!p6_t1", status="sat", bools=("p6_t1", "p6_t2"), listing=nb_src,
       notes="statement 3 reads i in every thread, statement 6 writes it in thread 0: a real conflict")

    # -- Sec. 2.1: the example kernel ---------------------------------------------------
    ex_src = ["unsigned int s[2][3] = {{0,1,2},{3,4,5}};", "unsigned int i = threadIdx.x;",
              "unsigned int j = k[i] - i;", "if (j < 3) { k[i] = s[j][0]; j = i + j; }",
              "else s[1][j && 0x11] = k[i] * j;", "__syncthreads();", "k[j] = s[2][1] + j;"]
    tr = [("TRANS: i1 = t", "i1_t1 == t1 && i1_t2 == t2"),
          ("TRANS: j1 = k[i1] - i1 (k read in BI 1: initial contents k0)",
           "j1_t1 == k0[i1_t1] - i1_t1 && j1_t2 == k0[i1_t2] - i1_t2"),
          ("path condition p = j1 < 3", "p_t1 == (j1_t1 < 3) && p_t2 == (j1_t2 < 3)"),
          ("TRANS: j2 = ite(p, i1 + j1, j1)",
           "j2_t1 == (p_t1 ? i1_t1 + j1_t1 : j1_t1) && j2_t2 == (p_t2 ? i1_t2 + j1_t2 : j1_t2)")]
    kw = dict(funs={"k0": 1}, bools=("p_t1", "p_t2"), listing=ex_src)
    vc("trans_example", "bi1_k_write_read", "BI 1: the write k[i] (then-branch) of t1 vs the read k[i] of t2",
       THREADS + tr + [("t1 takes the then-branch", "p_t1")], "i1_t1 != i1_t2", **kw)
    vc("trans_example", "bi1_k_write_write", "BI 1: the writes k[i] of two threads in the then-branch",
       THREADS + tr + [("both take the then-branch", "p_t1 && p_t2")], "i1_t1 != i1_t2", **kw)
    vc("trans_example", "bi2_k_write_write", "BI 2: the writes k[j] after the barrier do not conflict",
       THREADS + tr, "j2_t1 != j2_t2", status="sat",
       notes="j depends on the input k: e.g. k0[0] = 5, k0[1] = 6 gives j = 5 in threads 0 and 1", **kw)
    vc("trans_example", "bi2_k_write_write_assume",
       "BI 2 under assume(forall x. k[x] == x): the writes k[j] do not conflict",
       THREADS + tr + [("assume: k holds the identity", "\\forall x; 0 <= x && x < n ==> k0[x] == x")],
       "j2_t1 != j2_t2", **kw)

    # -- reductions, unrolled ---------------------------------------------------------------
    seq_src = ["for (s = n / 2; s > 0; s >>= 1) {", "  if (t < s) sdata[t] += sdata[t + s];",
               "  __syncthreads();", "}"]

    def unroll_seq(k, guard):
        hs = [("unrolling: s0 = n / 2", "s0 == n / 2")]
        for i in range(1, k + 1):
            hs.append((f"unrolling: s{i} = s{i - 1} >> 1", f"s{i} == s{i - 1} / 2"))
        hs.append((f"iterations 0..{k} are executed", " && ".join(f"s{i} > 0" for i in range(k + 1))))
        hs.append((f"path condition of iteration {k}", f"{guard('t1', k)} && {guard('t2', k)}"))
        return hs

    for k in range(0, 4):
        g = lambda t, i: f"{t} < s{i}"
        vc("reduction_seq", f"bi{k + 1}_write_read",
           f"BI {k + 1} (iteration {k}): the write sdata[t1] does not conflict with the read sdata[t2 + s]",
           THREADS + unroll_seq(k, g), f"t1 != t2 + s{k}", listing=seq_src)
        vc("reduction_seq", f"bi{k + 1}_write_write",
           f"BI {k + 1} (iteration {k}): the writes sdata[t] of two threads do not conflict",
           THREADS + unroll_seq(k, g), "t1 != t2", listing=seq_src)
    for k in range(0, 2):
        g = lambda t, i: f"{t} <= s{i}"
        vc("reduction_seq_bug", f"bi{k + 1}_write_read",
           f"BI {k + 1} with guard t <= s: the write sdata[t1] conflicts with the read sdata[t2 + s]",
           THREADS + unroll_seq(k, g), f"t1 != t2 + s{k}", status="sat",
           listing=[seq_src[0], "  if (t <= s) sdata[t] += sdata[t + s];   // off by one"] + seq_src[2:],
           notes="thread s writes sdata[s] while thread 0 reads sdata[0 + s]")
    il_src = ["for (s = 1; s < n; s *= 2) {", "  if (t % (2 * s) == 0) sdata[t] += sdata[t + s];",
              "  __syncthreads();", "}"]

    def unroll_il(k, guard):
        hs = [("unrolling: s0 = 1", "s0 == 1")]
        for i in range(1, k + 1):
            hs.append((f"unrolling: s{i} = s{i - 1} * 2", f"s{i} == s{i - 1} * 2"))
        hs.append((f"iterations 0..{k} are executed", " && ".join(f"s{i} < n" for i in range(k + 1))))
        hs.append((f"path condition of iteration {k}", f"{guard('t1', k)} && {guard('t2', k)}"))
        return hs

    for k in range(0, 3):
        g = lambda t, i: f"{t} % (2 * s{i}) == 0"
        vc("reduction_interleaved", f"bi{k + 1}_write_read",
           f"BI {k + 1} (iteration {k}): the write sdata[t1] does not conflict with the read sdata[t2 + s]",
           THREADS + unroll_il(k, g), f"t1 != t2 + s{k}", listing=il_src)
        vc("reduction_interleaved", f"bi{k + 1}_write_write",
           f"BI {k + 1} (iteration {k}): the writes sdata[t] of two threads do not conflict",
           THREADS + unroll_il(k, g), "t1 != t2", listing=il_src)
    for k in range(1, 3):
        g = lambda t, i: f"{t} % s{i} == 0"
        vc("reduction_interleaved_bug", f"bi{k + 1}_write_read",
           f"BI {k + 1} with guard t % s == 0: the write sdata[t1] conflicts with the read sdata[t2 + s]",
           THREADS + unroll_il(k, g), f"t1 != t2 + s{k}", status="sat",
           listing=[il_src[0], "  if (t % s == 0) sdata[t] += sdata[t + s];   // should be 2 * s"] + il_src[2:],
           notes="thread s writes sdata[s] while thread 0 reads sdata[0 + s]")

    # -- Sec. 2.4 / Fig. 1b: conditional barrier ----------------------------------------------
    def cond(s3, status, notes=""):
        src = ["if (t < c) {", "  s1: A[t] = ...;", "  __syncthreads();", "  ...", "} else {",
               "  s2: A[t + n] = ...;", "}", f"s3: ... = A[{s3}];"]
        nc = lambda a, b: f"{a} != {b}"
        s1 = lambda t: t
        s2 = lambda t: f"{t} + n"
        s3f = lambda t: s3.replace("t", t)
        goal = (f"p_t1 ? (p_t2 ? {nc(s1('t1'), s1('t2'))} : "
                f"{nc(s1('t1'), s2('t2'))} && {nc(s1('t1'), s3f('t2'))}) : {nc(s2('t1'), s3f('t2'))}")
        vc("cond_barrier" if status == "unsat" else "cond_barrier_bug", "bi_check",
           "the combined check ite(p1, ite(p2, s1~s1, s1~s2 /\\ s1~s3), s2~s3) of Sec. 2.4",
           THREADS + [("uniform parameter c", "0 <= c && c <= n"),
                      ("path condition p = t < c", "p_t1 == (t1 < c) && p_t2 == (t2 < c)")],
           goal, status=status, bools=("p_t1", "p_t2"), listing=src, notes=notes)

    cond("t + 2 * n", "unsat")
    cond("t - c", "sat", notes="s3 of a thread t2 >= c reads A[t2 - c], written at s1 by thread t2 - c < c")

    # -- Sec. 2.1: generic model with schedule ids ------------------------------------------------
    sch_src = ["thread t1: k1: k := x;  k2: read k", "thread t2: k1: k := y;  k2: k := z"]
    sid = [("SIDs in 1..4", "1 <= a && a <= 4 && 1 <= b && b <= 4 && 1 <= c && c <= 4 && 1 <= d && d <= 4"),
           ("SIDs are pairwise distinct (rank is injective)",
            "a != b && a != c && a != d && b != c && b != d && c != d"),
           ("program order in each thread", "a < b && c < d")]
    for s in range(1, 5):
        sid.append((f"value of k after step {s}",
                    f"k{s} == (a == {s} ? x : (c == {s} ? y : (d == {s} ? z : k{s - 1})))"))
    sid.append(("the read at step b sees the value of the previous step",
                "r == (b == 1 ? k0 : (b == 2 ? k1 : (b == 3 ? k2 : k3)))"))
    vc("schedules", "read_sees_write", "the read of t1 always returns a value written by some thread",
       sid, "r == x || r == y || r == z", listing=sch_src, logic="UFLIA")
    vc("schedules", "read_can_see_y", "there is a schedule in which t1 reads y (t2's first write)",
       sid, "r != y", status="sat", listing=sch_src, logic="UFLIA",
       notes="schedule a=1, c=2, b=3, d=4")
    vc("schedules", "read_can_see_z", "there is a schedule in which t1 reads z (t2's second write)",
       sid, "r != z", status="sat", listing=sch_src, logic="UFLIA",
       notes="schedule a=1, c=2, d=3, b=4")
    vc("schedules", "read_before_t2", "if t1's read precedes t2's first write, t1 reads its own x",
       sid + [("constraint: k2^t1 < k1^t2", "b < c")], "r == x", listing=sch_src, logic="UFLIA")
    return out


def files():
    return direct.files(vcs())
