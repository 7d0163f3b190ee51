//! Move lists reused from node to node: one per ply, so that a search
//! allocates nothing once the lists have grown.

use crate::moves::Move;

#[derive(Default)]
pub(crate) struct MoveBuffers(Vec<Vec<Move>>);

impl MoveBuffers {
    /// The empty list of `depth`, taken out so that the caller can recurse
    /// while it holds it; give it back with [`MoveBuffers::put_back`].
    pub(crate) fn take(&mut self, depth: usize) -> Vec<Move> {
        while self.0.len() <= depth {
            self.0.push(Vec::with_capacity(128));
        }
        let mut buf = std::mem::take(&mut self.0[depth]);
        buf.clear();
        buf
    }

    pub(crate) fn put_back(&mut self, depth: usize, buf: Vec<Move>) {
        self.0[depth] = buf;
    }
}
