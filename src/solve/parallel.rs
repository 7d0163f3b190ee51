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

use super::play::{Event, Sink};
use crate::moves::Move;
use std::sync::Mutex;

/// Where a worker reports: straight to the sink (the worker that holds the
/// head of the output), or into a buffer passed on later.
pub(crate) enum Out<'s> {
    Sink(&'s mut (dyn Sink + 's)),
    Buffer(Vec<Event>),
}

impl Out<'_> {
    #[inline]
    pub(crate) fn push(&mut self, event: Event) {
        match self {
            Out::Sink(sink) => sink.event(event),
            Out::Buffer(events) => events.push(event),
        }
    }

    /// What this output holds back (nothing when it writes straight on).
    pub(crate) fn take_buffer(&mut self) -> Vec<Event> {
        match self {
            Out::Sink(_) => Vec::new(),
            Out::Buffer(events) => std::mem::take(events),
        }
    }
}

/// A search that can work on several threads.
pub(crate) trait Worker<'s>: Send + Sized {
    /// What a new worker for another thread is made from.
    type Recipe: Sync;
    fn recipe(&self) -> Self::Recipe;
    /// A worker for another thread, reporting into a buffer.
    fn fork(recipe: &Self::Recipe) -> Self;
    fn out(&mut self) -> &mut Out<'s>;
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
        for &mv in moves {
            found |= f(worker, mv);
        }
        return found;
    }
    let (first, second) = moves.split_at(moves.len() / 2);
    let recipe = worker.recipe();
    let (found, stolen) = {
        // The worker goes to the first half, then (when nobody stole it)
        // to the second half, which runs after the first on this thread.
        let handover: Mutex<Option<&mut W>> = Mutex::new(None);
        let (found_first, (found_second, stolen)) = rayon::join_context(
            |_| {
                let found = each_move(worker, first, parallel, f);
                *handover.lock().expect("handover") = Some(worker);
                found
            },
            |ctx| {
                if ctx.migrated() {
                    let mut own = W::fork(&recipe);
                    let found = each_move(&mut own, second, parallel, f);
                    (found, Some(own.out().take_buffer()))
                } else {
                    let worker = handover
                        .lock()
                        .expect("handover")
                        .take()
                        .expect("the first half ran first on this thread");
                    (each_move(worker, second, parallel, f), None)
                }
            },
        );
        (found_first || found_second, stolen)
    };
    if let Some(events) = stolen {
        let out = worker.out();
        for e in events {
            out.push(e);
        }
    }
    found
}
