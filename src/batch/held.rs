//! Output held back until it may be written: in memory while the batch's
//! budget lasts, beyond it in one temporary file. A batch waiting on a slow
//! problem, or a JSON record of a million moves waiting for its problem to
//! end, so takes bounded memory.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::PathBuf;

/// One problem's held text, in the order it was written.
#[derive(Default)]
pub struct Held {
    chunks: Vec<Chunk>,
}

enum Chunk {
    Memory(Vec<u8>),
    /// A stretch of the spill file.
    Spilled {
        offset: u64,
        len: u64,
    },
}

/// Where held text goes: memory up to `budget` bytes in all, then the spill
/// file.
pub struct Store {
    budget: usize,
    in_memory: usize,
    spill: Option<Spill>,
    /// The spill file could not be made: everything stays in memory.
    spill_failed: bool,
}

/// The temporary file. On Unix its name is removed as soon as it is open,
/// so even a killed batch leaves nothing behind; elsewhere it is removed
/// when the store is dropped.
struct Spill {
    file: File,
    path: Option<PathBuf>,
    end: u64,
}

impl Drop for Spill {
    fn drop(&mut self) {
        if let Some(path) = &self.path {
            let _ = std::fs::remove_file(path);
        }
    }
}

impl Spill {
    fn create() -> io::Result<Spill> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static MADE: AtomicUsize = AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!(
            "circe-{}-{}.held",
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed)
        ));
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)?;
        let path = std::fs::remove_file(&path).is_err().then_some(path);
        Ok(Spill { file, path, end: 0 })
    }
}

/// Bytes read back from the spill file at a time.
const BLOCK: usize = 64 * 1024;

impl Store {
    /// A store that keeps up to `budget` bytes in memory.
    pub fn new(budget: usize) -> Store {
        Store {
            budget,
            in_memory: 0,
            spill: None,
            spill_failed: false,
        }
    }

    /// Bytes held in memory now.
    pub fn in_memory(&self) -> usize {
        self.in_memory
    }

    /// Adds `text` to what `held` holds.
    pub fn hold(&mut self, held: &mut Held, text: &[u8]) {
        if text.is_empty() {
            return;
        }
        if self.in_memory + text.len() > self.budget && self.spill_to_file(held, text).is_ok() {
            return;
        }
        self.in_memory += text.len();
        if let Some(Chunk::Memory(v)) = held.chunks.last_mut() {
            v.extend_from_slice(text);
        } else {
            held.chunks.push(Chunk::Memory(text.to_vec()));
        }
    }

    fn spill_to_file(&mut self, held: &mut Held, text: &[u8]) -> io::Result<()> {
        if self.spill.is_none() {
            if self.spill_failed {
                return Err(io::Error::other("no spill file"));
            }
            match Spill::create() {
                Ok(s) => self.spill = Some(s),
                Err(e) => {
                    self.spill_failed = true;
                    return Err(e);
                }
            }
        }
        let spill = self.spill.as_mut().expect("just made");
        spill.file.seek(SeekFrom::Start(spill.end))?;
        spill.file.write_all(text)?;
        let offset = spill.end;
        spill.end += text.len() as u64;
        match held.chunks.last_mut() {
            Some(Chunk::Spilled { offset: o, len }) if *o + *len == offset => {
                *len += text.len() as u64
            }
            _ => held.chunks.push(Chunk::Spilled {
                offset,
                len: text.len() as u64,
            }),
        }
        Ok(())
    }

    /// Hands what `held` holds to `out`, in order, and frees it.
    pub fn release(&mut self, held: Held, out: &mut dyn FnMut(&[u8])) -> io::Result<()> {
        let mut result = Ok(());
        for chunk in held.chunks {
            match chunk {
                Chunk::Memory(v) => {
                    self.in_memory -= v.len();
                    if result.is_ok() {
                        out(&v);
                    }
                }
                Chunk::Spilled { offset, len } => {
                    if result.is_ok() {
                        result = self.read_back(offset, len, out);
                    }
                }
            }
        }
        result
    }

    /// Frees what `held` holds without writing it.
    pub fn discard(&mut self, held: Held) {
        for chunk in held.chunks {
            if let Chunk::Memory(v) = chunk {
                self.in_memory -= v.len();
            }
        }
    }

    fn read_back(&mut self, offset: u64, len: u64, out: &mut dyn FnMut(&[u8])) -> io::Result<()> {
        let spill = self.spill.as_mut().expect("spilled text has a file");
        spill.file.seek(SeekFrom::Start(offset))?;
        let mut left = len;
        let mut block = vec![0u8; BLOCK];
        while left > 0 {
            let n = left.min(BLOCK as u64) as usize;
            spill.file.read_exact(&mut block[..n])?;
            out(&block[..n]);
            left -= n as u64;
        }
        Ok(())
    }

    /// Nothing is held any more: the spill file starts again from empty.
    pub fn all_released(&mut self) {
        if let Some(spill) = &mut self.spill {
            if spill.end > 0 && spill.file.set_len(0).is_ok() {
                spill.end = 0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn released(store: &mut Store, held: Held) -> Vec<u8> {
        let mut out = Vec::new();
        store
            .release(held, &mut |b| out.extend_from_slice(b))
            .unwrap();
        out
    }

    #[test]
    fn text_over_the_budget_goes_to_the_file_and_comes_back_in_order() {
        let mut store = Store::new(10);
        let mut a = Held::default();
        let mut b = Held::default();
        store.hold(&mut a, b"0123456");
        store.hold(&mut b, b"abcdef");
        store.hold(&mut a, b"789");
        let long: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
        store.hold(&mut b, &long);
        store.hold(&mut a, b"!");
        assert!(
            store.in_memory() <= 10,
            "{} bytes in memory",
            store.in_memory()
        );
        let mut want_b = b"abcdef".to_vec();
        want_b.extend_from_slice(&long);
        assert_eq!(released(&mut store, b), want_b);
        assert_eq!(released(&mut store, a), b"0123456789!");
        assert_eq!(store.in_memory(), 0);
        store.all_released();
        let mut c = Held::default();
        store.hold(&mut c, &long);
        assert_eq!(
            released(&mut store, c),
            long,
            "the file is reused from its start"
        );
    }

    #[test]
    fn discarded_text_frees_its_memory() {
        let mut store = Store::new(100);
        let mut a = Held::default();
        store.hold(&mut a, b"abc");
        assert_eq!(store.in_memory(), 3);
        store.discard(a);
        assert_eq!(store.in_memory(), 0);
    }
}
