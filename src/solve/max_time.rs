//! `maxtime n`: a play stops after n seconds, keeping what it found, as
//! Popeye's does ("solving interrupted.").

use super::Cancel;
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::time::Duration;

/// A watcher that stops one play when its time runs out.
pub(super) struct MaxTime {
    done: mpsc::Sender<()>,
    watcher: std::thread::JoinHandle<bool>,
}

impl MaxTime {
    /// Starts the watch of `cancel`'s play: after `seconds` it stops it as
    /// `maxsolutions` does (no error).
    pub(super) fn start(seconds: u32, cancel: &Cancel) -> MaxTime {
        let (done, finished) = mpsc::channel::<()>();
        let enough = std::sync::Arc::clone(&cancel.enough);
        let watcher = std::thread::spawn(move || {
            let timed_out = matches!(
                finished.recv_timeout(Duration::from_secs(u64::from(seconds))),
                Err(mpsc::RecvTimeoutError::Timeout)
            );
            if timed_out {
                enough.store(true, Ordering::Relaxed);
            }
            timed_out
        });
        MaxTime { done, watcher }
    }

    /// Ends the watch once the play is over: whether the time ran out.
    pub(super) fn finish(self) -> bool {
        let _ = self.done.send(());
        self.watcher.join().unwrap_or(false)
    }
}
