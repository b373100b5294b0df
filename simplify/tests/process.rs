//! Atomic writes (`vcsimp -o`, `--stats-json`, batch outputs) leave no
//! temporary file behind when they fail, panic, or are stopped by SIGTERM
//! or SIGINT halfway. The signal case runs this test binary again as the
//! writer, which blocks inside the write until the signal comes.

use simplify::process::write_atomically_with;
use std::path::Path;
use std::time::Duration;

const WRITER: &str = "VCSIMP_TEST_WRITER_DIR";
const SIGNAL_TEST: &str = "a_stop_signal_while_writing_leaves_no_temporary_file";

fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The writer's side: write `out.smt2` in the directory `dir`, say so
/// through `dir/../ready`, and block inside the write.
fn writer(dir: &Path) -> ! {
    let ready = dir.parent().unwrap().join("ready");
    let _ = write_atomically_with(&dir.join("out.smt2"), |w| {
        w.write_all(b"(check-sat")?;
        w.flush()?;
        std::fs::write(&ready, "")?;
        loop {
            std::thread::sleep(Duration::from_secs(1));
        }
    });
    unreachable!("the write never ends")
}

#[test]
fn a_stop_signal_while_writing_leaves_no_temporary_file() {
    if let Some(dir) = std::env::var_os(WRITER) {
        writer(Path::new(&dir));
    }
    for sig in [libc::SIGTERM, libc::SIGINT] {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("out");
        std::fs::create_dir(&dir).unwrap();
        let mut child = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", SIGNAL_TEST, "--nocapture", "--test-threads=1"])
            .env(WRITER, &dir)
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let ready = root.path().join("ready");
        for _ in 0..6000 {
            if ready.exists() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(ready.exists(), "the writer never started writing");
        let names = entries(&dir);
        assert!(
            names.len() == 1 && names[0].starts_with(".out.smt2."),
            "{names:?}"
        );
        // SAFETY: a plain system call on our own child.
        unsafe {
            libc::kill(child.id() as i32, sig);
        }
        let status = child.wait().unwrap();
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(status.signal(), Some(sig), "{status:?}");
        assert_eq!(entries(&dir), Vec::<String>::new());
    }
}

#[test]
fn a_failed_or_panicking_write_leaves_no_file() {
    let root = tempfile::tempdir().unwrap();
    let target = root.path().join("out.smt2");
    let failed = write_atomically_with(&target, |w| {
        w.write_all(b"(check-sat")?;
        Err(std::io::Error::other("printer failed"))
    });
    assert!(failed.is_err());
    assert_eq!(entries(root.path()), Vec::<String>::new());
    let panicked = std::panic::catch_unwind(|| {
        write_atomically_with(&target, |w| {
            w.write_all(b"(check-sat")?;
            w.flush()?;
            panic!("printer panicked")
        })
    });
    assert!(panicked.is_err());
    assert_eq!(entries(root.path()), Vec::<String>::new());
    write_atomically_with(&target, |w| w.write_all(b"(check-sat)\n")).unwrap();
    assert_eq!(entries(root.path()), ["out.smt2"]);
}
