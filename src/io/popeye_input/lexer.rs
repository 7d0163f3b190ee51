//! The lexer of Popeye's input: words separated by blanks and by `;` and
//! `,`, each with its line; and the words of a condition phrase read from it.

use crate::vocabulary;
use crate::vocabulary::conditions::Word;

#[derive(Clone, Debug)]
pub(super) struct Token {
    pub(super) text: String,
    pub(super) line: usize,
}

#[derive(Clone)]
pub(super) struct Lexer<'a> {
    pub(super) text: &'a str,
    pub(super) pos: usize,
    pub(super) line: usize,
}

pub(super) fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == ';' || c == ','
}

impl<'a> Lexer<'a> {
    pub(super) fn skip_separators(&mut self) {
        for c in self.text[self.pos..].chars() {
            if !is_separator(c) {
                break;
            }
            if c == '\n' {
                self.line += 1;
            }
            self.pos += c.len_utf8();
        }
    }

    /// The next word exactly as written.
    pub(super) fn raw(&mut self) -> Option<Token> {
        self.skip_separators();
        let rest = &self.text[self.pos..];
        let len = rest.find(is_separator).unwrap_or(rest.len());
        if len == 0 {
            return None;
        }
        self.pos += len;
        Some(Token {
            text: rest[..len].to_string(),
            line: self.line,
        })
    }

    /// The next word; leading dots are blanks to Popeye outside forsyth.
    pub(super) fn word(&mut self) -> Option<Token> {
        loop {
            let mut t = self.raw()?;
            let trimmed = t.text.trim_start_matches('.');
            if !trimmed.is_empty() {
                t.text = trimmed.to_string();
                return Some(t);
            }
        }
    }

    pub(super) fn peek(&self) -> Option<Token> {
        self.clone().word()
    }

    /// The rest of the current line (after a keyword), as Popeye reads it.
    pub(super) fn rest_of_line(&mut self) -> (String, usize) {
        let rest = &self.text[self.pos..];
        let len = rest.find('\n').unwrap_or(rest.len());
        self.pos += len;
        // As Popeye reads such a line: the separators before the text are
        // skipped, and the text runs to the end of the line, trailing
        // spaces kept (they count when the line is centred).
        let line = &rest[..len];
        let line = line.split('\r').next().unwrap_or("");
        let text = line.trim_start_matches([' ', '\t', ';', '.', ',']);
        (text.to_string(), self.line)
    }

    /// The words left on the current line.
    pub(super) fn words_on_line(&mut self) -> Vec<Token> {
        let line = self.line;
        let mut out = Vec::new();
        while let Some(t) = self.peek() {
            if t.line != line {
                break;
            }
            self.word();
            out.push(t);
        }
        out
    }
}

/// The lexer as the condition grammar reads it.
pub(super) struct LexerWords<'a> {
    /// Words of the problem's earlier `condition` lines, read again first:
    /// Popeye's conditions add up over the lines.
    pub(super) earlier: std::collections::VecDeque<Word>,
    pub(super) lex: Lexer<'a>,
    /// The words read, as written.
    pub(super) read: Vec<Word>,
}

impl vocabulary::conditions::Words for LexerWords<'_> {
    fn peek(&mut self) -> Option<Word> {
        if let Some(w) = self.earlier.front() {
            return Some(w.clone());
        }
        self.lex.peek().map(|t| Word {
            text: t.text,
            line: t.line,
        })
    }
    fn advance(&mut self) {
        if let Some(w) = self.earlier.pop_front() {
            self.read.push(w);
        } else if let Some(t) = self.lex.word() {
            self.read.push(Word {
                text: t.text,
                line: t.line,
            });
        }
    }
}
