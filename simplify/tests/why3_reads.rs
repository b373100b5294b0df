//! `why3-reads` and the passes that then see through Why3's encoding of
//! VeriCUDA's threads (`records` over a derived inversion, definitions over
//! a constructor, projections in guarded-eq's cost), on a real VC excerpt
//! and on small scripts: where they apply, where they must not, and that
//! z3 gives the same answers before and after.

mod common;

use simplify::{simplify_text, Options, PassId};

const SAXPY: &str = include_str!("why3/saxpy_excerpt.smt2");

fn pass(name: &str) -> PassId {
    PassId::parse(name).expect("a registered pass")
}

fn run(src: &str, passes: Vec<PassId>) -> String {
    let opts = Options {
        passes,
        ..Options::default()
    };
    simplify_text(src, &opts).expect("parses").output
}

/// A Why3-style script: one bridge pair for `Int`, a polymorphic `get`, a
/// map `m` read at a bound variable and at a constant.
const TINY: &str = "(declare-sort uni 0)
(declare-sort ty 0)
(declare-fun int () ty)
(declare-fun t2tb (Int) uni)
(declare-fun tb2t (uni) Int)
(assert (forall ((i Int)) (! (= (tb2t (t2tb i)) i) :pattern ((t2tb i)))))
(assert (forall ((j uni)) (! (= (t2tb (tb2t j)) j) :pattern ((t2tb (tb2t j))))))
(declare-fun get (ty ty uni uni) uni)
(declare-fun m () uni)
(declare-const n Int)
(assert (forall ((k Int)) (=> (<= 0 k) (= (tb2t (get int int m (t2tb k))) (* 2 k)))))
(assert (<= 0 n))
(assert (not (= (tb2t (get int int m (t2tb n))) (* 2 n))))
(check-sat)
";

#[test]
fn reads_under_bridges_become_defined_functions() {
    let out = run(TINY, vec![pass("why3-reads")]);
    assert!(
        out.contains("(define-fun get@1 ((x Int)) Int (tb2t (get int int m (t2tb x))))"),
        "{out}"
    );
    assert!(out.contains("(get@1 k)"), "{out}");
    // a read with no variable is left alone (it is a constant already)
    assert!(out.contains("(tb2t (get int int m (t2tb n)))"), "{out}");
    // the definition comes before its first use
    assert!(out.find("define-fun get@1").unwrap() < out.find("(get@1 k)").unwrap());
    assert_eq!(common::z3_answers(&out), "unsat");
    assert_eq!(common::z3_answers(TINY), "unsat");
    let sat = TINY.replace("(assert (<= 0 n))", "(assert (< n 0))");
    let out = run(&sat, vec![pass("why3-reads")]);
    assert!(out.contains("(get@1 k)"), "{out}");
    assert_eq!(common::z3_answers(&out), common::z3_answers(&sat));
    common::assert_validated(&sat, &out);
}

#[test]
fn reads_the_pass_cannot_name_stay_as_they_are() {
    let cases = [
        // no round-trip axiom: tb2t is no bridge
        TINY.replace(
            "(assert (forall ((i Int)) (! (= (tb2t (t2tb i)) i) :pattern ((t2tb i)))))",
            "",
        ),
        // a variable argument that is not bridged
        TINY.replace(
            "(get int int m (t2tb k))",
            "(get int int m (t2tb (tb2t (t2tb k))))",
        )
        .replace(
            "(declare-fun m () uni)",
            "(declare-fun m () uni)(declare-fun w (Int) uni)",
        )
        .replace("(t2tb (tb2t (t2tb k)))", "(w k)"),
        // scopes: a definition would have to be repeated after pop
        TINY.replace("(check-sat)", "(push 1)(check-sat)(pop 1)"),
    ];
    for src in cases {
        let out = run(&src, vec![pass("why3-reads")]);
        assert!(!out.contains("define-fun"), "{out}");
        assert!(!out.contains("get@"), "{out}");
    }
}

#[test]
fn vericuda_threads_become_their_integer_fields() {
    let out = run(SAXPY, vec![pass("why3-reads")]);
    // the thread pair, its derived inversion, the per-thread variable i0
    assert!(
        out.contains("(define-fun Tuple2@1 ((x!1 dim3) (x!2 dim3)) (tuple2 dim3 dim3) (tb2t1 (Tuple2 dim31 dim31 (t2tb x!1) (t2tb x!2))))"),
        "{out}"
    );
    assert!(out.contains("(Tuple2@1 (bid_of u"), "{out}");
    // the inversion fires only on pairs already built: unpatterned, z3
    // instantiates it at every thread term, and each instance wakes the
    // encoding's bridge axioms
    let inversion = out
        .lines()
        .find(|l| l.contains("(Tuple2@1 (bid_of u"))
        .unwrap();
    assert!(
        inversion.contains(":pattern ((Tuple2@1 (bid_of u"),
        "{inversion}"
    );
    assert!(out.contains("(select (tb2t7 (get (map1 tuple01 int) (tuple21 dim31 dim31) (t2tb6 i0) (t2tb1 x!1))) Tuple0))"), "{out}");
    // (translation validation times out on this excerpt's quantifiers; the
    // small scripts above are validated)
    // With the default pipeline the passes see the thread quantifiers
    // over Ints (`unsplit-records` folds what they leave back to threads
    // at the end), the assignment to i0 is substituted and the VC becomes
    // easy.
    let mut split = PassId::default_passes();
    split.retain(|p| *p != PassId::UnsplitRecords);
    let out = run(SAXPY, split);
    assert!(!out.contains("((t (tuple2 dim3 dim3)))"), "{out}");
    assert!(out.contains("t_bid_of_x"), "{out}");
    let out = run(SAXPY, PassId::default_passes());
    assert_eq!(common::z3_answers(&out), "unsat");
}

#[test]
fn no_inversion_without_the_encoding_axioms_that_entail_it() {
    // Without tuple2_inversion, Tuple2 may miss values of the sort:
    // threads must stay threads.
    let cut = SAXPY.replace(
        "(= u (Tuple2 a1 a (Tuple2_proj_1 a1 a u) (Tuple2_proj_2 a1 a u)))",
        "true",
    );
    assert_ne!(cut, SAXPY);
    let out = run(&cut, vec![pass("why3-reads")]);
    assert!(out.contains("define-fun Tuple2@1"), "{out}");
    assert!(!out.contains("(Tuple2@1 (bid_of u"), "{out}");
    // nor without the bridge of dim3 being onto uni
    let cut = SAXPY.replace(
        "(assert\n  (forall ((j uni)) (! (= (t2tb (tb2t j)) j) :pattern ((t2tb (tb2t j))) )))",
        "",
    );
    assert_ne!(cut, SAXPY);
    let out = run(&cut, vec![pass("why3-reads")]);
    assert!(!out.contains("(Tuple2@1 (bid_of u"), "{out}");
}

/// A record given by axioms, a predicate defined over its constructor, and
/// a bijection of `Int` with `uni` that is not a record.
const RECORD: &str = "(declare-sort uni 0)
(declare-sort pair 0)
(declare-fun mk (Int Int) pair)
(declare-fun fst (pair) Int)
(declare-fun snd (pair) Int)
(declare-fun t2tb (Int) uni)
(declare-fun tb2t (uni) Int)
(assert (forall ((i Int)) (= (tb2t (t2tb i)) i)))
(assert (forall ((j uni)) (= (t2tb (tb2t j)) j)))
(assert (forall ((a Int) (b Int)) (= (fst (mk a b)) a)))
(assert (forall ((a Int) (b Int)) (= (snd (mk a b)) b)))
(assert (forall ((p pair)) (= p (mk (fst p) (snd p)))))
(declare-fun valid (pair) Bool)
(assert (forall ((a Int) (b Int)) (= (valid (mk a b)) (and (<= 0 a) (< a b)))))
(declare-fun f (Int) Int)
(assert (forall ((k Int)) (=> (<= 0 k) (<= 0 (f k)))))
(assert (not (forall ((p pair)) (=> (valid p) (< (fst p) (snd p))))))
(check-sat)
";

#[test]
fn definitions_over_a_constructor_unfold_at_split_threads() {
    let passes = vec![pass("unfold"), pass("records"), pass("quant")];
    let out = run(RECORD, passes);
    // the goal's pair became two Ints and valid was unfolded there
    assert!(out.contains("(forall ((p_fst Int) (p_snd Int))"), "{out}");
    assert!(!out.contains("(valid (mk p_fst p_snd))"), "{out}");
    // the Int quantifier was not split through uni
    assert!(out.contains("(forall ((k Int))"), "{out}");
    assert_eq!(common::z3_answers(&out), "unsat");
    assert_eq!(common::z3_answers(RECORD), "unsat");
    common::assert_validated(RECORD, &out);
    // without the inversion axiom, neither the split nor the definition
    let no_inv = RECORD.replace(
        "(assert (forall ((p pair)) (= p (mk (fst p) (snd p)))))",
        "",
    );
    let out = run(&no_inv, vec![pass("unfold"), pass("records")]);
    assert!(out.contains("(forall ((p pair))"), "{out}");
    assert!(out.contains("(valid (mk a"), "{out}");
}

#[test]
fn projections_do_not_block_a_substitution() {
    // x is defined only on mk_dim3(..): x(blockDim) cannot be rewritten,
    // so substituting i0 by a term with x(blockDim) is no costlier.
    let src = "(declare-sort dim3 0)
(declare-fun mk_dim3 (Int Int Int) dim3)
(declare-fun x (dim3) Int)
(assert (forall ((u Int) (v Int) (w Int)) (= (x (mk_dim3 u v w)) u)))
(declare-fun blockDim () dim3)
(declare-fun gx () Int)
(declare-fun n () Int)
(declare-fun i0 (Int Int) Int)
(declare-fun out0 (Int) Int)
(declare-fun out (Int) Int)
(declare-fun v (Int) Int)
(assert (< 0 gx))
(assert (< 0 (x blockDim)))
(assert (forall ((b Int) (t Int)) (=> (and (<= 0 b) (< b gx) (<= 0 t) (< t (x blockDim))) (= (i0 b t) (+ (* (x blockDim) b) t)))))
(assert (forall ((m Int)) (or (exists ((b Int) (t Int)) (and (<= 0 b) (< b gx) (<= 0 t) (< t (x blockDim)) (< (i0 b t) n) (= (i0 b t) m) (= (out0 m) (v (i0 b t)))))
   (and (forall ((b Int) (t Int)) (not (and (<= 0 b) (< b gx) (<= 0 t) (< t (x blockDim)) (< (i0 b t) n) (= (i0 b t) m)))) (= (out0 m) (out m))))))
(assert (<= n (* gx (x blockDim))))
(assert (not (forall ((k Int)) (=> (and (<= 0 k) (< k n)) (= (out0 k) (v k))))))
(check-sat)
";
    let out = run(src, PassId::default_passes());
    assert!(!out.contains("(i0 b t) n"), "{out}");
    assert_eq!(common::z3_answers(&out), "unsat");
}

/// A map read at a thread variable, `get(…, t2tb1(t))`, and at a pair
/// built in place, `get(…, Pair(…, t2tb b, t2tb l))`, is one read once the
/// pair is read back elsewhere (`tb2t1(Pair(…))`) and the bridge of pairs
/// is onto (`∀j. t2tb1(tb2t1 j) = j`): `get@1(Pair@1(b, l))`.
const PAIRS: &str = "(declare-sort uni 0)
(declare-sort ty 0)
(declare-sort pair 0)
(declare-fun int () ty)
(declare-fun pairty () ty)
(declare-fun t2tb (Int) uni)
(declare-fun tb2t (uni) Int)
(declare-fun t2tb1 (pair) uni)
(declare-fun tb2t1 (uni) pair)
(assert (forall ((i Int)) (= (tb2t (t2tb i)) i)))
(assert (forall ((j uni)) (= (t2tb (tb2t j)) j)))
(assert (forall ((i pair)) (= (tb2t1 (t2tb1 i)) i)))
(assert (forall ((j uni)) (= (t2tb1 (tb2t1 j)) j)))
(declare-fun Pair (ty ty uni uni) uni)
(declare-fun get (ty ty uni uni) uni)
(declare-fun m () uni)
(declare-fun fst (pair) Int)
(assert (forall ((x Int) (y Int)) (= (fst (tb2t1 (Pair int int (t2tb x) (t2tb y)))) x)))
(assert (forall ((t pair)) (= (tb2t (get int pairty m (t2tb1 t))) (fst t))))
(assert (forall ((b Int) (l Int)) (not (= (tb2t (get int pairty m (Pair int int (t2tb b) (t2tb l)))) b))))
(check-sat)
";

#[test]
fn a_pair_built_in_place_is_read_like_a_pair_variable() {
    let out = run(PAIRS, vec![pass("why3-reads")]);
    assert!(out.contains("(get@1 (Pair@1 b l))"), "{out}");
    assert_eq!(out.matches("(define-fun get@").count(), 1, "{out}");
    // the bridge axioms themselves are kept as they were
    assert!(out.contains("(= (t2tb1 (tb2t1 j!1)) j!1)"), "{out}");
    assert_eq!(common::z3_answers(PAIRS), "unsat");
    assert_eq!(common::z3_answers(&out), "unsat");
    common::assert_validated(PAIRS, &out);
    // without the round trip into `uni` a bare pair may be no read of one
    let guarded = PAIRS.replace(
        "(assert (forall ((j uni)) (= (t2tb1 (tb2t1 j)) j)))",
        "(declare-fun ok (uni) Bool)(assert (forall ((j uni)) (=> (ok j) (= (t2tb1 (tb2t1 j)) j))))",
    );
    let out = run(&guarded, vec![pass("why3-reads")]);
    assert!(!out.contains("(get@1 (Pair@1 b l))"), "{out}");
    assert_eq!(out.matches("(define-fun get@").count(), 2, "{out}");
}

/// `vcsimp --validate` checks the in-memory output, where the named reads'
/// `define-fun`s are commands printed as they are: the query defines them
/// too, and the output is proved equivalent.
#[test]
fn the_cli_validates_named_reads() {
    use std::io::Write;
    let dir = std::env::temp_dir().join(format!("vcsimp-why3-validate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tiny.smt2");
    std::fs::File::create(&path)
        .unwrap()
        .write_all(TINY.as_bytes())
        .unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_vcsimp"))
        .args(["--passes", "why3-reads", "--validate", "--stats"])
        .arg(&path)
        .output()
        .expect("vcsimp runs");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(String::from_utf8_lossy(&o.stdout).contains("define-fun"));
    assert!(err.contains("vcsimp: validate: agree"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Array `x` read at a thread's local `k` (a map from threads to maps from
/// the unit type, as VeriCUDA stores locals): Why3 passes `k`'s value to
/// `get` without a round trip, `get(x, get(get(k, t2tb s), Unit))`, while
/// elsewhere it reads `k` back, `tb2t(get(get(k, t2tb t), Unit))`. With
/// the `Int` bridge onto, the index becomes `t2tb(tb2t(…))`, so `x`'s
/// read is over `k`'s named read: `get@2(get@1 s)`.
const LOCAL_INDEX: &str = "(declare-sort uni 0)
(declare-sort ty 0)
(declare-fun int () ty)
(declare-fun unit () ty)
(declare-fun mapty () ty)
(declare-fun t2tb (Int) uni)
(declare-fun tb2t (uni) Int)
(assert (forall ((i Int)) (= (tb2t (t2tb i)) i)))
(assert (forall ((j uni)) (= (t2tb (tb2t j)) j)))
(declare-fun get (ty ty uni uni) uni)
(declare-fun Unit () uni)
(declare-fun k () uni)
(declare-fun x () uni)
(assert (forall ((t Int)) (= (tb2t (get int unit (get mapty int k (t2tb t)) Unit)) 0)))
(assert (not (forall ((s Int)) (= (tb2t (get int int x (get int unit (get mapty int k (t2tb s)) Unit))) (tb2t (get int int x (t2tb 0)))))))
(check-sat)
";

#[test]
fn a_map_value_passed_on_as_an_index_is_its_named_read() {
    let out = run(LOCAL_INDEX, vec![pass("why3-reads")]);
    assert!(out.contains("(get@2 (get@1 s))"), "{out}");
    assert!(
        out.contains("(define-fun get@2 ((x!1 Int)) Int (tb2t (get int int x (t2tb x!1))))"),
        "{out}"
    );
    assert_eq!(common::z3_answers(LOCAL_INDEX), "unsat");
    assert_eq!(common::z3_answers(&out), "unsat");
    common::assert_validated(LOCAL_INDEX, &out);
    // `k` never read back under the bridge: the index stays as it is
    let unread = LOCAL_INDEX.replace(
        "(assert (forall ((t Int)) (= (tb2t (get int unit (get mapty int k (t2tb t)) Unit)) 0)))\n",
        "",
    );
    let out = run(&unread, vec![pass("why3-reads")]);
    assert!(out.contains("(tb2t (get int int x (get int unit"), "{out}");
    // nor without the round trip into `uni`
    let guarded = LOCAL_INDEX.replace(
        "(assert (forall ((j uni)) (= (t2tb (tb2t j)) j)))",
        "(declare-fun ok (uni) Bool)(assert (forall ((j uni)) (=> (ok j) (= (t2tb (tb2t j)) j))))",
    );
    let out = run(&guarded, vec![pass("why3-reads")]);
    assert!(!out.contains("(get@2 (get@1 s))"), "{out}");
}

/// A real goal (see the excerpt's header): per-thread variables read
/// through Why3's bridges, `tb2t(tget(…, t2tb(a), th))`, defined by one
/// another and by uniform reads (`wA = bsize * m`).
const MATRIXMUL_LOOP: &str = include_str!("why3/matrixmul_loop_excerpt.smt2");

#[test]
fn per_thread_definitions_under_bridges_substitute_into_each_other() {
    // Every read has the head `tb2t3`: a definition whose right side reads
    // another variable is still no recursion, so `aStep`, `aBegin` and
    // `aEnd` reach the loop condition and `bsize*l <= bsize*m - 1` refutes
    // `m <= l` without the solver.
    let out = run(MATRIXMUL_LOOP, PassId::default_passes());
    assert!(out.contains("(assert false)"), "{out}");
    assert_eq!(common::z3_answers(&out), "unsat");
    assert_eq!(common::z3_answers(MATRIXMUL_LOOP), "unsat");
    // The loop condition at any thread, valid or not: the definitions'
    // guard is open there, so nothing reaches it and nothing is decided.
    let open = MATRIXMUL_LOOP.replace("      (is_valid_thread th16)\n", "      true\n");
    assert_ne!(open, MATRIXMUL_LOOP);
    let out = run(&open, PassId::default_passes());
    assert!(!out.contains("(assert false)"), "{out}");
    assert!(out.contains("(exists"), "{out}");
}

/// A real goal (see the excerpt's header) whose threads are constants with
/// their unused dimensions bounded to 0, and whose assignment's else half
/// the e-graph turns into a disjunction.
const VECTORADD_DOWNWARD: &str = include_str!("why3/vectoradd_downward_excerpt.smt2");

#[test]
fn goal_threads_and_else_halves_reach_the_per_thread_definitions() {
    // `context` puts 0 for the goal threads' pinned dimensions, so the
    // assignment's rules (over `mk_dim3(x, 0, 0)`) match them; the else half
    // `c ∨ i' = i` is a rule under `¬c`; the goal's reads of `i'` go.
    let read_at = |th: &str| format!("(select i_3 (Tuple2@1 (dim3qtmk {th}_bid_of_x");
    let out = run(VECTORADD_DOWNWARD, PassId::default_passes());
    assert!(!out.contains(&read_at("th10")), "{out}");
    assert!(!out.contains(&read_at("th9")), "{out}");
    assert_eq!(common::z3_answers(&out), "unsat");
    // A goal thread that need not be valid: its dimensions are free and
    // the assignment's guard is open, so its read stays.
    let free = VECTORADD_DOWNWARD.replace("(assert (is_valid_thread th10))", "");
    assert_ne!(free, VECTORADD_DOWNWARD);
    let out = run(&free, PassId::default_passes());
    assert!(
        out.contains("(select i_3 (Tuple2@1 (dim3qtmk th10_bid_of_x th10_bid_of_y"),
        "{out}"
    );
}

/// A map `m` read at a variable (named at once) and, in the goal, at the
/// value of another map read through `tget`, a function an axiom defines:
/// that read is a read only once `unfold` has expanded `tget`.
const READ_AFTER_UNFOLD: &str = "(declare-sort uni 0)
(declare-sort ty 0)
(declare-fun int () ty)
(declare-fun t2tb (Int) uni)
(declare-fun tb2t (uni) Int)
(assert (forall ((i Int)) (! (= (tb2t (t2tb i)) i) :pattern ((t2tb i)))))
(assert (forall ((j uni)) (! (= (t2tb (tb2t j)) j) :pattern ((t2tb (tb2t j))))))
(declare-fun get (ty ty uni uni) uni)
(declare-fun tget (ty uni Int) uni)
(assert (forall ((a ty)) (forall ((v uni) (t Int)) (= (tget a v t) (get a int v (t2tb t))))))
(declare-fun m () uni)
(declare-fun m2 () uni)
(declare-fun js () uni)
(assert (forall ((k Int)) (= (tb2t (tget int js k)) (+ k 1))))
(assert (forall ((k Int)) (=> (<= 0 k) (= (tb2t (get int int m (t2tb k))) (* 2 k)))))
(assert (not (forall ((k Int)) (=> (<= 0 k) (= (tb2t (get int int m (tget int js k))) (* 2 (+ k 1)))))))
(check-sat)
";

#[test]
fn a_read_named_after_unfold_reuses_the_earlier_symbol_of_its_map() {
    // The goal's read of `m` is named in the second run; it is the same
    // read as the first run's `get@1`, so it gets that symbol, and the
    // hypothesis on `get@1` decides the goal.
    let out = run(READ_AFTER_UNFOLD, PassId::default_passes());
    assert_eq!(out.matches("(define-fun get@").count(), 2, "{out}");
    assert!(out.contains("(assert false)"), "{out}");
    assert_eq!(common::z3_answers(READ_AFTER_UNFOLD), "unsat");
    assert_eq!(common::z3_answers(&out), "unsat");
    common::assert_validated(READ_AFTER_UNFOLD, &out);
    // A goal that reads another map `m2` there: a read of its own, with a
    // definition of its own, and nothing decided.
    let other = READ_AFTER_UNFOLD.replace(
        "(tb2t (get int int m (tget int js k)))",
        "(tb2t (get int int m2 (tget int js k)))",
    );
    assert_ne!(other, READ_AFTER_UNFOLD);
    let out = run(&other, PassId::default_passes());
    assert_eq!(out.matches("(define-fun get@").count(), 3, "{out}");
    assert!(out.contains("(tb2t (get int int m2 (t2tb x)))"), "{out}");
    assert!(!out.contains("(assert false)"), "{out}");
}
