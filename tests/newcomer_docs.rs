//! Issue 37 §5, a newcomer's first hour: the README renders as written (every table
//! ends before the prose after it), its examples answer what they promise (the engine
//! example lists actions), it says how `orrery` gets on the PATH and how long a
//! ladder runs, the docs name their sources as a reader of the repository can find
//! them (not files beside it), every shared ruling a ruleset follows is stated in its
//! doc by id, and the licence the manifests name is in the repository.

mod cli_support;

use cli_support::{orrery, stdout};
use std::path::Path;

fn read(rel: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Markdown: a table row followed by a line that is neither a row nor blank is read
/// as one more row (GitHub renders the paragraph inside the table).
#[test]
fn every_table_in_the_readme_and_docs_ends_with_a_blank_line() {
    let mut files = vec!["README.md".to_string()];
    for e in std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "md") {
            files.push(format!("docs/{}", p.file_name().unwrap().to_string_lossy()));
        }
    }
    for f in files {
        let text = read(&f);
        let lines: Vec<&str> = text.lines().collect();
        let mut fenced = false;
        for (i, pair) in lines.windows(2).enumerate() {
            if pair[0].starts_with("```") {
                fenced = !fenced;
            }
            if fenced {
                continue;
            }
            let (row, next) = (pair[0].trim_start(), pair[1].trim());
            if row.starts_with('|') && !next.is_empty() && !next.starts_with('|') {
                panic!(
                    "{f}:{}: a table runs into the text after it: {next:?}",
                    i + 2
                );
            }
        }
    }
}

/// The README's engine example, run as written: its `legal` asks for the seat the
/// status names, so it lists actions (it asked seat 0, not to move with seed 1, and
/// got an empty list).
#[test]
fn the_readme_engine_example_lists_actions() {
    let readme = read("README.md");
    let start = readme
        .find("printf '%s\\n' '{\"cmd\":\"new\"")
        .expect("the README's engine example");
    let block = &readme[start..readme[start..].find("```").unwrap() + start];
    let requests: Vec<&str> = block.split('\'').filter(|p| p.starts_with('{')).collect();
    assert!(requests.len() >= 3, "{block}");
    let out = orrery(&["engine"], &(requests.join("\n") + "\n"));
    let answers: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let to_move = &answers[1]["status"]["to_move"];
    let legal = answers.last().unwrap();
    assert!(
        legal["actions"].as_array().is_some_and(|a| !a.is_empty()),
        "the example's legal list is empty (to move: {to_move}): {legal}"
    );
}

/// The Quick start writes `orrery …`: it says how the binary gets on the PATH.
#[test]
fn the_readme_says_how_orrery_gets_on_the_path() {
    let readme = read("README.md");
    let quick = &readme[readme.find("## Quick start").unwrap()..];
    let quick = &quick[..quick.find("```").unwrap()];
    assert!(quick.contains("cargo install --path ."), "{quick}");
}

/// A ladder runs for seconds to hours: every `orrery ladder` example in the README
/// says how long (a comment) or plays only a few games.
#[test]
fn the_readme_ladder_examples_say_how_long_they_run() {
    for line in read("README.md").lines() {
        let line = line.trim();
        if !line.starts_with("orrery ladder") {
            continue;
        }
        let timed = line.contains('#')
            && ["second", "minute", "hour"]
                .iter()
                .any(|w| line.contains(w));
        assert!(timed, "no time for {line:?}");
    }
}

/// The docs name the rulebooks and rulings as a reader of the repository can find
/// them: no path into the `shared/` folder that only the project's developers have.
#[test]
fn the_docs_cite_no_file_outside_the_repository() {
    let mut files = vec!["README.md".to_string()];
    for e in std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "md") {
            files.push(format!("docs/{}", p.file_name().unwrap().to_string_lossy()));
        }
    }
    for f in files {
        for (i, line) in read(&f).lines().enumerate() {
            for bad in [
                "shared/seeds",
                "shared/rules",
                "seeds/00",
                "rulings-launch",
                "rulings-stratoyager",
                "rulings-black",
                "rulings-fleet",
                "rulings-stgv2",
                "fleet-battles.en",
            ] {
                assert!(
                    !line.contains(bad),
                    "{f}:{}: cites {bad:?}, which a reader does not have: {line}",
                    i + 1
                );
            }
        }
    }
}

/// Every shared ruling of a ruleset (where the rulings are at hand, beside the
/// repository as for the project's developers and CI) is stated in its doc by id.
#[test]
fn every_shared_ruling_is_stated_in_its_rulesets_doc() {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/rules");
    if !rules.exists() {
        eprintln!("../shared/rules is not here: nothing to compare");
        return;
    }
    for (file, doc, prefix) in [
        (
            "rulings-launch-fighters.md",
            "docs/launch-fighters.md",
            "LF",
        ),
        ("rulings-stratoyager.md", "docs/stratoyager.md", "SY"),
        ("rulings-black-skies.md", "docs/black-skies.md", "BS"),
        ("rulings-fleet-battles.md", "docs/warfleets.md", "FB"),
        ("rulings-stgv2.md", "docs/stgv2.md", "ST"),
    ] {
        let shared = std::fs::read_to_string(rules.join(file)).unwrap();
        let ours = read(doc);
        let mut ids: Vec<String> = shared
            .lines()
            .filter_map(|l| l.strip_prefix(&format!("**{prefix}-")))
            .filter_map(|rest| {
                let n: String = rest.chars().take_while(char::is_ascii_digit).collect();
                (!n.is_empty()).then(|| format!("{prefix}-{n}"))
            })
            .collect();
        ids.dedup();
        assert!(!ids.is_empty(), "{file}");
        for id in ids {
            assert!(ours.contains(&id), "{doc} does not state {id}");
        }
    }
}

/// The README and the manifests say MIT: the licence text is in the repository.
#[test]
fn the_licence_the_manifests_name_is_in_the_repository() {
    assert!(read("Cargo.toml").contains("license = \"MIT\""));
    let licence = read("LICENSE");
    assert!(licence.starts_with("MIT License"), "{licence}");
    assert!(licence.contains("THE SOFTWARE IS PROVIDED \"AS IS\""));
}
