//! `quant`'s equality resolution of Int equations solved for a variable
//! of coefficient ±1 (`quant-eq-solve`): where it applies (the write-index
//! existential of a shared-array write in Why3's output of a tiled
//! kernel), where it must not (coefficient 2, a product, a variable under
//! a function), and that the result is equivalent (z3, and translation
//! validation); one-point ranges (`b < g`, `g <= b + 1`), and existentials
//! split by cases that each resolve (`quant-exists-cases`).

mod common;

use simplify::{simplify_text, Options, PassId};

fn run(src: &str) -> (String, String) {
    let opts = Options {
        passes: vec![PassId::parse("quant").expect("registered")],
        explain: true,
        ..Options::default()
    };
    let out = simplify_text(src, &opts).expect("parses");
    (out.output, out.trace.join("\n"))
}

const DECLS: &str = "(declare-fun A (Int) Int)
(declare-fun Bs (Int Int Int) Int)
(declare-fun f (Int) Int)
(declare-const bsize Int)
(declare-const gsize Int)
(declare-const l Int)
";

fn script(asserts: &str) -> String {
    format!("{DECLS}{asserts}\n(check-sat)\n")
}

/// The write of the second half of a shared tile, as Why3 prints it for a
/// tiled matrix multiplication: the tile row `n1` is `bsize + t` for a
/// thread row `t`, and the value read is at an index linear in `t`.
const TILE_WRITE: &str = "(assert (forall ((b Int) (n1 Int) (n2 Int)) (or (and (<= 0 n2) (< n2 (* 2 bsize)) (exists ((t Int)) (and (<= 0 t) (< t bsize) (= (+ bsize t) n1) (= (Bs b n1 n2) (A (+ n2 (* 2 bsize b) (* 2 gsize bsize bsize) (* 2 gsize bsize t) (* 4 gsize bsize bsize l))))))) (= (Bs b n1 n2) 0))))";

#[test]
fn a_write_index_equation_is_solved_for_the_thread_variable() {
    let src = script(TILE_WRITE);
    let (out, trace) = run(&src);
    assert!(trace.contains("quant-eq-solve:"), "{trace}");
    assert!(!out.contains("exists"), "{out}");
    // t = n1 - bsize: the index is a polynomial in n1, in which
    // 2*gsize*bsize*bsize and -2*gsize*bsize*bsize cancel
    assert!(out.contains("(* 2 bsize n1 gsize)"), "{out}");
    assert!(!out.contains("(* 2 bsize bsize gsize)"), "{out}");
    assert!(out.contains("(<= bsize n1)"), "{out}");
}

/// [`TILE_WRITE`] for a 16 x 16 tile of a grid 4 tiles wide (numerals for
/// the sizes, so that the solver's check is linear).
const TILE_WRITE_16: &str = "(assert (forall ((b Int) (n1 Int) (n2 Int)) (or (and (<= 0 n2) (< n2 32) (exists ((t Int)) (and (<= 0 t) (< t 16) (= (+ 16 t) n1) (= (Bs b n1 n2) (A (+ n2 (* 32 b) 2048 (* 128 t) (* 4096 l))))))) (= (Bs b n1 n2) 0))))";

#[test]
fn a_solved_write_index_is_validated() {
    let src = script(TILE_WRITE_16);
    let (out, trace) = run(&src);
    assert!(trace.contains("quant-eq-solve:"), "{trace}");
    assert!(!out.contains("exists"), "{out}");
    common::assert_validated(&src, &out);
}

#[test]
fn solved_equations_are_equivalences() {
    // (TILE_WRITE_16 is checked by translation validation above)
    let cases = [
        // forall with the solved equation as a hypothesis; -x + a = n
        "(assert (forall ((x Int)) (=> (and (= (- l x) gsize) (<= 0 x)) (> (f x) (f (- l x))))))",
        // forall with the equation as a negated disjunct
        "(assert (forall ((x Int)) (or (not (= (+ x (* bsize gsize)) l)) (> (f x) 0))))",
        // exists with only the equation and a bound
        "(assert (exists ((x Int)) (and (= (+ (* 2 l) x 1) gsize) (<= x bsize))))",
    ];
    for c in cases {
        let src = script(c);
        let (out, trace) = run(&src);
        assert!(trace.contains("quant-eq-solve:"), "{c}\n{trace}");
        let before = &c["(assert ".len()..c.len() - 1];
        let after: Vec<String> = common::asserted(&out);
        assert_eq!(after.len(), 1, "{out}");
        common::assert_equivalent(DECLS, before, &after[0]);
    }
}

#[test]
fn equations_not_solvable_exactly_stay() {
    let cases = [
        // coefficient 2: x = (n - a)/2 is not an Int term
        "(assert (exists ((x Int)) (and (= (+ bsize (* 2 x)) l) (> (f x) 0))))",
        // x in a product with a parameter
        "(assert (exists ((x Int)) (and (= (* gsize x) l) (> (f x) 0))))",
        // x also under a function on the same side
        "(assert (exists ((x Int)) (and (= (+ x (f x)) l) (> (f x) 0))))",
        // x twice, as x and in x*x
        "(assert (exists ((x Int)) (and (= (+ x (* x x)) l) (> (f x) 0))))",
    ];
    for c in cases {
        let src = script(c);
        let (out, trace) = run(&src);
        assert!(!trace.contains("quant-eq-solve:"), "{c}\n{trace}");
        assert!(out.contains("exists"), "{out}");
    }
}

/// The last block of a grid as bound analysis prints it: `b < gsize` and
/// `gsize <= b + 1` leave `b` one point.
const LAST_BLOCK: &str = "(assert (not (forall ((b Int)) (=> (and (<= 0 b) (< b gsize) (<= gsize (+ b 1))) (> (f (+ b l)) (A b))))))";

#[test]
fn a_range_of_one_point_is_resolved() {
    let src = script(LAST_BLOCK);
    let (out, trace) = run(&src);
    assert!(trace.contains("quant-eq-solve:"), "{trace}");
    assert!(!out.contains("forall"), "{out}");
    assert!(out.contains("(A (- gsize 1))"), "{out}");
    let before = &LAST_BLOCK["(assert ".len()..LAST_BLOCK.len() - 1];
    let after = common::asserted(&out);
    assert_eq!(after.len(), 1, "{out}");
    common::assert_equivalent(DECLS, before, &after[0]);
}

#[test]
fn ranges_of_more_than_one_point_stay() {
    let cases = [
        // b is gsize - 2 or gsize - 1
        "(assert (forall ((b Int)) (=> (and (<= 0 b) (< b gsize) (<= gsize (+ b 2))) (> (f b) 0))))",
        // the bounds differ by a parameter
        "(assert (forall ((b Int)) (=> (and (<= l b) (<= b gsize)) (> (f b) 0))))",
        // coefficient 2
        "(assert (forall ((b Int)) (=> (and (<= gsize (* 2 b)) (<= (* 2 b) gsize)) (> (f b) 0))))",
    ];
    for c in cases {
        let src = script(c);
        let (out, trace) = run(&src);
        assert!(!trace.contains("quant-eq-solve:"), "{c}\n{trace}");
        assert!(out.contains("forall"), "{out}");
    }
}

/// A numeral point (`0 <= y < 1`, an unused thread field) is not read as
/// a definition by the range reading: only a symbolic one is.
#[test]
fn a_range_of_one_numeral_point_is_not_solved() {
    let c = "(assert (forall ((b Int)) (=> (and (<= 0 b) (< b 1)) (> (f b) 0))))";
    let (_, trace) = run(&script(c));
    assert!(!trace.contains("quant-eq-solve:"), "{trace}");
}

/// The last writer of a rotation, `A(n)` written by thread `t` at `t + 1`,
/// or at 0 by the last thread: the write index depends on a condition.
const ROTATE_WRITE: &str = "(assert (forall ((n Int)) (or (exists ((t Int)) (and (<= 0 t) (< t l) (or (and (= (+ t 1) l) (= n 0)) (and (not (= (+ t 1) l)) (= (+ t 1) n))) (= (f t) (A n)))) (= (A n) 0))))";

#[test]
fn an_existential_with_a_definition_in_each_case_is_split_and_resolved() {
    let src = script(ROTATE_WRITE);
    let (out, trace) = run(&src);
    assert!(trace.contains("quant-exists-cases:"), "{trace}");
    assert!(!out.contains("exists"), "{out}");
    assert!(out.contains("(f (- n 1))"), "{out}");
    let before = &ROTATE_WRITE["(assert ".len()..ROTATE_WRITE.len() - 1];
    let after = common::asserted(&out);
    assert_eq!(after.len(), 1, "{out}");
    common::assert_equivalent(DECLS, before, &after[0]);
}

#[test]
fn an_existential_with_a_case_without_definition_stays() {
    let cases = [
        // the second case only bounds t
        "(assert (forall ((n Int)) (or (exists ((t Int)) (and (<= 0 t) (< t l) (or (and (= (+ t 1) l) (= n 0)) (< n t)) (= (f t) (A n)))) (= (A n) 0))))",
        // 2t = n has no Int solution for t in general
        "(assert (forall ((n Int)) (or (exists ((t Int)) (and (<= 0 t) (< t l) (or (= t n) (= (* 2 t) n)) (= (f t) (A n)))) (= (A n) 0))))",
    ];
    for c in cases {
        let src = script(c);
        let (out, trace) = run(&src);
        assert!(!trace.contains("quant-exists-cases:"), "{c}\n{trace}");
        assert!(out.contains("exists"), "{out}");
    }
}
