//! Every example in docs/protocol.md runs against the shipped `orrery engine`
//! (issue 9 §4): the `>` request lines of the document, in order, go to one engine
//! process, and each answer must match the `<` lines written after its request.
//!
//! How an answer written in the docs matches the engine's:
//! - `"..."` stands for any value;
//! - an object with a `"..."` key may have fields not written; without one, the
//!   fields must be exactly those written;
//! - an array whose last element is `"..."` may go on with any elements;
//! - a string ending in `...` (and longer than that) matches any string it begins;
//! - numbers match by value (`19.0` matches `19`).

use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

const DOC: &str = include_str!("../docs/protocol.md");
const ELLIPSIS: &str = "...";

/// One request of the document with the answer written after it, if any.
struct Example {
    line: usize,
    request: String,
    answer: Option<String>,
}

/// The `>`/`<` lines of every fenced block, in order; a `<` answer goes on over the
/// following lines until the next `>` or `<` line, a blank line or the fence.
fn examples(doc: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut fenced = false;
    let mut answering = false;
    for (i, line) in doc.lines().enumerate() {
        if line.starts_with("```") {
            fenced = !fenced;
            answering = false;
            continue;
        }
        if !fenced {
            continue;
        }
        if let Some(req) = line.strip_prefix("> ") {
            out.push(Example {
                line: i + 1,
                request: req.to_string(),
                answer: None,
            });
            answering = false;
        } else if let Some(ans) = line.strip_prefix("< ") {
            let ex = out
                .last_mut()
                .unwrap_or_else(|| panic!("line {}: an answer before any request", i + 1));
            assert!(ex.answer.is_none(), "line {}: two answers", i + 1);
            ex.answer = Some(ans.to_string());
            answering = true;
        } else if answering && !line.trim().is_empty() {
            if let Some(ans) = out.last_mut().and_then(|e| e.answer.as_mut()) {
                ans.push_str(line.trim());
            }
        } else {
            answering = false;
        }
    }
    out
}

/// Does `actual` match the documented `doc` (rules in the module comment)? On a
/// mismatch, the path to it and why.
fn matches(doc: &Value, actual: &Value, path: &str) -> Result<(), String> {
    match (doc, actual) {
        (Value::String(d), _) if d == ELLIPSIS => Ok(()),
        (Value::String(d), Value::String(a)) if d.len() > 3 && d.ends_with(ELLIPSIS) => {
            let prefix = &d[..d.len() - ELLIPSIS.len()];
            if a.starts_with(prefix) {
                Ok(())
            } else {
                Err(format!("{path}: {a:?} does not begin {prefix:?}"))
            }
        }
        (Value::Object(d), Value::Object(a)) => {
            let open = d.contains_key(ELLIPSIS);
            for (k, dv) in d.iter().filter(|(k, _)| *k != ELLIPSIS) {
                let av = a
                    .get(k)
                    .ok_or_else(|| format!("{path}.{k}: missing in {actual}"))?;
                matches(dv, av, &format!("{path}.{k}"))?;
            }
            if !open {
                if let Some(extra) = a.keys().find(|k| !d.contains_key(*k)) {
                    return Err(format!(
                        "{path}.{extra}: not written in the docs (add it, or \"...\")"
                    ));
                }
            }
            Ok(())
        }
        (Value::Array(d), Value::Array(a)) => {
            let open = d.last().is_some_and(|v| v == ELLIPSIS);
            let written = if open { &d[..d.len() - 1] } else { &d[..] };
            if a.len() < written.len() || (!open && a.len() != written.len()) {
                return Err(format!(
                    "{path}: {} elements, the docs write {}{}",
                    a.len(),
                    written.len(),
                    if open { " or more" } else { "" }
                ));
            }
            for (i, (dv, av)) in written.iter().zip(a).enumerate() {
                matches(dv, av, &format!("{path}[{i}]"))?;
            }
            Ok(())
        }
        (Value::Number(d), Value::Number(a)) if d.as_f64() == a.as_f64() => Ok(()),
        _ if doc == actual => Ok(()),
        _ => Err(format!(
            "{path}: the engine answers {actual}, the docs {doc}"
        )),
    }
}

#[test]
fn the_matcher_reads_the_conventions_as_documented() {
    let m = |d: &str, a: &str| {
        matches(
            &serde_json::from_str(d).unwrap(),
            &serde_json::from_str(a).unwrap(),
            "",
        )
    };
    assert!(m(r#"{"a":1,"...":"..."}"#, r#"{"a":1.0,"b":2}"#).is_ok());
    assert!(
        m(r#"{"a":1}"#, r#"{"a":1,"b":2}"#).is_err(),
        "closed object"
    );
    assert!(m(r#"{"a":"..."}"#, r#"{"a":[1,2]}"#).is_ok());
    assert!(m(r#"[1,"..."]"#, r#"[1,2,3]"#).is_ok());
    assert!(m(r#"[1,"..."]"#, r#"[2,2,3]"#).is_err());
    assert!(m(r#"[1]"#, r#"[1,2]"#).is_err(), "closed array");
    assert!(m(r#""Two..." "#, r#""Two Wasps""#).is_ok());
    assert!(m(r#""Three...""#, r#""Two Wasps""#).is_err());
}

#[test]
fn every_protocol_doc_example_runs_against_the_engine() {
    let examples = examples(DOC);
    assert!(
        examples.len() >= 30,
        "only {} examples found: did the document's format change?",
        examples.len()
    );
    let mut engine = Command::new(env!("CARGO_BIN_EXE_orrery"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("orrery engine starts");
    let mut stdin = engine.stdin.take().unwrap();
    let mut stdout = BufReader::new(engine.stdout.take().unwrap());
    let mut failures = Vec::new();
    for ex in &examples {
        let request: Value = serde_json::from_str(&ex.request).unwrap_or_else(|e| {
            panic!("docs/protocol.md:{}: the request is not JSON: {e}", ex.line)
        });
        writeln!(stdin, "{request}").unwrap();
        stdin.flush().unwrap();
        let mut line = String::new();
        stdout.read_line(&mut line).expect("an answer line");
        let actual: Value = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("docs/protocol.md:{}: answer {line:?}: {e}", ex.line));
        let Some(answer) = &ex.answer else { continue };
        let doc: Value = match serde_json::from_str(answer) {
            Ok(v) => v,
            Err(e) => {
                failures.push(format!(
                    "docs/protocol.md:{}: the written answer is not JSON ({e}): {answer}",
                    ex.line
                ));
                continue;
            }
        };
        if let Err(why) = matches(&doc, &actual, "answer") {
            failures.push(format!(
                "docs/protocol.md:{}: {}\n  {why}\n  engine: {}",
                ex.line,
                ex.request,
                orrery_protocol::clip_to(&line, 2000)
            ));
        }
    }
    drop(stdin);
    let _ = engine.wait();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
