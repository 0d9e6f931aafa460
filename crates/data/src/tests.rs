use super::*;
use toml::Table;

fn read(text: &str) -> (Reader, Table) {
    let mut r = Reader::new("test.toml");
    let t = match r.parse(text) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    (r, t)
}

fn only(e: &DataError, field: &str, why: &str) {
    let at: Vec<&Problem> = e.problems.iter().filter(|p| p.field == field).collect();
    assert_eq!(at.len(), 1, "{e}");
    assert_eq!(at[0].why, why, "{e}");
}

#[test]
fn suggestions() {
    let c = ["Wasp", "Swift", "Otox Gol 79b", "Excelsior"];
    assert_eq!(suggest("wasp", &c), Some("Wasp"));
    assert_eq!(suggest("Otox", &c), Some("Otox Gol 79b"));
    assert_eq!(suggest("Exelsior", &c), Some("Excelsior"));
    assert_eq!(suggest("Wsap", &c), Some("Wasp"));
    assert_eq!(suggest("Battlestar", &c), None);
    assert_eq!(did_you_mean("Wsap", &c), " (did you mean `Wasp`?)");
    assert_eq!(did_you_mean("Battlestar", &c), "");
}

#[test]
fn line_and_column() {
    assert_eq!(line_col("a\nbc\nd", 4), (2, 3));
    assert_eq!(line_col("a\nbc\nd", 5), (3, 1));
    assert_eq!(line_col("é\nx", 1), (1, 1));
    assert_eq!(line_col("ab", 99), (1, 3));
}

#[test]
fn unknown_field_with_did_you_mean() {
    let (mut r, t) = read("name = \"x\"\nspeeed = 3\nzzz = 1\n[sub]\ncolor = 1");
    r.keys(&t, "", &["name", "speed", "sub"]);
    if let Some(toml::Value::Table(sub)) = t.get("sub") {
        r.keys(sub, "sub", &["colour"]);
    }
    let e = r.into_error();
    only(
        &e,
        "speeed",
        "unknown field (did you mean `speed`?); expected one of: name, speed, sub",
    );
    only(
        &e,
        "zzz",
        "unknown field; expected one of: name, speed, sub",
    );
    only(
        &e,
        "sub.color",
        "unknown field (did you mean `colour`?); expected one of: colour",
    );
    assert_eq!(e.problems.len(), 3);
    assert_eq!(
        e.problems[0].to_string(),
        "test.toml: speeed: unknown field (did you mean `speed`?); expected one of: name, \
         speed, sub"
    );
}

#[test]
fn integers_in_and_out_of_range() {
    let (mut r, t) = read("a = 5\nb = 11\nc = -1\nd = \"7\"\ne = 0");
    assert_eq!(r.opt_int(&t, "a", "", 0, 10), Some(5));
    assert_eq!(r.req_int(&t, "b", "", 0, 10), None);
    assert_eq!(r.opt_int(&t, "c", "", 1, i64::from(u32::MAX)), None);
    assert_eq!(r.opt_int(&t, "d", "", 0, 10), None);
    assert_eq!(r.opt_int(&t, "none", "", 0, 10), None);
    assert_eq!(r.req_int(&t, "gone", "p", 0, 10), None);
    assert_eq!(r.int(&t, "e", ""), Some(0));
    let e = r.into_error();
    only(&e, "b", "11 is out of range; must be 0 to 10");
    only(&e, "c", "-1 is out of range; must be at least 1");
    only(&e, "d", "expected a whole number, found the string \"7\"");
    only(&e, "p.gone", "missing");
    assert_eq!(e.problems.len(), 4);
}

#[test]
fn floats() {
    let text = "a = 1.5\nb = 2\nc = nan\nd = inf\ne = -inf\nf = 3.5\ng = true\nh = 0.25";
    let (mut r, t) = read(text);
    assert_eq!(r.opt_float(&t, "a", "", 0.0, 2.0), Some(1.5));
    assert_eq!(r.req_float(&t, "b", "", 0.0, 2.0), Some(2.0));
    assert_eq!(r.opt_float(&t, "c", "", f64::MIN, f64::MAX), None);
    assert_eq!(
        r.opt_float(&t, "d", "", f64::NEG_INFINITY, f64::INFINITY),
        None
    );
    assert_eq!(
        r.opt_float(&t, "e", "", f64::NEG_INFINITY, f64::INFINITY),
        None
    );
    assert_eq!(r.opt_float(&t, "f", "x", 0.0, 2.0), None);
    assert_eq!(r.opt_float(&t, "g", "", 0.0, 2.0), None);
    assert_eq!(r.opt_float(&t, "h", "", 0.5, f64::INFINITY), None);
    assert_eq!(r.opt_float(&t, "none", "", 0.0, 2.0), None);
    assert_eq!(r.req_float(&t, "gone", "", 0.0, 2.0), None);
    let e = r.into_error();
    only(&e, "c", "nan is not a finite number");
    only(&e, "d", "inf is not a finite number");
    only(&e, "e", "-inf is not a finite number");
    only(&e, "x.f", "3.5 is out of range; must be 0 to 2");
    only(&e, "g", "expected a number, found true");
    only(&e, "h", "0.25 is out of range; must be at least 0.5");
    only(&e, "gone", "missing");
    assert_eq!(e.problems.len(), 7);
}

#[test]
fn bools_and_string_lists() {
    let (mut r, t) = read("a = true\nb = 1\nl = [\"x\", 2, \"y\"]\nm = \"z\"");
    assert_eq!(r.opt_bool(&t, "a", ""), Some(true));
    assert_eq!(r.opt_bool(&t, "b", ""), None);
    assert_eq!(r.opt_bool(&t, "none", ""), None);
    let l = r.str_list(&t, "l", "", true);
    assert_eq!(l, Some(vec!["x".to_string(), "y".to_string()]));
    assert_eq!(r.str_list(&t, "m", "", false), None);
    assert_eq!(r.str_list(&t, "n", "", false), None);
    assert_eq!(r.str_list(&t, "o", "", true), None);
    let e = r.into_error();
    only(&e, "b", "expected true or false, found the number 1");
    only(&e, "l[1]", "expected a string, found the number 2");
    only(
        &e,
        "m",
        "expected an array of strings, found the string \"z\"",
    );
    only(&e, "o", "missing");
    assert_eq!(e.problems.len(), 4);
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Moon,
    Nebula,
}

#[test]
fn choice_with_suggestion() {
    let kinds = [("moon", Kind::Moon), ("nebula", Kind::Nebula)];
    let (mut r, t) = read("a = \"moon\"\nb = \"nebulla\"\nc = \"sun\"\nd = 3");
    assert_eq!(r.choice(&t, "a", "", &kinds), Some(Kind::Moon));
    assert_eq!(r.choice(&t, "b", "t[0]", &kinds), None);
    assert_eq!(r.opt_choice(&t, "c", "", &kinds), None);
    assert_eq!(r.opt_choice(&t, "d", "", &kinds), None);
    assert_eq!(r.opt_choice(&t, "none", "", &kinds), None);
    assert_eq!(r.choice(&t, "gone", "", &kinds), None);
    let e = r.into_error();
    only(
        &e,
        "t[0].b",
        "unknown value \"nebulla\" (did you mean `nebula`?); expected one of: moon, nebula",
    );
    only(
        &e,
        "c",
        "unknown value \"sun\"; expected one of: moon, nebula",
    );
    only(&e, "d", "expected a string, found the number 3");
    only(&e, "gone", "missing");
    assert_eq!(e.problems.len(), 4);
}

#[test]
fn syntax_error_has_line_and_column() {
    let mut r = Reader::new("bad.toml");
    let e = match r.parse("a = 1\nb = = 2\n") {
        Ok(_) => panic!("parsed"),
        Err(e) => e,
    };
    assert_eq!(e.problems.len(), 1);
    let p = &e.problems[0];
    assert_eq!((p.line, p.column), (Some(2), Some(5)), "{e}");
    assert!(p.field.is_empty());
    assert!(p.why.starts_with("TOML syntax error: "), "{e}");
    assert!(
        e.to_string().starts_with("bad.toml:2:5: TOML syntax error"),
        "{e}"
    );
}

#[test]
fn every_problem_collected_at_once() {
    let text = r#"
name = 3
count = 100
typo = 1
[[items]]
label = "a"
[[items]]
label = 5
"#;
    let (mut r, t) = read(text);
    assert_eq!(r.file(), "test.toml");
    r.keys(&t, "", &["name", "count", "items", "tags"]);
    let _ = r.req_str(&t, "name", "");
    let _ = r.opt_int(&t, "count", "", 0, 10);
    let _ = r.str_list(&t, "tags", "", true);
    let items = r.tables(&t, "items", "", true);
    assert_eq!(items.len(), 2);
    for (p, it) in &items {
        let _ = r.req_str(it, "label", p);
    }
    // An identical repeat is dropped.
    let _ = r.req_str(&t, "name", "");
    assert!(r.has_problem_under("items"));
    assert!(!r.has_problem_under("item"));
    assert!(r.has_problem_under(""));
    let e = match r.finish(()) {
        Ok(()) => panic!("no problems"),
        Err(e) => e,
    };
    let fields: Vec<&str> = e.problems.iter().map(|p| p.field.as_str()).collect();
    assert_eq!(fields, ["typo", "name", "count", "tags", "items[1].label"]);
    assert!(e.has("name", "expected a string, found the number 3"));
    assert_eq!(e.to_string().lines().count(), 5);
}

#[test]
fn tables_and_serde_tables() {
    #[derive(serde::Deserialize, Debug, PartialEq, Default)]
    #[serde(deny_unknown_fields)]
    struct Opts {
        #[serde(default)]
        fast: bool,
    }
    let (mut r, t) = read("list = [1, {x = 1}]\nscalar = 2\no = { fast = true }\np = { slow = 1 }");
    let got = r.tables(&t, "list", "", false);
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].0, "list[1]");
    assert!(r.tables(&t, "scalar", "", false).is_empty());
    assert!(r.tables(&t, "absent", "", false).is_empty());
    assert_eq!(
        r.serde_table::<Opts>(&t, "o", ""),
        Some(Opts { fast: true })
    );
    assert_eq!(r.serde_table::<Opts>(&t, "p", ""), None);
    assert_eq!(r.serde_table::<Opts>(&t, "scalar", "q"), None);
    let e = r.into_error();
    only(&e, "list[0]", "expected a table, found the number 1");
    only(
        &e,
        "scalar",
        "expected an array of tables (`[[scalar]]`), found the number 2",
    );
    assert!(e.has("p.slow", "unknown field; expected `fast`"), "{e}");
    only(&e, "q.scalar", "expected a table, found the number 2");
}

#[test]
fn broken_names() {
    let mut r = Reader::new("f.toml");
    assert!(!r.is_broken("Wasp"));
    r.mark_broken("Wasp");
    r.mark_broken("Wasp");
    assert!(r.is_broken("Wasp"));
    assert!(!r.is_broken("Swift"));
    assert!(r.finish(1).is_ok(), "marking a name is not a problem");
}

#[test]
fn join_paths() {
    assert_eq!(join("", "a"), "a");
    assert_eq!(join("x[1]", "a"), "x[1].a");
}

/// serde's messages in words: no Rust type, a missing field at its own path.
#[test]
fn serde_values_are_reported_without_rust_types() {
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Gun {
        attacks: u8,
        range: f64,
        name: String,
    }
    let (mut r, t) = read(
        "a = { attacks = 300, range = 1.0, name = \"x\" }\nb = { attacks = 2, range = \"far\", name = \"x\" }\nc = { attacks = 2, range = 1.0 }\nd = { attacks = 2.5, range = 1.0, name = \"x\" }",
    );
    for k in ["a", "b", "c", "d"] {
        assert!(r.serde_table::<Gun>(&t, k, "").is_none());
    }
    let e = r.into_error();
    only(&e, "a", "300 is out of range; must be 0 to 255");
    only(&e, "b", "expected a number, found the string \"far\"");
    only(&e, "c.name", "missing");
    only(
        &e,
        "d",
        "expected a whole number (0 to 255), found the number 2.5",
    );
}
