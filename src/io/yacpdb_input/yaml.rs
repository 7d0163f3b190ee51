//! A YAML stream as plain nodes that know their line, built from the
//! events of `saphyr-parser`: the YACPDB reader needs every value's line
//! for its errors, and nothing of YAML's typing (a YACPDB value is text,
//! a list or a mapping). Tags (`!!python/unicode`, which old Olive files
//! hold) are ignored; anchors and aliases are followed.

use saphyr_parser::{Event, Parser, ScalarStyle};
use std::collections::HashMap;

/// A value and the line (1-based) where it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub line: usize,
    pub value: Value,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// An empty value, `~` or `null`.
    Null,
    /// Any scalar, as text (`2009` and `'2009'` alike).
    Scalar(String),
    Seq(Vec<Node>),
    /// Keys in the order written.
    Map(Vec<(Node, Node)>),
}

impl Node {
    /// What the value is, for errors: "a list", "a mapping" ...
    pub fn kind(&self) -> &'static str {
        match self.value {
            Value::Null => "empty",
            Value::Scalar(_) => "text",
            Value::Seq(_) => "a list",
            Value::Map(_) => "a mapping",
        }
    }
}

/// One document of the stream: its root and the line it starts on.
#[derive(Debug)]
pub struct Document {
    pub line: usize,
    pub root: Node,
}

/// A syntax error: its line and the parser's words.
#[derive(Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub line: usize,
    pub message: String,
}

/// Nodes made by following aliases, at most: a few aliases that nest
/// ("billion laughs") must not fill the memory.
const ALIAS_BUDGET: usize = 100_000;

enum Frame {
    Seq {
        line: usize,
        anchor: usize,
        items: Vec<Node>,
    },
    Map {
        line: usize,
        anchor: usize,
        items: Vec<(Node, Node)>,
        key: Option<Node>,
    },
}

fn size(node: &Node) -> usize {
    match &node.value {
        Value::Null | Value::Scalar(_) => 1,
        Value::Seq(items) => 1 + items.iter().map(size).sum::<usize>(),
        Value::Map(items) => 1 + items.iter().map(|(k, v)| size(k) + size(v)).sum::<usize>(),
    }
}

struct Builder {
    stack: Vec<Frame>,
    anchors: HashMap<usize, Node>,
    root: Option<Node>,
    aliased: usize,
}

impl Builder {
    fn add(&mut self, node: Node, anchor: usize) {
        if anchor != 0 {
            self.anchors.insert(anchor, node.clone());
        }
        match self.stack.last_mut() {
            None => self.root = Some(node),
            Some(Frame::Seq { items, .. }) => items.push(node),
            Some(Frame::Map { items, key, .. }) => match key.take() {
                None => *key = Some(node),
                Some(k) => items.push((k, node)),
            },
        }
    }
}

/// The documents of `text` in order (empty ones left out), and the syntax
/// error that stopped the reading, if one did: the documents before it are
/// whole.
pub fn documents(text: &str) -> (Vec<Document>, Option<SyntaxError>) {
    let mut parser = Parser::new_from_str(text);
    let mut docs = Vec::new();
    let mut b = Builder {
        stack: Vec::new(),
        anchors: HashMap::new(),
        root: None,
        aliased: 0,
    };
    while let Some(event) = parser.next_event() {
        let (event, span) = match event {
            Ok(e) => e,
            Err(e) => {
                let error = SyntaxError {
                    line: e.marker().line().max(1),
                    message: e.info().to_string(),
                };
                return (docs, Some(error));
            }
        };
        let line = span.start.line().max(1);
        match event {
            Event::DocumentStart(_) => {
                b.root = None;
                b.anchors.clear();
            }
            Event::DocumentEnd => {
                if let Some(root) = b.root.take() {
                    if root.value != Value::Null {
                        docs.push(Document {
                            line: root.line,
                            root,
                        });
                    }
                }
            }
            Event::Scalar(text, style, anchor, _tag) => {
                let null = style == ScalarStyle::Plain
                    && matches!(&*text, "" | "~" | "null" | "Null" | "NULL");
                let value = if null {
                    Value::Null
                } else {
                    Value::Scalar(text.into_owned())
                };
                b.add(Node { line, value }, anchor);
            }
            Event::SequenceStart(anchor, _) => b.stack.push(Frame::Seq {
                line,
                anchor,
                items: Vec::new(),
            }),
            Event::MappingStart(anchor, _) => b.stack.push(Frame::Map {
                line,
                anchor,
                items: Vec::new(),
                key: None,
            }),
            Event::SequenceEnd | Event::MappingEnd => {
                let (node, anchor) = match b.stack.pop() {
                    Some(Frame::Seq {
                        line,
                        anchor,
                        items,
                    }) => (
                        Node {
                            line,
                            value: Value::Seq(items),
                        },
                        anchor,
                    ),
                    Some(Frame::Map {
                        line,
                        anchor,
                        items,
                        ..
                    }) => (
                        Node {
                            line,
                            value: Value::Map(items),
                        },
                        anchor,
                    ),
                    None => continue,
                };
                b.add(node, anchor);
            }
            Event::Alias(id) => {
                let Some(node) = b.anchors.get(&id).cloned() else {
                    let error = SyntaxError {
                        line,
                        message: "an alias to no anchor".into(),
                    };
                    return (docs, Some(error));
                };
                b.aliased += size(&node);
                if b.aliased > ALIAS_BUDGET {
                    let error = SyntaxError {
                        line,
                        message: "the aliases expand to too many values".into(),
                    };
                    return (docs, Some(error));
                }
                b.add(Node { line, ..node }, 0);
            }
            Event::StreamStart | Event::StreamEnd | Event::Nothing => {}
        }
    }
    (docs, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scalar(line: usize, s: &str) -> Node {
        Node {
            line,
            value: Value::Scalar(s.into()),
        }
    }

    #[test]
    fn lines_of_a_stream_of_two_documents() {
        let (docs, err) = documents("---\na: 1\nb: [x, 'y']\n---\nc: |\n  t\n");
        assert_eq!(err, None);
        assert_eq!(docs.len(), 2);
        let Value::Map(items) = &docs[0].root.value else {
            panic!("{docs:?}")
        };
        assert_eq!(items[0], (scalar(2, "a"), scalar(2, "1")));
        assert_eq!(items[1].1.line, 3);
        let Value::Seq(list) = &items[1].1.value else {
            panic!()
        };
        assert_eq!(list, &vec![scalar(3, "x"), scalar(3, "y")]);
        let Value::Map(items) = &docs[1].root.value else {
            panic!()
        };
        assert_eq!(items[0].1.value, Value::Scalar("t\n".into()));
        assert_eq!(docs[1].line, 5);
    }

    #[test]
    fn tags_are_ignored_and_aliases_followed() {
        let (docs, err) = documents("a: !!python/unicode 'x'\nb: &k [1]\nc: *k\nd:\n");
        assert_eq!(err, None);
        let Value::Map(items) = &docs[0].root.value else {
            panic!()
        };
        assert_eq!(items[0].1, scalar(1, "x"));
        assert_eq!(items[2].1.value, items[1].1.value);
        assert_eq!(items[3].1.value, Value::Null);
    }

    #[test]
    fn a_syntax_error_keeps_the_documents_before_it() {
        let (docs, err) = documents("a: 1\n---\nb: [1, 2\nc: 3\n");
        assert_eq!(docs.len(), 1);
        let err = err.expect("an error");
        assert!(err.line >= 3, "{err:?}");
    }

    #[test]
    fn nested_aliases_are_bounded() {
        let mut text = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..8 {
            let p = i - 1;
            text.push_str(&format!(
                "a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n"
            ));
        }
        let (_, err) = documents(&text);
        assert!(err.is_some_and(|e| e.message.contains("aliases")));
    }
}
