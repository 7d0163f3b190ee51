//! Output in batch order, or whole records in the order problems finish,
//! while problems are solved in parallel.
//!
//! Each problem writes its text in pieces as they come (a solver that
//! streams may write a solution at a time).
//! - In batch order (text, Popeye's format) the problem whose turn it is
//!   writes straight through, flushed at once; the others are held until
//!   every problem before them has finished. So a reader sees the first
//!   problem's solutions as they are found, and the output of a batch is
//!   the same whatever the number of jobs.
//! - In the order of completion (JSON Lines) every problem's text is held
//!   until the problem finishes, then written whole: a line is a whole
//!   record, and a batch killed at any moment keeps every finished problem.
//!
//! Held text stays in memory up to a budget, beyond it in a temporary file
//! ([`held`](super::held)).

use super::held::{Held, Store};
use std::collections::BTreeMap;
use std::io::{self, Write};

/// In which order problems' text is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Batch order, streamed.
    Batch,
    /// Whole records as problems finish.
    Completion,
}

/// A writer shared by the problems of a batch, each known by its index.
pub struct Ordered<W: Write> {
    out: W,
    order: Order,
    /// The problem whose text goes straight through (batch order).
    next: usize,
    /// Text held, and whether its problem has finished.
    held: BTreeMap<usize, (Held, bool)>,
    store: Store,
    /// The first write error; nothing is written after it.
    error: Option<io::Error>,
}

impl<W: Write> Ordered<W> {
    /// Problems are numbered from `first`; held text takes up to `budget`
    /// bytes of memory.
    pub fn new(out: W, first: usize, order: Order, budget: usize) -> Ordered<W> {
        Ordered {
            out,
            order,
            next: first,
            held: BTreeMap::new(),
            store: Store::new(budget),
            error: None,
        }
    }

    /// Writes (or holds) a piece of problem `index`'s text.
    pub fn write(&mut self, index: usize, text: &[u8]) {
        if self.order == Order::Batch && index == self.next {
            self.put(text);
        } else {
            let held = &mut self.held.entry(index).or_default().0;
            self.store.hold(held, text);
        }
    }

    /// Writes `text` at once, out of order: a whole record whose place in
    /// the output does not matter (a JSON line).
    pub fn write_now(&mut self, text: &[u8]) {
        self.put(text);
    }

    /// Problem `index` has written all its text: write it (in the order of
    /// completion) or what waited on it (in batch order).
    pub fn finish(&mut self, index: usize) {
        if self.order == Order::Completion {
            if let Some((held, _)) = self.held.remove(&index) {
                self.put_held(held);
            }
            return self.after_release();
        }
        if index != self.next {
            self.held.entry(index).or_default().1 = true;
            return;
        }
        self.next += 1;
        while let Some((held, finished)) = self.held.remove(&self.next) {
            self.put_held(held);
            if !finished {
                // Started but not finished: the rest of its text will come
                // straight through.
                break;
            }
            self.next += 1;
        }
        self.after_release();
    }

    /// Forgets what problem `index` wrote (a record cut short).
    pub fn discard(&mut self, index: usize) {
        if let Some((held, _)) = self.held.remove(&index) {
            self.store.discard(held);
        }
        self.after_release();
    }

    /// Writes everything still held, in order, as when the batch stops
    /// early and the problems before it will never finish.
    pub fn drain(&mut self) {
        for (_, (held, _)) in std::mem::take(&mut self.held) {
            self.put_held(held);
        }
        self.after_release();
    }

    /// Bytes of held text in memory now.
    pub fn held_in_memory(&self) -> usize {
        self.store.in_memory()
    }

    /// The first write error, if writing failed (the reader went away).
    pub fn error(&self) -> Option<&io::Error> {
        self.error.as_ref()
    }

    /// Takes the first write error.
    pub fn take_error(&mut self) -> Option<io::Error> {
        self.error.take()
    }

    fn after_release(&mut self) {
        if self.held.is_empty() {
            self.store.all_released();
        }
    }

    fn put_held(&mut self, held: Held) {
        let (out, error) = (&mut self.out, &mut self.error);
        let read = self.store.release(held, &mut |text| {
            if error.is_none() && !text.is_empty() {
                if let Err(e) = out.write_all(text) {
                    *error = Some(e);
                }
            }
        });
        if let Err(e) = read {
            self.error.get_or_insert(e);
        }
        self.flush();
    }

    fn put(&mut self, text: &[u8]) {
        if self.error.is_some() || text.is_empty() {
            return;
        }
        if let Err(e) = self.out.write_all(text) {
            self.error = Some(e);
        }
        self.flush();
    }

    fn flush(&mut self) {
        if self.error.is_none() {
            if let Err(e) = self.out.flush() {
                self.error = Some(e);
            }
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
        let mut o = Ordered::new(Vec::new(), 0, Order::Batch, 1 << 20);
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
        let mut o = Ordered::new(Vec::new(), 0, Order::Batch, 1 << 20);
        o.write(2, b"c ");
        o.finish(2);
        o.write(1, b"b ");
        o.drain();
        assert_eq!(text(&o), "b c ");
    }

    #[test]
    fn in_order_of_completion_records_come_whole_when_done() {
        let mut o = Ordered::new(Vec::new(), 0, Order::Completion, 1 << 20);
        o.write(0, b"{a");
        o.write(1, b"{b");
        o.write(1, b"}\n");
        assert_eq!(text(&o), "", "nothing before a record is whole");
        o.finish(1);
        assert_eq!(text(&o), "{b}\n");
        o.write(0, b" cut short");
        o.discard(0);
        o.write_now(b"{a: timeout}\n");
        assert_eq!(text(&o), "{b}\n{a: timeout}\n");
        assert_eq!(o.held_in_memory(), 0);
    }

    #[test]
    fn held_text_over_the_budget_waits_on_disk_and_keeps_its_order() {
        let mut o = Ordered::new(Vec::new(), 0, Order::Batch, 64);
        let mut want_1 = Vec::new();
        for i in 0..1000 {
            let piece = format!("problem 1, piece {i}\n");
            o.write(1, piece.as_bytes());
            want_1.extend_from_slice(piece.as_bytes());
            assert!(o.held_in_memory() <= 64);
        }
        o.write(2, b"problem 2\n");
        o.finish(2);
        o.write(0, b"problem 0\n");
        o.finish(0);
        o.finish(1);
        let mut want = b"problem 0\n".to_vec();
        want.extend_from_slice(&want_1);
        want.extend_from_slice(b"problem 2\n");
        assert_eq!(text(&o), String::from_utf8(want).unwrap());
    }
}
