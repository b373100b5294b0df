//! `vcsimp batch`: outputs beside the inputs or below an output directory,
//! the same text as `vcsimp FILE`, errors per file, the summary, and no
//! progress bar when stderr is not a terminal.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const GOOD: &str = "(declare-const x Int)\n(assert (and (> x 0) (> x 0)))\n(check-sat)\n";
const BAD: &str = "(declare-const x Int)\n(assert (> x 0)\n(check-sat)\n";

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("vcsimp-batch-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("in/sub")).unwrap();
    d
}

fn vcsimp(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vcsimp"))
        .args(args)
        .output()
        .unwrap()
}

fn single(path: &Path) -> String {
    String::from_utf8(vcsimp(&[path.as_os_str()]).stdout).unwrap()
}

#[test]
fn a_directory_beside_with_an_error_and_a_summary() {
    let d = dir("beside");
    let input = d.join("in");
    std::fs::write(input.join("a.smt2"), GOOD).unwrap();
    std::fs::write(input.join("sub/b.smt2"), GOOD).unwrap();
    std::fs::write(input.join("sub/bad.smt2"), BAD).unwrap();
    // an earlier output is not an input
    std::fs::write(input.join("old.vcsimp.smt2"), BAD).unwrap();
    let o = vcsimp(&["batch".as_ref(), input.as_os_str()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("sub/bad.smt2:"), "{err}");
    assert!(err.contains("error:"), "{err}");
    assert!(err.contains("3 files, 2 simplified, 1 failed"), "{err}");
    assert!(err.contains("passes fired (files):"), "{err}");
    assert!(
        !err.contains('\r') && !err.contains('\x1b'),
        "a progress bar off a terminal: {err:?}"
    );
    for f in ["a", "sub/b"] {
        let out = std::fs::read_to_string(input.join(format!("{f}.vcsimp.smt2"))).unwrap();
        assert_eq!(out, single(&input.join(format!("{f}.smt2"))));
    }
    assert!(!input.join("sub/bad.vcsimp.smt2").exists());
    assert!(!input.join("old.vcsimp.vcsimp.smt2").exists());
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_file_list_into_an_out_dir_with_stats() {
    let d = dir("outdir");
    let input = d.join("in");
    std::fs::write(input.join("a.smt2"), GOOD).unwrap();
    std::fs::write(input.join("sub/b.smt2"), GOOD).unwrap();
    let list = d.join("list.txt");
    std::fs::write(&list, "a.smt2\nsub/b.smt2\n\n").unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_vcsimp"))
        .current_dir(&input)
        .args(["batch", "--jobs", "2", "--stats-each", "--files-from"])
        .arg(&list)
        .arg("--out-dir")
        .arg(d.join("out"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    for f in ["a", "sub/b"] {
        let out = std::fs::read_to_string(d.join(format!("out/{f}.smt2"))).unwrap();
        assert_eq!(out, single(&input.join(format!("{f}.smt2"))));
        let stats = std::fs::read_to_string(d.join(format!("out/{f}.stats.json"))).unwrap();
        assert!(stats.contains("\"passes\""), "{stats}");
    }
    // -q: nothing on stderr
    let o = Command::new(env!("CARGO_BIN_EXE_vcsimp"))
        .current_dir(&input)
        .args(["batch", "-q", "a.smt2", "--out-dir"])
        .arg(d.join("out2"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stderr.is_empty());
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn two_inputs_for_one_output_is_a_usage_error() {
    let d = dir("clash");
    let input = d.join("in");
    std::fs::write(input.join("a.smt2"), GOOD).unwrap();
    let a = input.join("a.smt2");
    let o = vcsimp(&[
        "batch".as_ref(),
        a.as_os_str(),
        a.as_os_str(),
        "--out-dir".as_ref(),
        d.join("out").as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("would both write"));
    let o = vcsimp(&["batch".as_ref()]);
    assert_eq!(o.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&d);
}

/// `--report FILE`: one JSON line per file, as each ends: input, output,
/// status, seconds, and the file's stats (the same JSON as --stats-each)
/// or its error message.
#[test]
fn a_report_line_per_file() {
    let d = dir("report");
    let input = d.join("in");
    std::fs::write(input.join("a.smt2"), GOOD).unwrap();
    std::fs::write(input.join("sub/b.smt2"), GOOD).unwrap();
    std::fs::write(input.join("sub/bad.smt2"), BAD).unwrap();
    let report = d.join("report.jsonl");
    let out = d.join("out");
    let o = vcsimp(&[
        "batch".as_ref(),
        "-q".as_ref(),
        "--jobs".as_ref(),
        "2".as_ref(),
        "--stats-each".as_ref(),
        "--report".as_ref(),
        report.as_os_str(),
        "--out-dir".as_ref(),
        out.as_os_str(),
        input.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let text = std::fs::read_to_string(&report).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.sort();
    assert_eq!(lines.len(), 3, "{text}");
    for (line, name) in lines.iter().zip(["a", "sub/b", "sub/bad"]) {
        let src = input.join(format!("{name}.smt2"));
        let dst = out.join(format!("{name}.smt2"));
        let head = format!(
            "{{\"input\": \"{}\", \"output\": \"{}\", \"status\": ",
            src.display(),
            dst.display()
        );
        assert!(line.starts_with(&head), "{line}");
        assert!(line.contains("\"seconds\": "), "{line}");
        if name == "sub/bad" {
            assert!(line.contains("\"status\": \"error\""), "{line}");
            let msg = format!("\"error\": \"{}:", src.display());
            assert!(line.contains(&msg), "{line}");
            assert!(!dst.exists());
        } else {
            assert!(line.contains("\"status\": \"ok\""), "{line}");
            let stats = std::fs::read_to_string(out.join(format!("{name}.stats.json"))).unwrap();
            let at = line.find("\"stats\": ").unwrap() + "\"stats\": ".len();
            assert_eq!(&line[at..line.len() - 1], stats.trim_end());
            assert_eq!(std::fs::read_to_string(&dst).unwrap(), single(&src));
        }
    }
    // a report that cannot be written is a usage error, before any output
    let o = vcsimp(&[
        "batch".as_ref(),
        "--report".as_ref(),
        d.join("no/such/dir/r.jsonl").as_os_str(),
        input.join("a.smt2").as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot write the report"));
    let _ = std::fs::remove_dir_all(&d);
}

/// The outputs (paths below `dir`) that a run wrote, sorted.
fn written(dir: &Path) -> Vec<PathBuf> {
    let mut found = vec![];
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                found.push(p.strip_prefix(dir).unwrap().to_path_buf());
            }
        }
    }
    found.sort();
    found
}

/// `--shard I/N` for I = 1..N on one command line: the shards' outputs are
/// pairwise disjoint and together those of the unsharded run, each the
/// same text; round-robin in list order (a directory's files in name
/// order, then `--files-from`); bad values are usage errors.
#[test]
fn shards_partition_the_files() {
    let d = dir("shard");
    let input = d.join("in");
    let names = ["a", "b", "c", "sub/d", "sub/e", "sub/f", "sub/g"];
    for n in names {
        std::fs::write(input.join(format!("{n}.smt2")), GOOD).unwrap();
    }
    let extra = d.join("x.smt2");
    std::fs::write(&extra, GOOD).unwrap();
    let list = d.join("list.txt");
    std::fs::write(&list, format!("{}\n", extra.display())).unwrap();
    let run = |out: &Path, shard: Option<&str>| {
        let mut args: Vec<&std::ffi::OsStr> = vec![
            "batch".as_ref(),
            "-q".as_ref(),
            input.as_os_str(),
            "--files-from".as_ref(),
            list.as_os_str(),
            "--out-dir".as_ref(),
            out.as_os_str(),
        ];
        if let Some(s) = shard {
            args.push("--shard".as_ref());
            args.push(s.as_ref());
        }
        let o = vcsimp(&args);
        assert_eq!(o.status.code(), Some(0), "{o:?}");
        written(out)
    };
    let all = run(&d.join("all"), None);
    assert_eq!(all.len(), names.len() + 1, "{all:?}");
    for count in [1, 3, 8, 11] {
        let mut union = vec![];
        for index in 1..=count {
            let out = d.join(format!("out-{index}-of-{count}"));
            let part = run(&out, Some(&format!("{index}/{count}")));
            for p in &part {
                let same = std::fs::read_to_string(out.join(p)).unwrap();
                assert_eq!(
                    same,
                    std::fs::read_to_string(d.join("all").join(p)).unwrap()
                );
            }
            union.extend(part);
        }
        union.sort();
        let before = union.len();
        union.dedup();
        assert_eq!(before, union.len(), "a file in two shards of {count}");
        assert_eq!(union, all, "the {count} shards miss a file");
    }
    // list order: a, b, c, sub/d, sub/e, sub/f, sub/g, then the listed x
    // (outputs: the path below `in`, the listed file's path without its root)
    let in_dir = PathBuf::from;
    let listed = PathBuf::from(extra.strip_prefix("/").unwrap_or(&extra));
    assert_eq!(
        run(&d.join("s1"), Some("1/3")),
        [in_dir("a.smt2"), in_dir("sub/d.smt2"), in_dir("sub/g.smt2")]
    );
    let mut third = vec![in_dir("c.smt2"), in_dir("sub/f.smt2")];
    third.sort();
    assert_eq!(run(&d.join("s3"), Some("3/3")), third);
    let mut second = vec![in_dir("b.smt2"), in_dir("sub/e.smt2"), listed];
    second.sort();
    assert_eq!(run(&d.join("s2"), Some("2/3")), second);
    for bad in ["0/3", "4/3", "3", "1/0", "a/b", "-1/3", ""] {
        let flag = format!("--shard={bad}");
        let o = vcsimp(&["batch".as_ref(), input.as_os_str(), flag.as_ref()]);
        assert_eq!(o.status.code(), Some(2), "--shard {bad:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("--shard") && err.contains("1 <= I <= N"),
            "{err}"
        );
    }
    assert!(!input.join("a.vcsimp.smt2").exists());
    let _ = std::fs::remove_dir_all(&d);
}
