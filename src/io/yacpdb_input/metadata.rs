//! YACPDB's structured metadata (source, award, keywords, foreign ids) and
//! circe's metadata lines, both ways. circe keeps a problem's origin and
//! award as one line of text each (`Metadata::origin`, `award`); the reader
//! writes YACPDB's fields into such a line in a fixed shape, which the
//! writer takes apart again, so an entry keeps its structure through a
//! round trip. A line of another shape (a TOML or Popeye `origin`) gives
//! what can be found in it: a source named by the whole line with the
//! year it holds.

use std::fmt::Write;

/// A date: a year (or a span of years, `1965-1967`), month and day.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Date {
    pub year: String,
    pub month: Option<u32>,
    pub day: Option<u32>,
}

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.year)?;
        if let Some(m) = self.month {
            write!(f, "-{m:02}")?;
            if let Some(d) = self.day {
                write!(f, "-{d:02}")?;
            }
        }
        Ok(())
    }
}

fn digits(s: &str, n: usize) -> bool {
    s.len() == n && s.bytes().all(|b| b.is_ascii_digit())
}

impl Date {
    /// `YYYY`, `YYYY-YYYY`, `YYYY-MM`, `YYYY-MM-DD` (YACPDB's string
    /// forms, and what [`Display`](std::fmt::Display) writes).
    pub fn parse(s: &str) -> Option<Date> {
        let parts: Vec<&str> = s.split('-').collect();
        let num = |p: &str| p.parse::<u32>().ok();
        match parts.as_slice() {
            [y] if digits(y, 4) => Some(Date {
                year: y.to_string(),
                month: None,
                day: None,
            }),
            [a, b] if digits(a, 4) && digits(b, 4) => Some(Date {
                year: s.to_string(),
                month: None,
                day: None,
            }),
            [y, m] if digits(y, 4) && digits(m, 2) => Some(Date {
                year: y.to_string(),
                month: num(m).filter(|m| (1..=12).contains(m)),
                day: None,
            })
            .filter(|d| d.month.is_some()),
            [y, m, d] if digits(y, 4) && digits(m, 2) && digits(d, 2) => {
                let month = num(m).filter(|m| (1..=12).contains(m))?;
                let day = num(d).filter(|d| (1..=31).contains(d))?;
                Some(Date {
                    year: y.to_string(),
                    month: Some(month),
                    day: Some(day),
                })
            }
            _ => None,
        }
    }

    /// The last year written in free text (`1-9/1994` -> 1994): four
    /// digits standing alone, from 1500 to 2099.
    pub fn year_in(text: &str) -> Option<Date> {
        text.split(|c: char| !c.is_ascii_digit())
            .rfind(|t| digits(t, 4) && t.parse::<u32>().is_ok_and(|y| (1500..=2099).contains(&y)))
            .map(|y| Date {
                year: y.to_string(),
                month: None,
                day: None,
            })
    }
}

/// YACPDB's source fields besides `name` and `date`, with the words that
/// label them in an origin line, in the order they are written.
pub const SOURCE_LABELS: [(&str, &str); 5] = [
    ("volume", "volume "),
    ("issue", "issue "),
    ("round", "round "),
    ("problemid", "No. "),
    ("pagenumber", "page "),
];

/// A publication: YACPDB's `source` (or a reprint, or a tourney).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Source {
    pub name: String,
    /// Fields of [`SOURCE_LABELS`], by their YACPDB key.
    pub fields: Vec<(&'static str, String)>,
    pub date: Option<Date>,
}

impl Source {
    /// The origin line: `name, volume V, issue I, No. P, date`.
    pub fn to_line(&self) -> String {
        let mut out = self.name.clone();
        for (key, label) in SOURCE_LABELS {
            if let Some((_, v)) = self.fields.iter().find(|(k, _)| *k == key) {
                let _ = write!(out, ", {label}{v}");
            }
        }
        if let Some(d) = &self.date {
            let _ = write!(out, ", {d}");
        }
        out
    }

    /// An origin line taken apart: labelled fields and a date peeled off
    /// its end ([`Source::to_line`]'s shape), else the whole line as the
    /// name, with the last year it holds.
    pub fn from_line(line: &str) -> Source {
        let mut parts: Vec<&str> = line.split(", ").collect();
        let mut date = None;
        if parts.len() > 1 {
            date = parts.last().and_then(|p| Date::parse(p));
            if date.is_some() {
                parts.pop();
            }
        }
        let mut fields = Vec::new();
        while parts.len() > 1 {
            let last = parts[parts.len() - 1];
            let Some((key, value)) = SOURCE_LABELS.iter().find_map(|(key, label)| {
                last.strip_prefix(label)
                    .filter(|v| !v.is_empty() && (*key != "pagenumber" || v.parse::<u32>().is_ok()))
                    .map(|v| (*key, v))
            }) else {
                break;
            };
            if fields.iter().any(|(k, _)| *k == key) {
                break;
            }
            fields.insert(0, (key, value.to_string()));
            parts.pop();
        }
        if date.is_none() {
            // Not this module's shape: the whole line names the source.
            return Source {
                name: line.to_string(),
                fields: Vec::new(),
                date: Date::year_in(line),
            };
        }
        Source {
            name: parts.join(", "),
            fields,
            date,
        }
    }
}

/// An award: YACPDB's `distinction`, the tourney when it is not the
/// source's (`ditto`), the judges.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Award {
    pub distinction: String,
    pub tourney: Option<Source>,
    pub judges: Vec<String>,
}

const TOURNEY: &str = "tourney: ";
const JUDGE: &str = "judge: ";

impl Award {
    /// The award line: `1st Prize; tourney: NAME, DATE; judge: J`.
    pub fn to_line(&self) -> String {
        let mut out = self.distinction.clone();
        if let Some(t) = &self.tourney {
            let _ = write!(out, "; {TOURNEY}{}", t.to_line());
        }
        for j in &self.judges {
            let _ = write!(out, "; {JUDGE}{j}");
        }
        out
    }

    /// An award line taken apart, when its distinction is one YACPDB
    /// accepts ([`is_distinction`]); its segments come from
    /// [`Award::to_line`].
    pub fn from_line(line: &str) -> Option<Award> {
        let mut segments = line.split("; ");
        let distinction = segments.next()?.to_string();
        let mut award = Award {
            distinction,
            ..Award::default()
        };
        for s in segments {
            if let Some(t) = s.strip_prefix(TOURNEY) {
                award.tourney = Some(Source::from_line(t));
            } else if let Some(j) = s.strip_prefix(JUDGE) {
                award.judges.push(j.to_string());
            } else {
                // A `;` of the distinction's own comment.
                award.distinction.push_str("; ");
                award.distinction.push_str(s);
            }
        }
        is_distinction(&award.distinction).then_some(award)
    }
}

/// An ordinal as YACPDB's schema writes it: `1st`, `22nd`, `11th`, `4th`.
fn is_ordinal(s: &str) -> bool {
    let n = s.bytes().take_while(u8::is_ascii_digit).count();
    let (num, suffix) = s.split_at(n);
    let Some(last) = num.bytes().last() else {
        return false;
    };
    let teen = num.len() >= 2 && num.as_bytes()[num.len() - 2] == b'1';
    match suffix {
        "st" => last == b'1',
        "nd" => last == b'2',
        "rd" => last == b'3',
        "th" => matches!(last, b'0' | b'4'..=b'9') || (teen && matches!(last, b'1'..=b'3')),
        _ => false,
    }
}

/// Whether YACPDB's schema accepts `s` as a distinction: `[ordinal[-ordinal]
/// |Special] [Special] Prize|Place|HM|Honorable Mention|Commendation|Comm.|cm
/// [, comment]`, in any case.
pub fn is_distinction(s: &str) -> bool {
    let lower = s.to_lowercase();
    let head = lower.split_once(", ").map_or(lower.as_str(), |(h, _)| h);
    let names = [
        "prize",
        "place",
        "hm",
        "honorable mention",
        "commendation",
        "comm.",
        "cm",
    ];
    let Some(prefix) = names.iter().find_map(|n| head.strip_suffix(n)) else {
        return false;
    };
    let prefix = prefix.strip_suffix("special ").unwrap_or(prefix);
    if prefix.is_empty() {
        return true;
    }
    let Some(group) = prefix.strip_suffix(' ') else {
        return false;
    };
    let (first, second) = match group.split_once('-') {
        Some((a, b)) => (a, Some(b)),
        None => (group, None),
    };
    (first == "special" || is_ordinal(first)) && second.is_none_or(is_ordinal)
}

/// The remark line that holds YACPDB's keywords.
pub const KEYWORDS: &str = "Keywords: ";
/// The remark line that holds a foreign id: `foreignid PDB: P0503887`.
pub const FOREIGN_ID: &str = "foreignid ";
/// The remark line that holds a reprint (an origin line).
pub const REPRINT: &str = "Reprint: ";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn source_lines_go_both_ways() {
        let s = Source {
            name: "feenschach, Sonderheft".into(),
            fields: vec![("issue", "01-02".into()), ("problemid", "7100".into())],
            date: Date::parse("1965-02"),
        };
        let line = s.to_line();
        assert_eq!(
            line,
            "feenschach, Sonderheft, issue 01-02, No. 7100, 1965-02"
        );
        assert_eq!(Source::from_line(&line), s);
    }

    #[test]
    fn an_origin_of_another_shape_gives_its_last_year() {
        let s = Source::from_line("6658, feenschach 111, 1-9/1994");
        assert_eq!(s.name, "6658, feenschach 111, 1-9/1994");
        assert_eq!(s.date.map(|d| d.year), Some("1994".into()));
        assert_eq!(Source::from_line("Problem 12").date, None);
    }

    #[test]
    fn dates() {
        for ok in ["1994", "1965-1967", "2009-02", "2007-05-05"] {
            assert_eq!(Date::parse(ok).map(|d| d.to_string()), Some(ok.into()));
        }
        for bad in ["94", "2009-13", "2009-2", "2007-05-32", "x"] {
            assert_eq!(Date::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn distinctions_as_the_schema_has_them() {
        for ok in [
            "Prize",
            "1st Prize",
            "4th HM",
            "11th Commendation",
            "2nd-3rd Prize",
            "Special Prize",
            "1st Special Prize",
            "comm.",
            "1st Prize, ex aequo",
        ] {
            assert!(is_distinction(ok), "{ok}");
        }
        for bad in [
            "1nd Prize",
            "Special 1st Prize",
            "Prize winner",
            "12st HM",
            "",
        ] {
            assert!(!is_distinction(bad), "{bad}");
        }
    }

    #[test]
    fn award_lines_go_both_ways() {
        let a = Award {
            distinction: "1st Prize".into(),
            tourney: Some(Source {
                name: "feenschach TT".into(),
                fields: Vec::new(),
                date: Date::parse("1965"),
            }),
            judges: vec!["Páros, György".into()],
        };
        assert_eq!(Award::from_line(&a.to_line()), Some(a));
        assert_eq!(Award::from_line("Preis"), None);
    }
}
