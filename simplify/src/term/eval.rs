//! Evaluation of an operator applied to literal values: integer
//! arithmetic and comparisons over numerals, and the bit-vector operators
//! of SMT-LIB's `FixedSizeBitVectors` over bit-vector literals.
//!
//! [`eval_app`] returns the value as a literal term, or `None` when an
//! argument is no value, the operator is not one of those below, or the
//! standard leaves the result to the solver or to an option: integer and
//! bit-vector division and remainder by zero are never evaluated (z3's
//! `hi_div0` and the standard's total `bvudiv` disagree across versions).
//! Results wider than [`MAX_WIDTH`] bits and numbers larger than
//! [`smtlib_io::MAX_NUMBER_BITS`] stay terms.

use crate::egraph::analysis::{bits_literal, Value};
use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use smtlib_io::{Context, Op, SortId, TermId, TermKind};

/// The widest bit-vector an evaluation builds.
pub const MAX_WIDTH: u64 = 4096;

/// `op` applied to `args`, of sort `sort`, as a literal, when every
/// argument is a literal and the result is defined (see the module
/// documentation).
pub fn eval_app(cx: &mut Context, op: &Op, args: &[TermId], sort: SortId) -> Option<TermId> {
    if args.is_empty() {
        return None;
    }
    match op {
        Op::Other(s) => {
            let name = cx.sym_name(*s).to_string();
            let vals: Option<Vec<(u64, BigUint)>> = args.iter().map(|&a| bits_of(cx, a)).collect();
            let r = eval_bv(&name, &vals?)?;
            Some(match r {
                Bv::Bool(b) => cx.mk_bool(b),
                Bv::Bits(width, v) => {
                    if width == 0 || width > MAX_WIDTH {
                        return None;
                    }
                    cx.mk_literal(&bits_text(width, &v), sort)
                }
            })
        }
        Op::Eq | Op::Distinct => {
            let keys: Option<Vec<Key>> = args.iter().map(|&a| key_of(cx, a)).collect();
            let keys = keys?;
            let r = if *op == Op::Eq {
                keys.windows(2).all(|p| p[0] == p[1])
            } else {
                (0..keys.len()).all(|i| (i + 1..keys.len()).all(|j| keys[i] != keys[j]))
            };
            Some(cx.mk_bool(r))
        }
        _ => {
            let ns: Option<Vec<BigInt>> = args
                .iter()
                .map(|&a| match cx.kind(a) {
                    TermKind::Int(n) => Some(n.clone()),
                    _ => None,
                })
                .collect();
            let ns = ns?;
            match eval_int(op, &ns)? {
                Num::Bool(b) => Some(cx.mk_bool(b)),
                Num::Int(n) => {
                    (n.bits() <= smtlib_io::MAX_NUMBER_BITS).then_some(())?;
                    Some(cx.mk_int(n))
                }
            }
        }
    }
}

/// A value compared by [`Op::Eq`]: two spellings of one bit-vector are
/// the same key.
#[derive(PartialEq, Eq)]
enum Key {
    Bool(bool),
    Int(BigInt),
    Bits(u64, BigUint),
}

fn key_of(cx: &Context, t: TermId) -> Option<Key> {
    match cx.kind(t) {
        TermKind::Bool(b) => Some(Key::Bool(*b)),
        TermKind::Int(n) => Some(Key::Int(n.clone())),
        TermKind::Literal(_) => bits_of(cx, t).map(|(w, v)| Key::Bits(w, v)),
        _ => None,
    }
}

/// The width and value of the bit-vector literal `t`.
fn bits_of(cx: &Context, t: TermId) -> Option<(u64, BigUint)> {
    match cx.kind(t) {
        TermKind::Literal(s) => match bits_literal(cx.sym_name(*s))? {
            Value::Bits(w, v) => Some((w, v)),
            _ => None,
        },
        _ => None,
    }
}

/// `#x…` when the width is a multiple of 4, else `#b…`.
fn bits_text(width: u64, v: &BigUint) -> String {
    let w = width as usize;
    if width.is_multiple_of(4) {
        format!("#x{:0>1$}", v.to_str_radix(16), w / 4)
    } else {
        format!("#b{:0>1$}", v.to_str_radix(2), w)
    }
}

enum Num {
    Bool(bool),
    Int(BigInt),
}

fn chain(ns: &[BigInt], f: impl Fn(&BigInt, &BigInt) -> bool) -> Option<Num> {
    (ns.len() >= 2).then(|| Num::Bool(ns.windows(2).all(|p| f(&p[0], &p[1]))))
}

fn eval_int(op: &Op, ns: &[BigInt]) -> Option<Num> {
    let bin = || (ns.len() == 2).then(|| (&ns[0], &ns[1]));
    Some(match op {
        Op::Add => Num::Int(ns.iter().sum()),
        Op::Mul => {
            let mut p = BigInt::one();
            for n in ns {
                p *= n;
                if p.bits() > smtlib_io::MAX_NUMBER_BITS {
                    return None;
                }
            }
            Num::Int(p)
        }
        Op::Sub if ns.len() >= 2 => Num::Int(ns[1..].iter().fold(ns[0].clone(), |a, b| a - b)),
        Op::Sub | Op::Neg if ns.len() == 1 => Num::Int(-&ns[0]),
        Op::Abs if ns.len() == 1 => Num::Int(ns[0].abs()),
        Op::IntDiv | Op::Mod => {
            let (a, b) = bin()?;
            if b.is_zero() {
                return None;
            }
            // Euclidean: a = b·q + r with 0 <= r < |b|.
            let r = a.mod_floor(&b.abs());
            if *op == Op::Mod {
                Num::Int(r)
            } else {
                Num::Int((a - &r) / b)
            }
        }
        Op::Le => chain(ns, |a, b| a <= b)?,
        Op::Lt => chain(ns, |a, b| a < b)?,
        Op::Ge => chain(ns, |a, b| a >= b)?,
        Op::Gt => chain(ns, |a, b| a > b)?,
        _ => return None,
    })
}

enum Bv {
    Bool(bool),
    Bits(u64, BigUint),
}

fn modulus(w: u64) -> BigUint {
    BigUint::one() << w
}

fn signed(w: u64, v: &BigUint) -> BigInt {
    let v = BigInt::from(v.clone());
    if w > 0 && (&v >> (w - 1)) & BigInt::one() == BigInt::one() {
        v - BigInt::from(modulus(w))
    } else {
        v
    }
}

fn unsigned(w: u64, i: &BigInt) -> BigUint {
    let m = BigInt::from(modulus(w));
    i.mod_floor(&m)
        .to_biguint()
        .expect("a non-negative remainder")
}

fn indexed(name: &str) -> Option<(&str, Vec<u64>)> {
    let inner = name.strip_prefix("(_")?.strip_suffix(')')?;
    let mut parts = inner.split_whitespace();
    let head = parts.next()?;
    let idx: Option<Vec<u64>> = parts.map(|p| p.parse().ok()).collect();
    Some((head, idx?))
}

/// The bit-vector operator `name` over `vals` (width, value); `None` when
/// the widths do not fit the operator or the result is left open.
fn eval_bv(name: &str, vals: &[(u64, BigUint)]) -> Option<Bv> {
    let w = vals[0].0;
    if let Some((head, idx)) = indexed(name) {
        let [(w, a)] = vals else { return None };
        let (w, a) = (*w, a);
        return Some(match (head, idx.as_slice()) {
            ("extract", &[hi, lo]) if lo <= hi && hi < w => {
                let width = hi - lo + 1;
                Bv::Bits(width, (a >> lo) % modulus(width))
            }
            ("zero_extend", &[n]) => Bv::Bits(w.checked_add(n)?, a.clone()),
            ("sign_extend", &[n]) => {
                let width = w.checked_add(n)?;
                if width > MAX_WIDTH {
                    return None;
                }
                Bv::Bits(width, unsigned(width, &signed(w, a)))
            }
            _ => return None,
        });
    }
    if name == "concat" {
        let mut width = 0u64;
        let mut v = BigUint::zero();
        for (wi, vi) in vals {
            width = width.checked_add(*wi)?;
            if width > MAX_WIDTH {
                return None;
            }
            v = (v << *wi) | vi;
        }
        return Some(Bv::Bits(width, v));
    }
    if vals.iter().any(|(wi, _)| *wi != w) {
        return None;
    }
    let m = modulus(w);
    let nary = |f: &dyn Fn(&BigUint, &BigUint) -> BigUint| -> Option<Bv> {
        (vals.len() >= 2).then(|| {
            let v = vals[1..]
                .iter()
                .fold(vals[0].1.clone(), |acc, (_, b)| f(&acc, b));
            Bv::Bits(w, v)
        })
    };
    let unary = |f: &dyn Fn(&BigUint) -> BigUint| -> Option<Bv> {
        (vals.len() == 1).then(|| Bv::Bits(w, f(&vals[0].1)))
    };
    let (a, b) = match vals {
        [(_, a), (_, b)] => (Some(a), Some(b)),
        _ => (None, None),
    };
    let cmp = |f: &dyn Fn(&BigInt, &BigInt) -> bool, sign: bool| -> Option<Bv> {
        let (a, b) = (a?, b?);
        let (x, y) = if sign {
            (signed(w, a), signed(w, b))
        } else {
            (BigInt::from(a.clone()), BigInt::from(b.clone()))
        };
        Some(Bv::Bool(f(&x, &y)))
    };
    let ones = &m - BigUint::one();
    match name {
        "bvadd" => nary(&|x, y| (x + y) % &m),
        "bvmul" => nary(&|x, y| (x * y) % &m),
        "bvsub" => nary(&|x, y| (x + &m - y) % &m),
        "bvand" => nary(&|x, y| x & y),
        "bvor" => nary(&|x, y| x | y),
        "bvxor" => nary(&|x, y| x ^ y),
        "bvnot" => unary(&|x| &ones ^ x),
        "bvneg" => unary(&|x| (&m - x) % &m),
        "bvnand" | "bvnor" | "bvxnor" => {
            let (a, b) = (a?, b?);
            let v = match name {
                "bvnand" => a & b,
                "bvnor" => a | b,
                _ => a ^ b,
            };
            Some(Bv::Bits(w, &ones ^ v))
        }
        "bvshl" | "bvlshr" | "bvashr" => {
            let (a, b) = (a?, b?);
            let big = *b >= BigUint::from(w);
            let s = if big { 0 } else { u64::try_from(b).ok()? };
            Some(Bv::Bits(
                w,
                match name {
                    "bvshl" if big => BigUint::zero(),
                    "bvshl" => (a << s) % &m,
                    "bvlshr" if big => BigUint::zero(),
                    "bvlshr" => a >> s,
                    _ => {
                        let x = signed(w, a);
                        let y = if big {
                            if x.sign() == Sign::Minus {
                                -BigInt::one()
                            } else {
                                BigInt::zero()
                            }
                        } else {
                            x.div_floor(&(BigInt::one() << s))
                        };
                        unsigned(w, &y)
                    }
                },
            ))
        }
        "bvudiv" | "bvurem" => {
            let (a, b) = (a?, b?);
            if b.is_zero() {
                return None;
            }
            Some(Bv::Bits(w, if name == "bvudiv" { a / b } else { a % b }))
        }
        "bvsdiv" | "bvsrem" | "bvsmod" => {
            let (a, b) = (a?, b?);
            if b.is_zero() {
                return None;
            }
            let (x, y) = (signed(w, a), signed(w, b));
            // bvsdiv truncates; bvsrem takes the dividend's sign, bvsmod
            // the divisor's.
            let q = &x / &y;
            let r = &x - &q * &y;
            let v = match name {
                "bvsdiv" => q,
                "bvsrem" => r,
                _ => {
                    if r.is_zero() || (r.sign() == y.sign()) {
                        r
                    } else {
                        r + &y
                    }
                }
            };
            Some(Bv::Bits(w, unsigned(w, &v)))
        }
        "bvcomp" => {
            let (a, b) = (a?, b?);
            Some(Bv::Bits(1, BigUint::from(u8::from(a == b))))
        }
        "bvult" => cmp(&|x, y| x < y, false),
        "bvule" => cmp(&|x, y| x <= y, false),
        "bvugt" => cmp(&|x, y| x > y, false),
        "bvuge" => cmp(&|x, y| x >= y, false),
        "bvslt" => cmp(&|x, y| x < y, true),
        "bvsle" => cmp(&|x, y| x <= y, true),
        "bvsgt" => cmp(&|x, y| x > y, true),
        "bvsge" => cmp(&|x, y| x >= y, true),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bv(w: u64, v: u64) -> (u64, BigUint) {
        (w, BigUint::from(v))
    }

    fn bits(r: Option<Bv>) -> Option<(u64, u64)> {
        match r? {
            Bv::Bits(w, v) => Some((w, u64::try_from(&v).unwrap())),
            Bv::Bool(_) => None,
        }
    }

    fn truth(r: Option<Bv>) -> Option<bool> {
        match r? {
            Bv::Bool(b) => Some(b),
            Bv::Bits(..) => None,
        }
    }

    #[test]
    fn arithmetic_wraps() {
        assert_eq!(
            bits(eval_bv("bvadd", &[bv(8, 200), bv(8, 100)])),
            Some((8, 44))
        );
        assert_eq!(
            bits(eval_bv("bvsub", &[bv(8, 1), bv(8, 2)])),
            Some((8, 255))
        );
        assert_eq!(
            bits(eval_bv("bvmul", &[bv(32, 1), bv(32, 0x200)])),
            Some((32, 0x200))
        );
        assert_eq!(bits(eval_bv("bvneg", &[bv(4, 1)])), Some((4, 15)));
        assert_eq!(bits(eval_bv("bvnot", &[bv(4, 5)])), Some((4, 10)));
    }

    #[test]
    fn signed_division_follows_the_standard() {
        // -7 / 2: bvsdiv -3, bvsrem -1, bvsmod 1; 7 / -2: -3, 1, -1.
        let m7 = 16 - 7;
        assert_eq!(
            bits(eval_bv("bvsdiv", &[bv(4, m7), bv(4, 2)])),
            Some((4, 16 - 3))
        );
        assert_eq!(
            bits(eval_bv("bvsrem", &[bv(4, m7), bv(4, 2)])),
            Some((4, 16 - 1))
        );
        assert_eq!(
            bits(eval_bv("bvsmod", &[bv(4, m7), bv(4, 2)])),
            Some((4, 1))
        );
        assert_eq!(
            bits(eval_bv("bvsdiv", &[bv(4, 7), bv(4, 14)])),
            Some((4, 16 - 3))
        );
        assert_eq!(
            bits(eval_bv("bvsrem", &[bv(4, 7), bv(4, 14)])),
            Some((4, 1))
        );
        assert_eq!(
            bits(eval_bv("bvsmod", &[bv(4, 7), bv(4, 14)])),
            Some((4, 15))
        );
        // The one overflow: -8 / -1 = -8.
        assert_eq!(
            bits(eval_bv("bvsdiv", &[bv(4, 8), bv(4, 15)])),
            Some((4, 8))
        );
        assert!(eval_bv("bvsdiv", &[bv(4, 8), bv(4, 0)]).is_none());
        assert!(eval_bv("bvudiv", &[bv(4, 8), bv(4, 0)]).is_none());
        assert!(eval_bv("bvurem", &[bv(4, 8), bv(4, 0)]).is_none());
    }

    #[test]
    fn shifts_and_widths() {
        assert_eq!(
            bits(eval_bv("bvshl", &[bv(8, 0x81), bv(8, 1)])),
            Some((8, 2))
        );
        assert_eq!(bits(eval_bv("bvshl", &[bv(8, 1), bv(8, 9)])), Some((8, 0)));
        assert_eq!(
            bits(eval_bv("bvlshr", &[bv(8, 0x80), bv(8, 7)])),
            Some((8, 1))
        );
        assert_eq!(
            bits(eval_bv("bvashr", &[bv(8, 0x80), bv(8, 7)])),
            Some((8, 0xff))
        );
        assert_eq!(
            bits(eval_bv("bvashr", &[bv(8, 0x80), bv(8, 200)])),
            Some((8, 0xff))
        );
        assert_eq!(
            bits(eval_bv("bvashr", &[bv(8, 0x40), bv(8, 200)])),
            Some((8, 0))
        );
        assert_eq!(
            bits(eval_bv("(_ extract 7 4)", &[bv(8, 0xa5)])),
            Some((4, 0xa))
        );
        assert_eq!(
            bits(eval_bv("(_ zero_extend 4)", &[bv(4, 0xa)])),
            Some((8, 0xa))
        );
        assert_eq!(
            bits(eval_bv("(_ sign_extend 4)", &[bv(4, 0xa)])),
            Some((8, 0xfa))
        );
        assert_eq!(
            bits(eval_bv("concat", &[bv(4, 0xa), bv(4, 5)])),
            Some((8, 0xa5))
        );
        assert!(
            eval_bv("bvadd", &[bv(4, 1), bv(8, 1)]).is_none(),
            "widths differ"
        );
    }

    #[test]
    fn comparisons() {
        assert_eq!(
            truth(eval_bv("bvult", &[bv(8, 1), bv(8, 0xff)])),
            Some(true)
        );
        assert_eq!(
            truth(eval_bv("bvslt", &[bv(8, 1), bv(8, 0xff)])),
            Some(false)
        );
        assert_eq!(
            truth(eval_bv("bvsge", &[bv(8, 0x80), bv(8, 0x7f)])),
            Some(false)
        );
        assert_eq!(
            truth(eval_bv("bvule", &[bv(32, 0x200), bv(32, 0x200)])),
            Some(true)
        );
    }

    #[test]
    fn integers_are_euclidean() {
        let n = |v: i64| BigInt::from(v);
        let int = |r: Option<Num>| match r {
            Some(Num::Int(i)) => Some(i),
            _ => None,
        };
        assert_eq!(int(eval_int(&Op::Mod, &[n(-7), n(2)])), Some(n(1)));
        assert_eq!(int(eval_int(&Op::IntDiv, &[n(-7), n(2)])), Some(n(-4)));
        assert_eq!(int(eval_int(&Op::IntDiv, &[n(-7), n(-2)])), Some(n(4)));
        assert_eq!(int(eval_int(&Op::Mod, &[n(7), n(-2)])), Some(n(1)));
        assert!(eval_int(&Op::Mod, &[n(7), n(0)]).is_none());
        assert_eq!(int(eval_int(&Op::Sub, &[n(5)])), Some(n(-5)));
        assert_eq!(int(eval_int(&Op::Sub, &[n(5), n(1), n(1)])), Some(n(3)));
        assert!(matches!(
            eval_int(&Op::Le, &[n(1), n(2), n(2)]),
            Some(Num::Bool(true))
        ));
        assert!(matches!(
            eval_int(&Op::Lt, &[n(1), n(2), n(2)]),
            Some(Num::Bool(false))
        ));
    }
}
