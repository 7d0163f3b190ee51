//! Output in batch order while problems finish in any order.
//!
//! Each problem writes its text in pieces as they come (a solver that
//! streams may write a solution at a time). The problem whose turn it is
//! writes straight through, flushed at once; the others are held until
//! every problem before them has finished. So a reader sees the first
//! problem's solutions as they are found, and the output of a batch is the
//! same whatever the number of jobs.

use std::collections::BTreeMap;
use std::io::{self, Write};

/// A writer shared by the problems of a batch, each known by its index.
pub struct Ordered<W: Write> {
    out: W,
    /// The problem whose text goes straight through.
    next: usize,
    /// Text of later problems, and whether each has finished.
    held: BTreeMap<usize, (Vec<u8>, bool)>,
    /// The first write error; nothing is written after it.
    error: Option<io::Error>,
}

impl<W: Write> Ordered<W> {
    /// Problems are numbered from `first`.
    pub fn new(out: W, first: usize) -> Ordered<W> {
        Ordered {
            out,
            next: first,
            held: BTreeMap::new(),
            error: None,
        }
    }

    /// Writes (or holds) a piece of problem `index`'s text.
    pub fn write(&mut self, index: usize, text: &[u8]) {
        if index == self.next {
            self.put(text);
        } else {
            self.held
                .entry(index)
                .or_default()
                .0
                .extend_from_slice(text);
        }
    }

    /// Writes `text` at once, out of order: a whole record whose place in
    /// the output does not matter (a JSON line).
    pub fn write_now(&mut self, text: &[u8]) {
        self.put(text);
    }

    /// Problem `index` has written all its text: write what waited on it.
    pub fn finish(&mut self, index: usize) {
        if index != self.next {
            self.held.entry(index).or_default().1 = true;
            return;
        }
        self.next += 1;
        while let Some((text, finished)) = self.held.remove(&self.next) {
            self.put(&text);
            if !finished {
                // Started but not finished: the rest of its text will come
                // straight through.
                break;
            }
            self.next += 1;
        }
    }

    /// Writes everything still held, in order, as when the batch stops
    /// early and the problems before it will never finish.
    pub fn drain(&mut self) {
        for (_, (text, _)) in std::mem::take(&mut self.held) {
            self.put(&text);
        }
    }

    /// The first write error, if writing failed (the reader went away).
    pub fn error(&self) -> Option<&io::Error> {
        self.error.as_ref()
    }

    /// Takes the first write error.
    pub fn take_error(&mut self) -> Option<io::Error> {
        self.error.take()
    }

    fn put(&mut self, text: &[u8]) {
        if self.error.is_some() || text.is_empty() {
            return;
        }
        if let Err(e) = self.out.write_all(text).and_then(|_| self.out.flush()) {
            self.error = Some(e);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(o: &Ordered<Vec<u8>>) -> String {
        String::from_utf8(o.out.clone()).unwrap()
    }

    #[test]
    fn later_problems_wait_for_earlier_ones() {
        let mut o = Ordered::new(Vec::new(), 0);
        o.write(1, b"b1 ");
        o.write(2, b"c ");
        o.finish(2);
        assert_eq!(text(&o), "");
        o.write(0, b"a1 ");
        assert_eq!(text(&o), "a1 ", "the first problem goes straight through");
        o.write(0, b"a2 ");
        o.finish(0);
        // Problem 1 is running: its text so far, and no further.
        assert_eq!(text(&o), "a1 a2 b1 ");
        o.write(1, b"b2 ");
        assert_eq!(text(&o), "a1 a2 b1 b2 ");
        o.finish(1);
        assert_eq!(text(&o), "a1 a2 b1 b2 c ");
    }

    #[test]
    fn a_stopped_batch_drains_what_waits() {
        let mut o = Ordered::new(Vec::new(), 0);
        o.write(2, b"c ");
        o.finish(2);
        o.write(1, b"b ");
        o.drain();
        assert_eq!(text(&o), "b c ");
    }
}
