//! Reading a solver's output: is it a definitive answer?

/// How a solver run's output reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// Every check-sat was answered `sat` or `unsat` and nothing was
    /// rejected: the output can be printed as the answer.
    Definitive,
    /// Some answer is `unknown`, `timeout` or missing, or the solver
    /// printed an `(error ...)`: another run may do better.
    Undecided,
    /// A `sat` from a script that is not equivalent to the input (an
    /// opt-in strengthening or pruning): it means nothing.
    UntrustedSat,
}

/// Read the standard output of a solver that ended on its own. `trust_sat`
/// is false for scripts marked `:vcsimp-strengthened` or `:vcsimp-pruned`,
/// whose `unsat` proves the input unsat but whose `sat` means nothing.
///
/// An answer is a line that is exactly `sat`, `unsat`, `unknown` or
/// `timeout` (surrounding blanks aside); an error is a line that starts
/// with `(error`. Models and values that follow an answer are neither.
pub fn read(stdout: &[u8], trust_sat: bool) -> Reading {
    let text = String::from_utf8_lossy(stdout);
    let mut answers = 0;
    let mut sat = false;
    for line in text.lines().map(str::trim) {
        match line {
            "sat" => {
                answers += 1;
                sat = true;
            }
            "unsat" => answers += 1,
            "unknown" | "timeout" => return Reading::Undecided,
            l if l.starts_with("(error") => return Reading::Undecided,
            _ => {}
        }
    }
    if answers == 0 {
        Reading::Undecided
    } else if sat && !trust_sat {
        Reading::UntrustedSat
    } else {
        Reading::Definitive
    }
}

/// Whether simplified output `text` carries the marker of a pass that is
/// sound for `unsat` only ([`crate::pass::Soundness::UnsatOnly`]).
pub fn is_unsat_only(text: &str) -> bool {
    use crate::pass::Soundness;
    crate::PassId::all()
        .into_iter()
        .any(|p| matches!(p.info().soundness, Soundness::UnsatOnly(m) if text.contains(m.info)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_and_models() {
        assert_eq!(read(b"unsat\n", true), Reading::Definitive);
        assert_eq!(read(b"sat\n((x 1))\n", true), Reading::Definitive);
        assert_eq!(read(b"sat\nunsat\n", true), Reading::Definitive);
        assert_eq!(read(b"unknown\n", true), Reading::Undecided);
        assert_eq!(read(b"sat\nunknown\n", true), Reading::Undecided);
        assert_eq!(read(b"timeout\n", true), Reading::Undecided);
        assert_eq!(read(b"", true), Reading::Undecided);
        assert_eq!(
            read(b"sat\n(error \"no model\")\n", true),
            Reading::Undecided
        );
    }

    #[test]
    fn sat_from_an_unsat_only_script_is_not_trusted() {
        assert_eq!(read(b"sat\n", false), Reading::UntrustedSat);
        assert_eq!(read(b"unsat\n", false), Reading::Definitive);
        assert_eq!(read(b"unsat\nsat\n", false), Reading::UntrustedSat);
    }
}
