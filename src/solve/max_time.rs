//! `maxtime n`: a play stops after n seconds, keeping what it found, as
//! Popeye's does ("solving interrupted.").

use super::Cancel;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

/// A watcher that stops one play when its time runs out.
pub(super) struct MaxTime {
    done: mpsc::Sender<()>,
    watcher: std::thread::JoinHandle<()>,
    ran_out: Arc<AtomicBool>,
}

impl MaxTime {
    /// Starts the watch of `cancel`'s play: after `seconds` it stops it as
    /// `maxsolutions` does (no error).
    pub(super) fn start(seconds: u32, cancel: &Cancel) -> MaxTime {
        let (done, finished) = mpsc::channel::<()>();
        let enough = Arc::clone(&cancel.enough);
        let ran_out = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&ran_out);
        let watcher = std::thread::spawn(move || {
            if let Err(mpsc::RecvTimeoutError::Timeout) =
                finished.recv_timeout(Duration::from_secs(u64::from(seconds)))
            {
                flag.store(true, Ordering::Relaxed);
                enough.store(true, Ordering::Relaxed);
            }
        });
        MaxTime {
            done,
            watcher,
            ran_out,
        }
    }

    /// Whether the time ran out.
    pub(super) fn ran_out(&self) -> bool {
        self.ran_out.load(Ordering::Relaxed)
    }

    /// Ends the watch once the play is over: whether the time ran out.
    pub(super) fn finish(self) -> bool {
        let _ = self.done.send(());
        let _ = self.watcher.join();
        self.ran_out.load(Ordering::Relaxed)
    }
}
