//! TeX's accents in names and sources (`Lin\"s`, `B\'edoni`,
//! `Vere\vs\vcagin`), as Popeye's input writes them, turned into the
//! letters they stand for, for the formats people read (text, HTML).
//! Popeye's format keeps them as written.

/// `text` with its TeX accents and special letters as Unicode letters;
/// what is not a known escape is kept as it is.
pub fn letters(text: &str) -> String {
    if !text.contains('\\') {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '\\' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        match escape(&chars[i + 1..]) {
            Some((letter, used)) => {
                out.push_str(&letter);
                i += 1 + used;
            }
            None => {
                out.push('\\');
                i += 1;
            }
        }
    }
    // Braces that only grouped an accented letter (`{\'e}`) go too.
    out.replace(['{', '}'], "")
}

/// The letter an escape stands for (after its backslash) and how many
/// characters of `rest` it takes.
fn escape(rest: &[char]) -> Option<(String, usize)> {
    let first = *rest.first()?;
    // Letters of their own: \ss, \o, \O, \aa, \AA, \l, \L, \ae, \oe.
    if first.is_ascii_alphabetic() && !ACCENT_WORDS.contains(&first) {
        let word: String = rest
            .iter()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        let letter = match word.as_str() {
            "ss" => "ß",
            "o" => "ø",
            "O" => "Ø",
            "aa" => "å",
            "AA" => "Å",
            "l" => "ł",
            "L" => "Ł",
            "ae" => "æ",
            "AE" => "Æ",
            "oe" => "œ",
            "OE" => "Œ",
            _ => return None,
        };
        return Some((letter.to_string(), word.len()));
    }
    // `\/o`: the slashed o of some of Popeye's examples.
    if first == '/' {
        return match rest.get(1) {
            Some('o') => Some(("ø".into(), 2)),
            Some('O') => Some(("Ø".into(), 2)),
            _ => None,
        };
    }
    let mark = ACCENTS.iter().find(|(c, _)| *c == first)?.1;
    // The letter: `\'e`, `\'{e}`, `\v{s}`, `\v s`.
    let mut at = 1;
    while rest.get(at) == Some(&' ') && first.is_ascii_alphabetic() {
        at += 1;
    }
    let braced = rest.get(at) == Some(&'{');
    if braced {
        at += 1;
    }
    let base = *rest.get(at)?;
    if !base.is_alphabetic() {
        return None;
    }
    at += 1;
    if braced {
        if rest.get(at) != Some(&'}') {
            return None;
        }
        at += 1;
    }
    // German `\"s` is ß (german.sty).
    if first == '"' && base == 's' {
        return Some(("ß".into(), at));
    }
    Some((compose(base, mark), at))
}

/// The accent commands that are letters (`\v{s}`, `\c{c}`), not letters
/// of their own.
const ACCENT_WORDS: [char; 6] = ['v', 'c', 'u', 'H', 'k', 'r'];

/// TeX's accent commands and the combining marks they put on a letter.
const ACCENTS: [(char, char); 13] = [
    ('\'', '\u{301}'),
    ('`', '\u{300}'),
    ('^', '\u{302}'),
    ('"', '\u{308}'),
    ('~', '\u{303}'),
    ('=', '\u{304}'),
    ('.', '\u{307}'),
    ('v', '\u{30C}'),
    ('c', '\u{327}'),
    ('u', '\u{306}'),
    ('H', '\u{30B}'),
    ('k', '\u{328}'),
    ('r', '\u{30A}'),
];

/// `base` with `mark`: the precomposed letter where Unicode has it (the
/// Latin letters of problemists' names), else the letter and the mark.
fn compose(base: char, mark: char) -> String {
    const LETTERS: &[(char, char, char)] = &[
        ('a', '\u{301}', 'á'),
        ('e', '\u{301}', 'é'),
        ('i', '\u{301}', 'í'),
        ('o', '\u{301}', 'ó'),
        ('u', '\u{301}', 'ú'),
        ('y', '\u{301}', 'ý'),
        ('c', '\u{301}', 'ć'),
        ('n', '\u{301}', 'ń'),
        ('s', '\u{301}', 'ś'),
        ('z', '\u{301}', 'ź'),
        ('A', '\u{301}', 'Á'),
        ('E', '\u{301}', 'É'),
        ('I', '\u{301}', 'Í'),
        ('O', '\u{301}', 'Ó'),
        ('U', '\u{301}', 'Ú'),
        ('C', '\u{301}', 'Ć'),
        ('S', '\u{301}', 'Ś'),
        ('Z', '\u{301}', 'Ź'),
        ('a', '\u{300}', 'à'),
        ('e', '\u{300}', 'è'),
        ('i', '\u{300}', 'ì'),
        ('o', '\u{300}', 'ò'),
        ('u', '\u{300}', 'ù'),
        ('A', '\u{300}', 'À'),
        ('E', '\u{300}', 'È'),
        ('a', '\u{302}', 'â'),
        ('e', '\u{302}', 'ê'),
        ('i', '\u{302}', 'î'),
        ('o', '\u{302}', 'ô'),
        ('u', '\u{302}', 'û'),
        ('a', '\u{308}', 'ä'),
        ('e', '\u{308}', 'ë'),
        ('i', '\u{308}', 'ï'),
        ('o', '\u{308}', 'ö'),
        ('u', '\u{308}', 'ü'),
        ('y', '\u{308}', 'ÿ'),
        ('A', '\u{308}', 'Ä'),
        ('O', '\u{308}', 'Ö'),
        ('U', '\u{308}', 'Ü'),
        ('a', '\u{303}', 'ã'),
        ('n', '\u{303}', 'ñ'),
        ('o', '\u{303}', 'õ'),
        ('N', '\u{303}', 'Ñ'),
        ('a', '\u{304}', 'ā'),
        ('e', '\u{304}', 'ē'),
        ('i', '\u{304}', 'ī'),
        ('u', '\u{304}', 'ū'),
        ('z', '\u{307}', 'ż'),
        ('Z', '\u{307}', 'Ż'),
        ('c', '\u{30C}', 'č'),
        ('s', '\u{30C}', 'š'),
        ('z', '\u{30C}', 'ž'),
        ('r', '\u{30C}', 'ř'),
        ('e', '\u{30C}', 'ě'),
        ('C', '\u{30C}', 'Č'),
        ('S', '\u{30C}', 'Š'),
        ('Z', '\u{30C}', 'Ž'),
        ('R', '\u{30C}', 'Ř'),
        ('c', '\u{327}', 'ç'),
        ('k', '\u{327}', 'ķ'),
        ('l', '\u{327}', 'ļ'),
        ('n', '\u{327}', 'ņ'),
        ('g', '\u{327}', 'ģ'),
        ('s', '\u{327}', 'ş'),
        ('C', '\u{327}', 'Ç'),
        ('a', '\u{306}', 'ă'),
        ('g', '\u{306}', 'ğ'),
        ('o', '\u{30B}', 'ő'),
        ('u', '\u{30B}', 'ű'),
        ('a', '\u{328}', 'ą'),
        ('e', '\u{328}', 'ę'),
        ('a', '\u{30A}', 'å'),
        ('u', '\u{30A}', 'ů'),
    ];
    match LETTERS.iter().find(|(b, m, _)| *b == base && *m == mark) {
        Some((_, _, letter)) => letter.to_string(),
        None => format!("{base}{mark}"),
    }
}

#[cfg(test)]
mod tests {
    use super::letters;

    #[test]
    fn accents_become_letters() {
        assert_eq!(letters(r#"Torsten Lin\"s"#), "Torsten Linß");
        assert_eq!(letters(r"Rom\'eo B\'edoni"), "Roméo Bédoni");
        assert_eq!(letters(r"Igor Vere\vs\vcagin"), "Igor Vereščagin");
        assert_eq!(letters(r"Bj\/orn Enemark"), "Bjørn Enemark");
        assert_eq!(letters(r"Torsten Lin\ss"), "Torsten Linß");
        assert_eq!(
            letters(r#"\v{S}ulc, {\'E}cole, M\"uller"#),
            "Šulc, École, Müller"
        );
        assert_eq!(letters(r#"\"o\"a\'c \~n \c{c} \=a"#), "öäć ñ ç ā");
    }

    #[test]
    fn what_is_no_escape_stays() {
        assert_eq!(
            letters("feenschach 111, 1-9/1994"),
            "feenschach 111, 1-9/1994"
        );
        assert_eq!(letters(r"a \foo b"), r"a \foo b");
        assert_eq!(letters(r"ends in \"), r"ends in \");
    }
}
