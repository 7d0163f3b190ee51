//! `circe`: the command-line solver. Everything that prints, every exit
//! status and the handling of Ctrl-C live here and in `cli/`; the library
//! returns results.

// Printing that never panics: `println!` and `eprintln!` panic when the
// reader has gone (`circe solve DIR 2>&1 | head`), and a closed pipe must
// not kill a batch. What cannot be written is dropped.
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let mut o = std::io::stdout();
        let _ = write!(o, $($t)*).and_then(|_| o.flush());
    }};
}
macro_rules! errln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($t)*);
    }};
}
macro_rules! err {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr(), $($t)*);
    }};
}

mod cli;

use clap::{CommandFactory, Parser};
use cli::{Cli, Command};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            errln!("circe: error: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// The stack of each search thread.
const SEARCH_STACK: usize = 64 << 20;

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    // The search recurses once per half-move on whichever thread takes
    // the work: a series of some hundred moves (ser-h#277) needs more
    // than a worker thread's default stack.
    let pool = rayon::ThreadPoolBuilder::new().stack_size(SEARCH_STACK);
    let pool = match cli.threads {
        Some(n) => pool.num_threads(n.max(1)),
        None => pool,
    };
    pool.build_global()
        .map_err(|e| anyhow::anyhow!("the search threads: {e}"))?;
    let threads = rayon::current_num_threads();
    circe::solve::set_hash_mb(cli.hash);
    match cli.command {
        Command::Solve(args) => cli::solve::run(&args, stop_on_ctrl_c()),
        Command::Check(args) => cli::check::run(&args, stop_on_ctrl_c()),
        Command::Audit(args) => cli::audit::run(&args, stop_on_ctrl_c()),
        Command::Convert(args) => Ok(cli::convert::run(&args)),
        Command::Legal(args) => cli::legal::run(&args.files),
        Command::Completions { shell } => {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "circe", &mut out);
            out!("{}", String::from_utf8_lossy(&out));
            Ok(ExitCode::SUCCESS)
        }
        Command::Manpage => {
            let mut out = Vec::new();
            clap_mangen::Man::new(Cli::command())
                .render(&mut out)
                .map_err(|e| anyhow::anyhow!("the manual page: {e}"))?;
            out!("{}", String::from_utf8_lossy(&out));
            Ok(ExitCode::SUCCESS)
        }
        Command::Merge(args) => cli::merge::merge(&args),
        Command::Report(args) => cli::merge::report(&args),
        Command::Bench(args) => {
            let rows = circe::bench::measure(&args.files);
            out!(
                "{}",
                circe::bench::table(&rows, threads, circe::solve::hash_mb())
            );
            // As `solve`: a problem that could not be read or solved is 2.
            let failed = rows.iter().filter(|r| r.error.is_some()).count();
            if failed > 0 {
                errln!("circe: {failed} problem(s) could not be read or solved");
                return Ok(ExitCode::from(2));
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The flag Ctrl-C raises: the batch stops cleanly (problems being solved
/// are cancelled, no new one starts, what was solved is written with a
/// partial summary). A second Ctrl-C ends the process at once.
fn stop_on_ctrl_c() -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let installed = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::Relaxed) {
            std::process::exit(130);
        }
    });
    if let Err(e) = installed {
        // Solving still works; only a clean stop on Ctrl-C is lost.
        errln!("circe: warning: Ctrl-C will not stop cleanly: {e}");
    }
    stop
}
