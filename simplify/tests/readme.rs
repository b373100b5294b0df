//! The top-level README speaks for the code: its pass table is the
//! registry's (`simplify::registry::markdown_table`), it names every flag
//! of `vcsimp --help` and the two set-up commands, and it stays short
//! enough to read (history and per-commit figures live in `bench/`).

#[test]
fn readme_pass_table_matches_the_registry() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("README.md at the workspace root");
    let begin = readme
        .find("<!-- passes:begin")
        .expect("README has a passes:begin marker");
    let body_start = begin + readme[begin..].find('\n').expect("marker line ends") + 1;
    let end = readme
        .find("<!-- passes:end -->")
        .expect("passes:end marker");
    let expected = simplify::registry::markdown_table();
    assert!(
        readme[body_start..end] == expected,
        "README.md's pass table differs from the registry; replace it by:\n{expected}"
    );
}

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("README.md at the workspace root")
}

#[test]
fn readme_names_every_flag_of_the_command_line() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_vcsimp"))
        .arg("--help")
        .output()
        .expect("vcsimp --help runs");
    let help = String::from_utf8(out.stdout).expect("UTF-8 help");
    let readme = readme();
    let mut flags = 0;
    for word in help.split(|c: char| c.is_whitespace() || c == ',' || c == '[' || c == ']') {
        let Some(name) = word.strip_prefix("--") else {
            continue;
        };
        let name: String = name
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || *c == '-')
            .collect();
        if name.is_empty() {
            continue;
        }
        flags += 1;
        assert!(
            readme.contains(&format!("--{name}")),
            "README.md does not mention --{name}"
        );
    }
    assert!(flags >= 15, "{help}");
}

#[test]
fn readme_is_short_and_gives_the_set_up_commands() {
    let readme = readme();
    let lines = readme.lines().count();
    assert!(lines < 300, "README.md has {lines} lines");
    for command in [
        "cargo run --release --bin vcsimp -- corpus/examples/arraycopy_t5.smt2",
        "bash .ci/run",
    ] {
        assert!(readme.contains(command), "README.md lacks `{command}`");
    }
    let example = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../corpus/examples/arraycopy_t5.smt2"
    );
    assert!(std::path::Path::new(example).exists(), "{example}");
}
