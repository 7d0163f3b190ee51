//! The progress bar on stderr, when it is a terminal: problems done out of
//! all, or for a lone problem the first moves done at the current length.

use circe::batch::{Monitor, SearchProgress};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

pub struct Bar {
    bar: ProgressBar,
    single: bool,
}

impl Bar {
    /// A bar for `total` problems; hidden when `show` is false or stderr is
    /// not a terminal.
    pub fn new(total: usize, show: bool) -> Bar {
        let single = total == 1;
        let bar = if show && std::io::stderr().is_terminal() {
            let bar =
                ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
            let template = if single {
                "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} first moves {msg}"
            } else {
                "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} {msg}"
            };
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style);
            }
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        } else {
            ProgressBar::hidden()
        };
        Bar { bar, single }
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Monitor for Bar {
    fn progress(&self, finished: usize, _total: usize, search: Option<SearchProgress>) {
        match search {
            Some(p) if self.single => {
                self.bar.set_length(u64::from(p.total));
                self.bar.set_position(u64::from(p.done));
                self.bar.set_message(format!("(length {})", p.length));
            }
            _ if !self.single => self.bar.set_position(finished as u64),
            _ => {}
        }
    }

    fn suspend(&self, write: &mut dyn FnMut()) {
        self.bar.suspend(write)
    }
}
