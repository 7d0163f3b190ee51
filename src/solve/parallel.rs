//! Sharing a node's moves out among threads, with what they find reported
//! in the moves' order whatever the threads.
//!
//! The moves are halved recursively with `rayon::join`: the first half runs
//! on this thread with this worker, which reports straight on; the second
//! half, when no other thread takes it, runs after it here just the same.
//! Only when another thread steals the second half does that half get a
//! worker of its own, whose reports wait in a buffer until the first half
//! is done and are then passed on in their place. A lone thread never
//! buffers, so a search on one thread reports each solution as it finds it
//! and keeps none.
//!
//! A stolen half's buffer is bounded ([`super::held_bytes`]): when it would
//! grow past the cap, its worker gives the half back. It stops (its
//! [`super::Cancel`] says so at every node), keeps only what its moves
//! searched to the end reported, and the worker that owns the first half,
//! once the first is done, passes that on and searches the rest of the
//! second itself, reporting on in turn. No thread ever waits for its turn to
//! report: with work stealing, a thread waiting in a join may be running a
//! stolen job on top of an earlier part of the output, which could then
//! never come.

use super::play::{Event, Sink};
use super::Cancel;
use crate::moves::Move;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// Stolen halves given back since the program started.
static GIVEN_BACK: AtomicU64 = AtomicU64::new(0);

/// How many stolen halves of a node's moves were given back (their output
/// outgrew the cap) since the program started: what bounded buffering
/// cost in searches done twice.
pub fn halves_given_back() -> u64 {
    GIVEN_BACK.load(Ordering::Relaxed)
}

/// Where a worker reports: straight to the sink (the worker that holds the
/// head of the output), into a buffer a node reorders, or into the bounded
/// buffer of a stolen half.
pub(crate) enum Out<'s> {
    Sink(&'s mut (dyn Sink + 's)),
    Buffer(Vec<Event>),
    Held(Held),
}

/// What the worker on a stolen half has found, held until the half before
/// it is done, up to a cap in bytes.
pub(crate) struct Held {
    events: Vec<Event>,
    bytes: usize,
    cap: usize,
    /// First moves done (at the top of a search), counted for the progress
    /// bar when the half is passed on.
    root_moves: u32,
    /// The worker's flags: raised when the half is given back.
    cancel: Cancel,
    given_back: bool,
    /// Where the half's moves lie in memory: tells them from the moves of
    /// the nodes below.
    half: std::ops::Range<usize>,
    /// How far the half is searched: what is kept when it is given back.
    done: Done,
}

/// The first moves of a stolen half searched to the end, with what they
/// reported and found.
#[derive(Clone, Copy, Default)]
struct Done {
    moves: usize,
    events: usize,
    root_moves: u32,
    found: bool,
}

impl Held {
    /// The output of a stolen half of `half`'s moves, holding at most `cap`
    /// bytes, giving the half back through `cancel`.
    pub(crate) fn new(cap: usize, cancel: Cancel, half: &[Move]) -> Held {
        let start = half.as_ptr() as usize;
        Held {
            events: Vec::new(),
            bytes: 0,
            cap,
            root_moves: 0,
            cancel,
            given_back: false,
            half: start..start + std::mem::size_of_val(half),
            done: Done::default(),
        }
    }

    fn push(&mut self, event: Event) {
        if self.given_back {
            return;
        }
        self.bytes += event.held_bytes();
        if self.bytes > self.cap {
            // Only the moves searched to the end are kept (at most the
            // cap); the rest of the half goes back.
            self.given_back = true;
            self.events.truncate(self.done.events);
            self.cancel.give_back();
            GIVEN_BACK.fetch_add(1, Ordering::Relaxed);
            return;
        }
        self.events.push(event);
    }

    /// `mv`'s search is over (and found something when `found`): when it
    /// is one of the half's moves, the half is done up to it.
    fn move_done(&mut self, mv: &Move, found: bool) {
        let at = mv as *const Move as usize;
        if self.given_back || !self.half.contains(&at) {
            return;
        }
        self.done = Done {
            moves: (at - self.half.start) / std::mem::size_of::<Move>() + 1,
            events: self.events.len(),
            root_moves: self.root_moves,
            found: found || self.done.found,
        };
    }

    /// How the half went, `found` telling whether it found anything when
    /// searched to the end.
    fn finish(self, found: bool) -> SecondHalf {
        if self.given_back {
            SecondHalf::GivenBack {
                events: self.events,
                root_moves: self.done.root_moves,
                found: self.done.found,
                done: self.done.moves,
            }
        } else {
            SecondHalf::Held(found, self.events, self.root_moves)
        }
    }
}

impl Out<'_> {
    #[inline]
    pub(crate) fn push(&mut self, event: Event) {
        match self {
            Out::Sink(sink) => sink.event(event),
            Out::Buffer(events) => events.push(event),
            Out::Held(held) => held.push(event),
        }
    }

    /// What this output holds back (nothing when it writes straight on).
    pub(crate) fn take_buffer(&mut self) -> Vec<Event> {
        match self {
            Out::Sink(_) => Vec::new(),
            Out::Buffer(events) => std::mem::take(events),
            Out::Held(held) => std::mem::take(&mut held.events),
        }
    }

    /// `mv`, one of the moves of a node, is searched to the end.
    #[inline]
    fn move_done(&mut self, mv: &Move, found: bool) {
        if let Out::Held(held) = self {
            held.move_done(mv, found);
        }
    }

    /// `n` first moves are done: counted now, or with the held output when
    /// it is passed on (a half given back is searched and counted again).
    pub(crate) fn root_moves_done(&mut self, n: u32, cancel: &Cancel) {
        match self {
            Out::Held(held) => held.root_moves += n,
            _ => cancel.root_moves_done(n),
        }
    }
}

/// A search that can work on several threads.
pub(crate) trait Worker<'s>: Send + Sized {
    /// What a new worker for another thread is made from.
    type Recipe: Sync;
    fn recipe(&self) -> Self::Recipe;
    /// A worker for another thread, stopping with `cancel`, reporting to
    /// `out`.
    fn fork(recipe: &Self::Recipe, cancel: Cancel, out: Out<'s>) -> Self;
    fn out(&mut self) -> &mut Out<'s>;
    fn cancel(&self) -> &Cancel;
}

/// How the second half of a node's moves went.
enum SecondHalf {
    /// Searched after the first by the same worker.
    Followed(bool),
    /// Stolen and searched by a worker of its own: whether it found
    /// anything, what it held, the first moves it did.
    Held(bool, Vec<Event>, u32),
    /// Stolen, and given back when its output outgrew the cap: what its
    /// first `done` moves, searched to the end, reported and found.
    GivenBack {
        events: Vec<Event>,
        root_moves: u32,
        found: bool,
        done: usize,
    },
}

/// Calls `f` for each of `moves`, in order on one thread, or shared out
/// among threads when `parallel`; what `f` reports comes out in the order
/// of `moves` either way. Returns whether any call returned true.
pub(crate) fn each_move<'s, W, F>(worker: &mut W, moves: &[Move], parallel: bool, f: &F) -> bool
where
    W: Worker<'s>,
    F: Fn(&mut W, Move) -> bool + Sync,
{
    if !parallel || moves.len() < 2 {
        let mut found = false;
        for mv in moves {
            let found_here = f(worker, *mv);
            worker.out().move_done(mv, found_here);
            found |= found_here;
        }
        return found;
    }
    let (first, second) = moves.split_at(moves.len() / 2);
    let recipe = worker.recipe();
    let cancel = worker.cancel().clone();
    let (found_first, second_half) = {
        // The worker goes to the first half, then (when nobody stole it)
        // to the second half, which runs after the first on this thread.
        let handover: Mutex<Option<&mut W>> = Mutex::new(None);
        rayon::join_context(
            |_| {
                let found = each_move(worker, first, parallel, f);
                *handover.lock().expect("handover") = Some(worker);
                found
            },
            |ctx| {
                if ctx.migrated() {
                    let own_cancel = cancel.for_stolen_half();
                    let held = Held::new(super::held_bytes(), own_cancel.clone(), second);
                    let mut own = W::fork(&recipe, own_cancel, Out::Held(held));
                    let found = each_move(&mut own, second, parallel, f);
                    match std::mem::replace(own.out(), Out::Buffer(Vec::new())) {
                        Out::Held(held) => held.finish(found),
                        _ => unreachable!("a stolen half reports into its held output"),
                    }
                } else {
                    let worker = handover
                        .lock()
                        .expect("handover")
                        .take()
                        .expect("the first half ran first on this thread");
                    SecondHalf::Followed(each_move(worker, second, parallel, f))
                }
            },
        )
    };
    let found_second = match second_half {
        SecondHalf::Followed(found) => found,
        SecondHalf::Held(found, events, root_moves) => {
            pass_on(worker.out(), events, root_moves, &cancel);
            if let Some(last) = second.last() {
                worker.out().move_done(last, found);
            }
            found
        }
        // The first half is done: the second's turn has come. What the
        // thief searched to the end is passed on, and this worker searches
        // the rest (unless it was stopped itself meanwhile).
        SecondHalf::GivenBack {
            events,
            root_moves,
            found,
            done,
        } => {
            pass_on(worker.out(), events, root_moves, &cancel);
            if let Some(last) = done.checked_sub(1).map(|i| &second[i]) {
                worker.out().move_done(last, found);
            }
            let rest = &second[done..];
            let found_rest = !cancel.should_stop() && each_move(worker, rest, parallel, f);
            found || found_rest
        }
    };
    found_first || found_second
}

/// Passes on what a stolen half held, in its place. Not after a time-out
/// or Ctrl-C: the half before it was cut short, so what the stolen half
/// found would come after a gap (and writing a full buffer out would keep
/// the user waiting past the deadline).
fn pass_on(out: &mut Out, events: Vec<Event>, root_moves: u32, cancel: &Cancel) {
    if cancel.is_cancelled() {
        return;
    }
    for e in events {
        out.push(e);
    }
    out.root_moves_done(root_moves, cancel);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_held_is_passed_on_after_a_time_out() {
        let cancel = Cancel::default();
        let mut out = Out::Buffer(Vec::new());
        pass_on(&mut out, vec![Event::End, Event::End], 0, &cancel);
        assert_eq!(out.take_buffer().len(), 2);
        cancel.cancel();
        pass_on(&mut out, vec![Event::End, Event::End], 0, &cancel);
        assert!(out.take_buffer().is_empty());
    }

    fn end_events(out: &mut Out, n: usize) {
        for _ in 0..n {
            out.push(Event::End);
        }
    }

    #[test]
    fn a_held_output_past_its_cap_gives_its_half_back() {
        let owner = Cancel::default();
        let cancel = owner.for_stolen_half();
        let cap = 3 * Event::End.held_bytes();
        let mut out = Out::Held(Held::new(cap, cancel.clone(), &[]));
        end_events(&mut out, 3);
        assert!(!cancel.should_stop());
        assert_eq!(out.take_buffer().len(), 3);
        end_events(&mut out, 4);
        // The fourth event would pass the cap: the half is given back, what
        // it held is dropped, and nothing more is kept.
        assert!(cancel.should_stop());
        assert!(!owner.should_stop(), "the owner goes on");
        end_events(&mut out, 1);
        assert!(out.take_buffer().is_empty());
    }

    #[test]
    fn a_half_given_back_keeps_the_moves_searched_to_the_end() {
        let pos = crate::board::Position::from_piece_list("wka1 bkh8").unwrap();
        let mut moves = Vec::new();
        crate::movegen::legal_moves(&pos, &crate::rules::Rules::orthodox(), &mut moves);
        assert_eq!(moves.len(), 3);
        let cancel = Cancel::default().for_stolen_half();
        let cap = 3 * Event::End.held_bytes();
        let mut held = Held::new(cap, cancel.clone(), &moves);
        // The first move reports two events and is done; a move of a node
        // below does not count; the second move passes the cap.
        held.push(Event::End);
        held.push(Event::End);
        held.move_done(&moves[0], true);
        let below = moves.clone();
        held.move_done(&below[1], false);
        held.push(Event::End);
        held.push(Event::End);
        held.move_done(&moves[1], false);
        assert!(cancel.should_stop());
        match held.finish(true) {
            SecondHalf::GivenBack {
                events,
                found,
                done,
                ..
            } => {
                assert_eq!((events.len(), found, done), (2, true, 1));
            }
            _ => panic!("the half was given back"),
        }
    }

    #[test]
    fn a_half_inside_a_half_given_back_stops_too() {
        let outer = Cancel::default().for_stolen_half();
        let inner = outer.for_stolen_half();
        inner.give_back();
        assert!(inner.should_stop() && !outer.should_stop());
        let other = outer.for_stolen_half();
        assert!(!other.should_stop());
        outer.give_back();
        assert!(other.should_stop());
    }

    #[test]
    fn first_moves_of_a_held_half_count_when_it_is_passed_on() {
        let cancel = Cancel::default();
        let mut held = Out::Held(Held::new(1 << 20, cancel.for_stolen_half(), &[]));
        held.root_moves_done(2, &cancel);
        assert_eq!(cancel.progress().done.load(Ordering::Relaxed), 0);
        let mut sink = Out::Buffer(Vec::new());
        sink.root_moves_done(1, &cancel);
        assert_eq!(cancel.progress().done.load(Ordering::Relaxed), 1);
    }
}
