//! docs/conditions.md documents every condition the solver plays: a
//! section under Popeye's English name, and an example in
//! `problems/conditions/` with Popeye's answer beside it (which `circe
//! check problems/` compares, tests/problems_library.rs). A condition
//! added to the registry without its page or its example fails here.

use circe::rules::Condition;
use circe::vocabulary::{CONDITION_NAMES, EXTRA_CONDITION_NAMES};
use std::path::Path;

/// The sections of the unit attributes whose rules the registry holds
/// (identifier `attribute NAME`), of the royal, volage and protean
/// attributes, which need no rule of their own (the last two are their
/// conditions' rules), and of anda and andainverse, which put the
/// conditions of their names in force: docs/conditions.md, "Unit
/// attributes".
const ATTRIBUTE_SECTIONS: [(&str, &str); 14] = [
    ("paralysing", "Paralysing"),
    ("magic", "Magic"),
    ("uncapturable", "Uncapturable"),
    ("halfneutral", "HalfNeutral"),
    ("jigger", "Jigger"),
    ("royal", "Royal"),
    ("patrol", "Patrol"),
    ("hurdlecolourchanging", "HurdleColourChanging"),
    ("bul", "Bul"),
    ("dob", "Dob"),
    ("volage", "Volage"),
    ("protean", "Protean"),
    ("anda", "Anda"),
    ("andainverse", "AndaInverse"),
];

/// Popeye's English name of `c` (of its attribute, for an attribute's rule).
fn english_name(c: Condition) -> &'static str {
    if let Some(attr) = c.popeye_id().strip_prefix("attribute ") {
        return ATTRIBUTE_SECTIONS
            .iter()
            .find(|(id, _)| *id == attr)
            .map(|(_, name)| *name)
            .unwrap_or_else(|| panic!("{c:?}: no section named for the attribute {attr}"));
    }
    CONDITION_NAMES
        .iter()
        .chain(EXTRA_CONDITION_NAMES.iter())
        .find(|n| n.id == c.popeye_id())
        .map(|n| n.names[0])
        .unwrap_or_else(|| panic!("{c:?} has no Popeye name"))
}

/// The text of the section headed `### name`, up to the next heading.
fn section<'a>(page: &'a str, name: &str) -> Option<&'a str> {
    let head = format!("\n### {name}\n");
    let start = page.find(&head)? + head.len();
    let rest = &page[start..];
    let end = rest.find("\n#").unwrap_or(rest.len());
    Some(&rest[..end])
}

#[test]
fn every_condition_has_its_section_and_an_example_with_popeyes_answer() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/conditions.md")).unwrap();
    let mut missing = Vec::new();
    for &c in Condition::ALL {
        if c == Condition::Alsatian {
            // The project's own: docs/alsatian.md.
            continue;
        }
        let name = english_name(c);
        let Some(text) = section(&page, name) else {
            missing.push(format!("{name}: no section"));
            continue;
        };
        let examples: Vec<&str> = text
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|q| q.starts_with("problems/conditions/") && q.ends_with(".inp"))
            .collect();
        if examples.is_empty() {
            missing.push(format!("{name}: no example named"));
        }
        for example in examples {
            let inp = root.join(example);
            if !inp.exists() || !inp.with_extension("out").exists() {
                missing.push(format!("{name}: {example} or its .out is missing"));
            }
        }
    }
    assert!(missing.is_empty(), "docs/conditions.md: {missing:#?}");
}

#[test]
fn every_attribute_has_its_section_under_unit_attributes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/conditions.md")).unwrap();
    let attributes = &page[page.find("\n## Unit attributes\n").expect("the heading")..];
    for (_, name) in ATTRIBUTE_SECTIONS {
        let text = section(attributes, name)
            .unwrap_or_else(|| panic!("no section {name} under Unit attributes"));
        let example = format!("problems/conditions/attr-{}.inp", name.to_lowercase());
        assert!(
            text.contains(&example),
            "{name}: the example {example} is not named"
        );
        assert!(root.join(&example).exists(), "{example} is missing");
        assert!(
            root.join(&example).with_extension("out").exists(),
            "{example}: Popeye's .out is missing"
        );
    }
}

#[test]
fn the_readme_names_every_condition() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let missing: Vec<&str> = Condition::ALL
        .iter()
        .filter(|&&c| c != Condition::Alsatian && !c.popeye_id().starts_with("attribute "))
        .map(|&c| english_name(c))
        .filter(|name| !readme.contains(name))
        .collect();
    assert!(missing.is_empty(), "README.md does not name {missing:?}");
}
