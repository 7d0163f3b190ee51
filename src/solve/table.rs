//! A transposition table shared by all search threads without locks.
//!
//! Each entry is two `AtomicU64`s: the value, and the key XORed with the
//! value. A torn write (another thread storing between our two loads) makes
//! the check fail, so a probe never returns another position's value.
//!
//! A search uses a prefix of the table's memory, twice as large each time
//! it has taken stores for a quarter of it: a small problem touches a few
//! pages, not the whole table (a page fault per page took a third of the
//! time of a problem solved in a tenth of a second, and on a virtual
//! machine whose host reclaims free memory a fresh page costs more).
//! Filled further, the prefix would lose answers to collisions that the
//! whole table keeps: a long search then visits more positions. (Fourfold
//! growth at an eighth took three times the memory, `castling__038`: 72
//! MB against 23, for no fewer positions.)

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

struct Entry {
    check: AtomicU64,
    value: AtomicU64,
}

pub struct Table {
    entries: Slab,
    /// The slots in use, `entries[..=mask]`: a power of two less one.
    mask: AtomicUsize,
    /// Stores since the table was made (not only into empty slots: a
    /// reused table's slots all hold an earlier solve's entries): the
    /// prefix grows when they pass a quarter of it.
    filled: AtomicUsize,
    /// Mixed into every key: entries an earlier solve left in reused memory
    /// never match (see [`Table::new`]).
    generation: u64,
}

/// Tables of finished solves, kept for the next: touching fresh memory
/// costs a page fault per page, which on a small problem solved with a
/// large table (or a problem with twins, each solved with its own table)
/// took longer than the search.
static SPARE: std::sync::Mutex<Vec<Slab>> = std::sync::Mutex::new(Vec::new());

/// Solves so far, for the tables' generations.
static GENERATION: AtomicU64 = AtomicU64::new(1);

/// What a search asks of the table; part of the key, so that answers to
/// different questions about the same position never mix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u64)]
pub enum Question {
    /// Help play: no line of n half-moves from here.
    HelpFails = 1,
    /// Series play: no series of exactly n moves from here (per ending).
    SeriesFails = 2,
    /// Series play: no series of at most the stored number of moves.
    SeriesUpToFails = 4,
    /// Play with defence: 2 when the side to move wins (attacker) or
    /// loses (defender) within n, 1 when not.
    BattleResult = 3,
    /// Play with defence where a win within n is a win within every
    /// longer length: the bounds known of the position, as
    /// `direct::LengthBounds` encodes them (stored under n 0).
    BattleBounds = 11,
    /// Help-self play: no line of n help half-moves from here after which
    /// the other side is forced to reach the goal.
    HelpSelfFails = 5,
    /// Intro: no intro of exactly n moves from here is followed by a
    /// solution of the main play.
    IntroFails = 6,
    /// Reciprocal help play (`reci-h`): no line of n help half-moves from
    /// here to a reciprocal end.
    ReciprocalFails = 7,
    /// Help-reflex play (`hr#`): no line of n help half-moves from here.
    HelpReflexFails = 8,
    /// Help play whose other side must reach the goal where it can
    /// (`Nh[>1a[G]d]h`): no line of n help half-moves from here.
    HelpSemiReflexFails = 9,
    /// Help play ending in the other side's free goal move
    /// (`Nh[1a[G]d]h`): no line of n help half-moves from here.
    HelpAttackFails = 10,
}

const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

/// The slots a search starts with (1 MiB).
const FIRST_SLOTS: usize = 1 << 16;

impl Table {
    /// A table of at most `megabytes` MiB (a power of two number of entries;
    /// fewer when the memory is not there: a smaller table is only slower).
    /// It reuses the memory of a finished solve's table of that size when
    /// there is one, under a new generation, so that nothing stored before
    /// is found again; spare tables of other sizes are freed, so the
    /// tables alive never take more than the solves at once ask for.
    pub fn new(megabytes: usize) -> Table {
        let wanted = megabytes.max(1).saturating_mul(1 << 20) / ENTRY_BYTES;
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        let reused = {
            let mut spare = SPARE.lock().unwrap_or_else(|e| e.into_inner());
            let found = spare.iter().position(|s| s.len == count);
            let slab = found.map(|i| spare.swap_remove(i));
            if slab.is_none() {
                spare.clear();
            }
            slab
        };
        Table::on(reused.unwrap_or_else(|| Slab::zeroed_or_less(count)))
    }

    /// A table in `slab` (a power of two number of entries), under a new
    /// generation.
    fn on(slab: Slab) -> Table {
        Table {
            mask: AtomicUsize::new(slab.len.min(FIRST_SLOTS) - 1),
            filled: AtomicUsize::new(0),
            entries: slab,
            generation: GENERATION.fetch_add(1, Ordering::Relaxed),
        }
    }

    /// The size in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * ENTRY_BYTES
    }

    /// The key of an entry: the position's hash mixed with the question,
    /// its length and the search's salt. The question and the length go
    /// into the low bits before the odd multiplication, whose low bits
    /// depend only on the factors' low bits: so the answers about one
    /// position for different lengths land in different slots and do not
    /// evict each other (a position is met at many lengths in help play).
    #[inline]
    fn key(&self, hash: u64, question: Question, n: u32, salt: u64) -> u64 {
        let salt = salt ^ self.generation.wrapping_mul(0xd6e8_feb8_6659_fd93);
        let q = (u64::from(n) << 4 | question as u64) ^ salt.rotate_left(17) << 36;
        hash ^ q.wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    /// The slot of a key.
    #[inline]
    fn slot(&self, key: u64) -> &Entry {
        &self.entries[key as usize & self.mask.load(Ordering::Relaxed)]
    }

    /// The stored value, if any (values are never 0).
    #[inline]
    pub fn probe(&self, hash: u64, question: Question, n: u32, salt: u64) -> Option<u64> {
        let key = self.key(hash, question, n, salt);
        let e = self.slot(key);
        let value = e.value.load(Ordering::Relaxed);
        let check = e.check.load(Ordering::Relaxed);
        (value != 0 && check ^ value == key).then_some(value)
    }

    #[inline]
    pub fn store(&self, hash: u64, question: Question, n: u32, salt: u64, value: u64) {
        debug_assert!(value != 0);
        let key = self.key(hash, question, n, salt);
        let mask = self.mask.load(Ordering::Relaxed);
        let e = &self.entries[key as usize & mask];
        e.value.store(value, Ordering::Relaxed);
        e.check.store(key ^ value, Ordering::Relaxed);
        if mask + 1 < self.entries.len()
            && self.filled.fetch_add(1, Ordering::Relaxed) + 1 > (mask + 1) / 4
        {
            self.grow(mask);
        }
    }

    /// Widens the prefix in use from `mask` twofold (or to the whole
    /// table), moving each entry to its slot under the new mask. Another
    /// thread probing or storing meanwhile may miss an entry or overwrite
    /// one: the table only loses answers, it never gives a wrong one (the
    /// key is read back from the entry, `check ^ value`, and checked at
    /// every probe).
    #[cold]
    fn grow(&self, mask: usize) {
        let wider = ((mask + 1) * 2).min(self.entries.len()) - 1;
        if self
            .mask
            .compare_exchange(mask, wider, Ordering::Relaxed, Ordering::Relaxed)
            .is_err()
        {
            return; // another thread grew it
        }
        for (i, e) in self.entries[..=mask].iter().enumerate() {
            let value = e.value.load(Ordering::Relaxed);
            if value == 0 {
                continue;
            }
            let check = e.check.load(Ordering::Relaxed);
            // Under the wider mask an entry stays in its slot or moves past
            // the old prefix, never onto a slot not yet moved.
            let to = (check ^ value) as usize & wider;
            if to != i {
                let target = &self.entries[to];
                target.value.store(value, Ordering::Relaxed);
                target.check.store(check, Ordering::Relaxed);
            }
        }
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        let slab = std::mem::replace(&mut self.entries, Slab::none());
        SPARE.lock().unwrap_or_else(|e| e.into_inner()).push(slab);
    }
}

/// The entries, in memory the system hands out zeroed and untouched: a
/// problem that needs a few thousand entries pays for those pages only, not
/// for clearing the whole table first.
struct Slab {
    ptr: std::ptr::NonNull<Entry>,
    len: usize,
    layout: std::alloc::Layout,
}

// SAFETY: the entries are atomics, shared by reference only.
unsafe impl Send for Slab {}
unsafe impl Sync for Slab {}

impl Slab {
    /// `len` zeroed entries, or when the allocator refuses, half as many,
    /// and so on: a refused allocation must not abort the process.
    fn zeroed_or_less(len: usize) -> Slab {
        let mut len = len.max(1);
        loop {
            match Slab::zeroed(len) {
                Ok(slab) => return slab,
                Err(layout) if len == 1 => std::alloc::handle_alloc_error(layout),
                Err(_) => len /= 2,
            }
        }
    }

    fn zeroed(len: usize) -> Result<Slab, std::alloc::Layout> {
        let Ok(layout) = std::alloc::Layout::array::<Entry>(len) else {
            return Err(std::alloc::Layout::new::<Entry>());
        };
        // SAFETY: the layout has a non-zero size (len >= 1); an entry of
        // zero bytes is two atomics holding 0, a valid (empty) entry.
        let raw = unsafe { std::alloc::alloc_zeroed(layout) };
        let ptr = std::ptr::NonNull::new(raw.cast::<Entry>()).ok_or(layout)?;
        advise_huge_pages(raw, layout.size());
        Ok(Slab { ptr, len, layout })
    }

    /// No entries and no memory: what a dropped table leaves behind.
    fn none() -> Slab {
        Slab {
            ptr: std::ptr::NonNull::dangling(),
            len: 0,
            layout: std::alloc::Layout::new::<()>(),
        }
    }
}

/// Asks the system to back the table with huge pages where it may. A
/// search stores all over the table, so with small pages its first solve
/// pays a page fault for nearly every page of the prefix in use (a tenth of
/// the time of a problem of a few tenths of a second); a huge page costs one
/// fault for 512 of them. Only the huge pages wholly inside the allocation
/// are advised; where the system gives none, nothing changes.
#[cfg(target_os = "linux")]
fn advise_huge_pages(raw: *mut u8, bytes: usize) {
    const HUGE: usize = 2 << 20;
    let start = (raw as usize).next_multiple_of(HUGE);
    let end = (raw as usize + bytes) & !(HUGE - 1);
    if end > start {
        // SAFETY: the range lies inside the allocation just made; the
        // advice changes no contents (the pages stay zeroed).
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_raw: *mut u8, _bytes: usize) {}

impl std::ops::Deref for Slab {
    type Target = [Entry];
    fn deref(&self) -> &[Entry] {
        // SAFETY: `ptr` holds `len` initialised entries until drop.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Slab {
    fn drop(&mut self) {
        if self.len > 0 {
            // SAFETY: allocated in `zeroed` with this layout.
            unsafe { std::alloc::dealloc(self.ptr.as_ptr().cast(), self.layout) }
        }
    }
}

/// A search's salt with `part` of what it asks mixed in: searches that
/// ask other questions of the same positions (another second goal, other
/// parries) keep apart in the shared table.
pub(crate) fn mix_salt(salt: u64, part: impl std::hash::Hash) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (salt, part).hash(&mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_too_large_for_the_machine_shrinks_instead_of_aborting() {
        // More entries than any address space holds: the layout itself is
        // refused, then the allocator, until a size it grants.
        let slab = Slab::zeroed_or_less(1 << 60);
        assert!(slab.len.is_power_of_two() && slab.len < 1 << 60);
    }

    #[test]
    fn stores_and_finds_and_keeps_questions_apart() {
        let t = Table::new(1);
        assert!(t.bytes() <= 1 << 20);
        t.store(42, Question::HelpFails, 3, 0, 1);
        assert_eq!(t.probe(42, Question::HelpFails, 3, 0), Some(1));
        assert_eq!(t.probe(42, Question::HelpFails, 5, 0), None);
        assert_eq!(t.probe(42, Question::SeriesFails, 3, 0), None);
        assert_eq!(t.probe(43, Question::HelpFails, 3, 0), None);
    }

    #[test]
    fn one_position_at_many_lengths_takes_many_slots() {
        // Help play meets a position at many lengths; the answers for
        // different lengths and questions must not share a slot.
        let t = Table::new(1);
        let salt = 0x1234_5678_9abc_def0;
        let questions = [
            Question::HelpFails,
            Question::SeriesFails,
            Question::IntroFails,
        ];
        let mut slots = std::collections::HashSet::new();
        for q in questions {
            for n in 1..=30 {
                slots.insert(t.key(7, q, n, salt) as usize & t.mask.load(Ordering::Relaxed));
                t.store(7, q, n, salt, u64::from(n));
            }
        }
        assert_eq!(slots.len(), 90);
        for q in questions {
            for n in 1..=30 {
                assert_eq!(t.probe(7, q, n, salt), Some(u64::from(n)));
            }
        }
    }

    #[test]
    fn a_reused_table_finds_nothing_of_the_solve_before() {
        let mut first = Table::new(1);
        first.store(42, Question::HelpFails, 3, 9, 1);
        assert_eq!(first.probe(42, Question::HelpFails, 3, 9), Some(1));
        let second = Table::on(std::mem::replace(&mut first.entries, Slab::none()));
        assert_eq!(second.probe(42, Question::HelpFails, 3, 9), None);
        second.store(42, Question::HelpFails, 3, 9, 5);
        assert_eq!(second.probe(42, Question::HelpFails, 3, 9), Some(5));
    }

    #[test]
    fn the_prefix_in_use_grows_as_it_fills_and_keeps_what_it_holds() {
        let t = Table::new(64);
        let first = t.mask.load(Ordering::Relaxed) + 1;
        assert_eq!(first, FIRST_SLOTS);
        let stored = 3 * first;
        for h in 0..stored as u64 {
            let hash = h.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            t.store(hash, Question::HelpFails, 1, 0, h + 1);
        }
        let now = t.mask.load(Ordering::Relaxed) + 1;
        assert!(now > first && now <= t.entries.len(), "{now}");
        // Most answers survive the moves (a slot shared by two keys keeps
        // the later one), and none comes back for another position.
        let found = (0..stored as u64)
            .filter(|&h| {
                let hash = h.wrapping_mul(0x9e37_79b9_7f4a_7c15);
                let got = t.probe(hash, Question::HelpFails, 1, 0);
                assert!(got.is_none() || got == Some(h + 1));
                got.is_some()
            })
            .count();
        assert!(found > stored / 2, "{found} of {stored}");
    }

    #[test]
    fn a_reused_table_grows_too() {
        // A reused table's slots all hold the solve before's entries: the
        // prefix must grow all the same.
        let mut first = Table::new(64);
        for h in 0..FIRST_SLOTS as u64 {
            first.store(
                h.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                Question::HelpFails,
                1,
                0,
                1,
            );
        }
        let second = Table::on(std::mem::replace(&mut first.entries, Slab::none()));
        for h in 0..FIRST_SLOTS as u64 {
            second.store(
                h.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                Question::HelpFails,
                1,
                0,
                1,
            );
        }
        assert!(second.mask.load(Ordering::Relaxed) + 1 > FIRST_SLOTS);
    }
}
