//! Helpers for the tests that run the `orrery` binary as a user does: arguments,
//! typed input, and what it prints.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Run `orrery ARGS` from the repository root with `input` on its standard input.
pub fn orrery(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_orrery"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the orrery binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The standard output of a run that must succeed (else its standard error).
pub fn stdout(out: &Output) -> String {
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

/// A path in the temporary directory, unique to this test process.
pub fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("orrery-test-{}-{name}", std::process::id()))
}
