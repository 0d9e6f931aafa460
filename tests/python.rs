//! The Python package (`python/`, docs/python.md), tested from Python: this test makes
//! a virtual environment under `target/python/venv` (kept between runs; remade when
//! `python/requirements-test.txt` changes), builds the wheel with maturin, installs
//! it, and runs `pytest python/tests`: PettingZoo's API and seed tests for every
//! ruleset, the secrecy test, records replayed to the CLI's hash, the lab on a
//! local 2-CPU Ray cluster giving `orrery sim`'s report, the package as the README
//! spells it (in a fresh interpreter), and the environments under RLlib's pre-check,
//! Gymnasium's checks and SuperSuit (copied and pickled).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The cargo target directory this test was built in.
fn target_dir() -> PathBuf {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_orrery"));
    bin.parent()
        .and_then(Path::parent)
        .map(Path::to_path_buf)
        .unwrap_or_else(|| root().join("target"))
}

fn run(what: &str, cmd: &mut Command) {
    let out = cmd
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    let text = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success(),
        "{what} failed ({}):\n{text}",
        out.status
    );
    eprintln!("{what}: ok\n{}", tail(&text, 40));
}

fn tail(text: &str, lines: usize) -> String {
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

/// The virtual environment with the test requirements, made once per requirements.
fn venv(dir: &Path) -> PathBuf {
    let python = dir.join("bin/python");
    let reqs = root().join("python/requirements-test.txt");
    let wanted = std::fs::read_to_string(&reqs).expect("python/requirements-test.txt");
    let stamp = dir.join("requirements.installed");
    if python.exists() && std::fs::read_to_string(&stamp).ok().as_deref() == Some(&wanted) {
        return python;
    }
    let _ = std::fs::remove_dir_all(dir);
    let host = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    run(
        "python3 -m venv",
        Command::new(&host).args(["-m", "venv"]).arg(dir),
    );
    run(
        "pip install --upgrade pip",
        Command::new(&python).args(["-m", "pip", "install", "-q", "--upgrade", "pip"]),
    );
    run(
        "pip install -r python/requirements-test.txt",
        Command::new(&python)
            .args(["-m", "pip", "install", "-q", "-r"])
            .arg(&reqs),
    );
    std::fs::write(&stamp, wanted).expect("write the venv stamp");
    python
}

#[test]
fn the_python_package_passes_its_tests() {
    let target = target_dir();
    let work = target.join("python");
    let python = venv(&work.join("venv"));
    let wheels = work.join("wheels");
    let _ = std::fs::remove_dir_all(&wheels);
    // The wheel is built in the same target directory as this test, so only the
    // extension itself is compiled here.
    run(
        "maturin build --release",
        Command::new(&python)
            .args(["-m", "maturin", "build", "--release", "--out"])
            .arg(&wheels)
            .current_dir(root().join("python"))
            .env("CARGO_TARGET_DIR", &target),
    );
    let wheel = std::fs::read_dir(&wheels)
        .expect("the wheels folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "whl"))
        .expect("maturin built a wheel");
    run(
        "pip install the wheel",
        Command::new(&python)
            .args([
                "-m",
                "pip",
                "install",
                "-q",
                "--force-reinstall",
                "--no-deps",
            ])
            .arg(&wheel),
    );
    run(
        "pytest python/tests",
        // From python/tests, so `import orrery` is the installed wheel, not the
        // sources beside it.
        Command::new(&python)
            .args(["-m", "pytest", "-q", "-p", "no:cacheprovider", "."])
            .current_dir(root().join("python/tests"))
            .env("ORRERY_BIN", env!("CARGO_BIN_EXE_orrery"))
            .env("RAY_USAGE_STATS_ENABLED", "0"),
    );
}
