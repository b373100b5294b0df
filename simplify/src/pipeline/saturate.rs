//! The e-graph step of a run: saturate some assertions, write the
//! extracted terms back, and account for the rules that fired.

use super::deep::{too_deep, MAX_TERM_DEPTH};
use super::run::{Run, Step};
use crate::egraph::{self, procedural, SatLimits};
use crate::registry::PassId;
use smtlib_io::{CommandKind, Printer, Script, TermId};
use std::time::{Duration, Instant};

/// The pass an e-graph rule counts under in the stats: the procedural
/// appliers under their own, the rules of `rules/` together as `rules`.
fn pass_of_rule(rule: &str) -> PassId {
    match rule {
        procedural::BOOL_NARY_RULE => PassId::BoolNary,
        procedural::ARITH_CMP_RULE => PassId::ArithCmp,
        _ => PassId::Rules,
    }
}

impl Run<'_> {
    /// Saturate the assertions at the command indices `cmds` (one step)
    /// and write the extracted terms back; an extracted term nested deeper
    /// than [`MAX_TERM_DEPTH`] is not taken. When the step's deadline has
    /// already passed, the terms are kept as they are.
    pub(super) fn saturate(&mut self, script: &mut Script, cmds: &[usize]) {
        if cmds.is_empty() {
            return;
        }
        let roots: Vec<TermId> = cmds
            .iter()
            .filter_map(|&i| match script.commands[i].kind {
                CommandKind::Assert(t) => Some(t),
                _ => None,
            })
            .collect();
        let now = Instant::now();
        let step = self.step();
        if step.expired() {
            // out of time: keep the terms as they are
            self.end_step(Step::Saturation, &step, true);
            return;
        }
        let wall = step.wall().map_or(Duration::from_secs(3600), |w| {
            w.saturating_duration_since(now)
        });
        let limits = SatLimits {
            node_limit: self.options.limits.node_limit,
            iter_limit: self.options.limits.iter_limit,
            match_limit: self.options.limits.match_limit,
            time_limit: wall.max(Duration::from_millis(1)),
            stop: step,
        };
        if let Some(l) = &self.log {
            if let Ok(mut l) = l.lock() {
                l.clear();
            }
        }
        let cx = std::mem::take(&mut script.cx);
        let (cx, res) = egraph::saturate(
            cx,
            &roots,
            &self.rewrites,
            &self.config,
            &limits,
            self.log.clone(),
        );
        script.cx = cx;
        let secs = now.elapsed().as_secs_f64();
        if res.stop_reason == "timeout" {
            self.end_step(Step::Saturation, &step, true);
        } else if self.stats.stop_reason.is_empty() || self.stats.stop_reason == "saturated" {
            self.stats.stop_reason = res.stop_reason.clone();
        }
        let total: usize = res.applied.iter().map(|(_, n)| n).sum();
        for (name, n) in &res.applied {
            let share = if total > 0 {
                secs * *n as f64 / total as f64
            } else {
                0.0
            };
            let pass = pass_of_rule(name);
            let enabled = match pass {
                PassId::BoolNary => self.config.bool_nary,
                PassId::ArithCmp => self.config.arith_cmp,
                _ => !self.rewrites.is_empty(),
            };
            if enabled {
                self.add_pass(pass, *n, share);
            }
        }
        if res.fallbacks > 0 {
            self.stats.warnings.push(format!(
                "{} assertion(s) kept as they were: the extracted term was not well scoped",
                res.fallbacks
            ));
        }
        if self.options.explain {
            let mut p = Printer::new(&script.cx);
            for (rule, t) in &res.explain {
                self.trace.push(format!("{rule}: {}", p.term(*t)));
            }
        }
        let mut kept_deep = 0;
        for (&i, &t) in cmds.iter().zip(&res.terms) {
            if too_deep(&script.cx, t) {
                kept_deep += 1;
            } else {
                script.commands[i].kind = CommandKind::Assert(t);
            }
        }
        if kept_deep > 0 {
            self.stats.warnings.push(format!(
                "{kept_deep} extracted assertion(s) nested deeper than {MAX_TERM_DEPTH} not taken"
            ));
        }
    }
}
