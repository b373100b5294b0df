//! Sorts of the theory operators and constants that vcsimp passes through
//! without reasoning about them: bit-vectors, strings and regular
//! expressions, sequences, floating point, and datatype testers.
//!
//! An operator missing here makes its command opaque (kept verbatim), never
//! an error, so this table only decides how much vcsimp can *see*.

use crate::sort::SortTable;
use crate::sort::{SortId, SortKind};

fn named(cx: &mut impl SortTable, name: &str) -> SortId {
    let s = cx.sym(name);
    cx.sort(SortKind::Named(s, Box::new([])))
}

fn bv_width(cx: &impl SortTable, s: SortId) -> Option<u32> {
    match cx.sort_kind(s) {
        SortKind::BitVec(w) => Some(*w),
        _ => None,
    }
}

/// Parse `(_ name i1 i2 …)` into its name and numeric indices.
fn indexed(head: &str) -> Option<(&str, Vec<u64>)> {
    let inner = head.strip_prefix("(_ ")?.strip_suffix(')')?;
    let mut parts = inner.split_whitespace();
    let name = parts.next()?;
    let idx: Option<Vec<u64>> = parts.map(|p| p.parse().ok()).collect();
    Some((name, idx?))
}

/// The result sort of theory operator `head` (its exact printed form)
/// applied to arguments of sorts `args`, or `None` if unknown or ill-sorted.
pub fn other_sort<C: SortTable>(cx: &mut C, head: &str, args: &[SortId]) -> Option<SortId> {
    let b = cx.sort(SortKind::Bool);
    let i = cx.sort(SortKind::Int);
    let first = args.first().copied();
    let same_bv = || first.and_then(|f| bv_width(cx, f).map(|_| f));
    if let Some((name, idx)) = indexed(head) {
        let w = first.and_then(|f| bv_width(cx, f));
        let bv = |cx: &mut C, n: u64| u32::try_from(n).ok().map(|n| cx.sort(SortKind::BitVec(n)));
        return match (name, idx.as_slice()) {
            ("extract", [hi, lo]) if w.is_some_and(|w| (*hi as u32) < w) && lo <= hi => {
                bv(cx, hi - lo + 1)
            }
            ("zero_extend" | "sign_extend", [n]) => bv(cx, w? as u64 + n),
            ("repeat", [n]) if *n > 0 => bv(cx, w? as u64 * n),
            ("rotate_left" | "rotate_right", [_]) => first.filter(|_| w.is_some()),
            ("int2bv" | "int_to_bv", [n]) => bv(cx, *n),
            ("to_fp" | "to_fp_unsigned", [e, s]) => {
                let (e, s) = (cx.sym(&e.to_string()), cx.sym(&s.to_string()));
                let fp = cx.sym("FloatingPoint");
                Some(cx.sort(SortKind::Indexed(fp, Box::new([e, s]))))
            }
            ("fp.to_ubv" | "fp.to_sbv", [n]) => bv(cx, *n),
            ("re.loop" | "re.^", _) => Some(named(cx, "RegLan")),
            ("is", [..]) => Some(b),
            _ => None,
        };
    }
    if let Some(ctor) = head.strip_prefix("(_ is ") {
        let _ = ctor;
        return Some(b);
    }
    Some(match head {
        "bvult" | "bvule" | "bvugt" | "bvuge" | "bvslt" | "bvsle" | "bvsgt" | "bvsge"
        | "bvumul_noovfl" | "bvsmul_noovfl" | "bvsmul_noudfl" | "bvuaddo" | "bvsaddo"
        | "bvumulo" | "bvsmulo" | "bvnego" | "bvusubo" | "bvssubo" | "bvsdivo" => {
            same_bv()?;
            b
        }
        "bvadd" | "bvsub" | "bvmul" | "bvudiv" | "bvurem" | "bvsdiv" | "bvsrem" | "bvsmod"
        | "bvand" | "bvor" | "bvxor" | "bvnand" | "bvnor" | "bvxnor" | "bvnot" | "bvneg"
        | "bvshl" | "bvlshr" | "bvashr" | "bvudiv_i" | "bvurem_i" | "bvsdiv_i" | "bvsrem_i" => {
            same_bv()?
        }
        "bvcomp" => cx.sort(SortKind::BitVec(1)),
        "concat" => {
            let mut w = 0u32;
            for &a in args {
                w = w.checked_add(bv_width(cx, a)?)?;
            }
            cx.sort(SortKind::BitVec(w))
        }
        "bv2nat" | "bv2int" | "ubv_to_int" | "sbv_to_int" => i,
        "str.++" | "str.at" | "str.substr" | "str.replace" | "str.replace_all" | "str.from_int"
        | "int.to.str" | "str.from_code" | "str.replace_re" | "str.replace_re_all"
        | "str.to_lower" | "str.to_upper" | "str.rev" => named(cx, "String"),
        "str.len" | "str.indexof" | "str.to_int" | "str.to.int" | "str.to_code" => i,
        "str.<" | "str.<=" | "str.in_re" | "str.in.re" | "str.prefixof" | "str.suffixof"
        | "str.contains" | "str.is_digit" => b,
        "str.to_re" | "str.to.re" | "re.++" | "re.union" | "re.inter" | "re.*" | "re.+"
        | "re.opt" | "re.range" | "re.comp" | "re.diff" => named(cx, "RegLan"),
        "seq.len" | "seq.indexof" => i,
        "seq.contains" | "seq.prefixof" | "seq.suffixof" => b,
        "seq.++" | "seq.extract" | "seq.replace" | "seq.rev" => first?,
        "seq.unit" => {
            let seq = cx.sym("Seq");
            cx.sort(SortKind::Named(seq, Box::new([first?])))
        }
        "seq.nth" => match cx.sort_kind(first?) {
            SortKind::Named(_, el) if el.len() == 1 => el[0],
            _ => return None,
        },
        "fp.abs" | "fp.neg" | "fp.rem" | "fp.min" | "fp.max" => first?,
        "fp.add" | "fp.sub" | "fp.mul" | "fp.div" | "fp.fma" | "fp.sqrt" | "fp.roundToIntegral" => {
            *args.get(1)?
        }
        "fp.isNormal" | "fp.isSubnormal" | "fp.isZero" | "fp.isInfinite" | "fp.isNaN"
        | "fp.isNegative" | "fp.isPositive" | "fp.eq" | "fp.lt" | "fp.leq" | "fp.gt" | "fp.geq" => {
            b
        }
        "fp.to_real" => cx.sort(SortKind::Real),
        _ => return None,
    })
}

/// The sort of a theory constant written as a bare symbol, e.g. `RNE`.
pub fn constant_sort(cx: &mut impl SortTable, name: &str) -> Option<SortId> {
    Some(match name {
        "RNE"
        | "RNA"
        | "RTP"
        | "RTN"
        | "RTZ"
        | "roundNearestTiesToEven"
        | "roundNearestTiesToAway"
        | "roundTowardPositive"
        | "roundTowardNegative"
        | "roundTowardZero" => named(cx, "RoundingMode"),
        "re.all" | "re.none" | "re.allchar" | "re.nostr" => named(cx, "RegLan"),
        "str.empty" => named(cx, "String"),
        _ => return None,
    })
}

/// The sort named by a bare symbol that is built into a theory.
pub fn builtin_sort(cx: &mut impl SortTable, name: &str) -> Option<SortId> {
    Some(match name {
        "Bool" => cx.sort(SortKind::Bool),
        "Int" => cx.sort(SortKind::Int),
        "Real" => cx.sort(SortKind::Real),
        "String" | "RegLan" | "RoundingMode" | "Float16" | "Float32" | "Float64" | "Float128" => {
            named(cx, name)
        }
        _ => return None,
    })
}
