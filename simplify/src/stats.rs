//! What a run did: sizes, passes, times and why it stopped.

use std::fmt::Write;

/// Statistics of one pass in one run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PassStats {
    pub name: &'static str,
    /// How many rewrites the pass made (0 when it did not apply).
    pub fired: usize,
    pub seconds: f64,
    /// The pass' own report, if it keeps one (Cooper QE: eliminations,
    /// methods, budget skips).
    pub details: Option<PassDetails>,
}

/// A pass' own counters: one line for `--stats`, named numbers for
/// `--stats-json`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PassDetails {
    pub summary: String,
    pub fields: Vec<(&'static str, usize)>,
}

/// Statistics of one run, reported by `--stats` and `--stats-json`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// AST nodes of the readable assertions, `let`s expanded (saturating).
    pub input_nodes: u64,
    pub output_nodes: u64,
    pub assertions: usize,
    /// Commands kept verbatim because vcsimp could not read them.
    pub opaque_commands: usize,
    pub passes: Vec<PassStats>,
    /// Why simplification stopped: `saturated`, `node-limit`, `timeout`, …
    pub stop_reason: String,
    pub total_seconds: f64,
    pub warnings: Vec<String>,
    /// With `--validate`: the verdict (`agree`, `partial`, `unknown`,
    /// `disagree`) and its one-line detail.
    pub validation: Option<(&'static str, String)>,
}

/// `s` as a JSON string literal.
pub(crate) fn json_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

impl Stats {
    /// True when a time limit stopped some step of the run: `--timeout`
    /// (`stop: timeout`) or the default budget (`stop: budget: PASSES`,
    /// naming the passes it cut). The output is then the best one so far.
    pub fn time_limited(&self) -> bool {
        self.stop_reason == "timeout" || self.stop_reason.starts_with("budget")
    }

    /// A human summary, several lines.
    pub fn human(&self) -> String {
        let mut s = String::new();
        let ratio = if self.input_nodes > 0 {
            self.output_nodes as f64 / self.input_nodes as f64
        } else {
            1.0
        };
        let _ = writeln!(
            s,
            "vcsimp: {} assertions, {} -> {} AST nodes ({:.1}%), {:.3}s, stop: {}",
            self.assertions,
            self.input_nodes,
            self.output_nodes,
            100.0 * ratio,
            self.total_seconds,
            self.stop_reason
        );
        if self.opaque_commands > 0 {
            let _ = writeln!(
                s,
                "vcsimp: {} commands kept verbatim (unreadable)",
                self.opaque_commands
            );
        }
        for p in &self.passes {
            let _ = writeln!(
                s,
                "vcsimp:   {:<20} fired {:>6}  {:.3}s",
                p.name, p.fired, p.seconds
            );
            if let Some(d) = &p.details {
                let _ = writeln!(s, "vcsimp:     {}", d.summary);
            }
        }
        if let Some((verdict, detail)) = &self.validation {
            let _ = writeln!(s, "vcsimp: validate: {verdict} ({detail})");
        }
        for w in &self.warnings {
            let _ = writeln!(s, "vcsimp: warning: {w}");
        }
        s
    }

    /// The same content as JSON (hand-written: no serde dependency needed).
    pub fn json(&self) -> String {
        let passes: Vec<String> = self
            .passes
            .iter()
            .map(|p| {
                let details = match &p.details {
                    Some(d) => {
                        let fields: Vec<String> = d
                            .fields
                            .iter()
                            .map(|(k, v)| format!("{}: {v}", json_str(k)))
                            .collect();
                        format!(", \"details\": {{{}}}", fields.join(", "))
                    }
                    None => String::new(),
                };
                format!(
                    "{{\"name\": {}, \"fired\": {}, \"seconds\": {:.6}{details}}}",
                    json_str(p.name),
                    p.fired,
                    p.seconds
                )
            })
            .collect();
        let warnings: Vec<String> = self.warnings.iter().map(|w| json_str(w)).collect();
        let validation = match &self.validation {
            Some((verdict, detail)) => format!(
                ", \"validate\": {{\"verdict\": {}, \"detail\": {}}}",
                json_str(verdict),
                json_str(detail)
            ),
            None => String::new(),
        };
        format!(
            "{{\"input_nodes\": {}, \"output_nodes\": {}, \"assertions\": {}, \"opaque_commands\": {}, \"total_seconds\": {:.6}, \"stop_reason\": {}, \"passes\": [{}], \"warnings\": [{}]{validation}}}\n",
            self.input_nodes,
            self.output_nodes,
            self.assertions,
            self.opaque_commands,
            self.total_seconds,
            json_str(&self.stop_reason),
            passes.join(", "),
            warnings.join(", ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_escapes_and_lists_passes() {
        let s = Stats {
            passes: vec![PassStats {
                name: "x",
                fired: 2,
                seconds: 0.5,
                details: Some(PassDetails {
                    summary: "one line".into(),
                    fields: vec![("skipped_budget", 3)],
                }),
            }],
            stop_reason: "a\"b".into(),
            ..Stats::default()
        };
        let j = s.json();
        assert!(j.contains("\"stop_reason\": \"a\\\"b\""));
        assert!(j.contains("\"fired\": 2"));
        assert!(j.contains("\"details\": {\"skipped_budget\": 3}"), "{j}");
        assert!(s.human().contains("vcsimp:     one line"));
    }
}
