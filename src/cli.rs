//! The command line: arguments, and what each command does.

pub mod audit;
pub mod check;
pub mod convert;
pub mod inputs;
pub mod legal;
pub mod memory;
pub mod merge;
pub mod progress;
pub mod solve;

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "circe",
    version,
    about = "A fairy-chess problem solver for the Circe family, in agreement with Popeye",
    long_about = "A fairy-chess problem solver for the Circe family: Circe and Anticirce \
                  in all their forms, MarsCirce, PhantomChess, ImmunChess, GenevaChess, \
                  Alsatian Circe, with Popeye's fairy pieces and some forty fairy \
                  conditions. Its solutions agree with Popeye's, and `--format popeye` \
                  prints them as Popeye does.\n\nReads problems in circe's TOML format, in \
                  Popeye's input language (English, German, French) and YACPDB's YAML: \
                  from files, folders, standard input (`-`) or the command \
                  line (`circe solve --fen`).",
    after_help = "`circe help COMMAND` tells more of each command; `circe manpage` writes \
                  the manual page, `circe completions SHELL` the shell's completions."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Threads for the search (default: one per core).
    #[arg(long, global = true, value_name = "N")]
    pub threads: Option<usize>,
    /// Memory for the transposition tables in MiB; problems solved at once
    /// share it. More than the machine has is refused.
    #[arg(long, global = true, value_name = "MB", default_value_t = circe::solve::DEFAULT_HASH_MB, value_parser = memory::hash_size)]
    pub hash: usize,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve problems and print their solutions.
    Solve(SolveArgs),
    /// Solve problems and compare with their recorded solutions.
    Check(CheckArgs),
    /// Is each problem sound? Solves it and gives a verdict in words:
    /// sound, cooked (the extra keys or solutions), no solution, short
    /// solution, duals, incomplete; then a tester's table of counts. Exit
    /// 0 when all are sound, 1 when some is not, 2 on bad input.
    Audit(AuditArgs),
    /// Time the solver: per problem the time, positions searched, speed,
    /// and agreement with a recorded Popeye output; then the totals.
    Bench(BenchArgs),
    /// Convert problems (Popeye's input, files or folders) to circe's TOML
    /// format.
    Convert(ConvertArgs),
    /// Test whether each diagram passes the orthodox legality test that
    /// Alsatian Circe applies; exit 0 when all pass, 1 when one fails, 2 on
    /// bad input.
    Legal(LegalArgs),
    /// Put the JSON Lines of the shards of a batch (`solve --shard`) or the
    /// parts of a problem (`solve --first-moves`) back together, in the
    /// batch's order, each problem once (its newest complete record); exit
    /// 2 naming the problems no file holds.
    Merge(MergeArgs),
    /// Summarise JSON Lines of `solve` or `check`: counts by status and
    /// verdict, the slowest problems, every error and disagreement, the
    /// total time and positions searched.
    Report(ReportArgs),
    /// Print the completions of a shell.
    ///
    /// For bash: `circe completions bash >
    /// ~/.local/share/bash-completion/completions/circe`; for zsh, a file
    /// `_circe` in a folder of `$fpath`; for fish,
    /// `~/.config/fish/completions/circe.fish`.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page.
    ///
    /// In roff: `circe manpage > circe.1; man ./circe.1`, or put it in a
    /// `man1` folder of `manpath`.
    Manpage,
}

#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// JSON Lines files, oldest first (a problem recorded twice keeps the
    /// later record).
    #[arg(required = true, value_name = "OUT.jsonl")]
    pub files: Vec<PathBuf>,
    /// Output format: JSON Lines (the records), or, for parts of
    /// `--first-moves`, the text or Popeye's output of the whole run.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    pub format: Format,
    /// The problem files or folders of the batch, as given to `solve`: to
    /// name a missing problem by its file (without them it is named by its
    /// position and neighbours).
    #[arg(long, value_name = "DIR")]
    pub problems: Vec<PathBuf>,
    /// Write to this file (through a temporary file beside it, renamed
    /// when complete) instead of stdout; a file that holds anything but
    /// circe's JSON Lines is not replaced.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
pub struct ReportArgs {
    /// JSON Lines files of `circe solve --format json`, `circe merge` or
    /// `circe check --format json`.
    #[arg(required = true, value_name = "FILE.jsonl")]
    pub files: Vec<PathBuf>,
    /// How many of the slowest problems to list.
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub slowest: usize,
}

/// What the paths of a command may be.
const PATHS_HELP: &str = "Problem files or folders. A file's format is told by its name: \
    `.toml` circe's, `.yaml`/`.yml`/`.olv` YACPDB's, any other Popeye's input. Folders are \
    walked for `.toml`, `.inp`, `.pop`, `.yaml`, `.yml` and `.olv` files (hidden ones left out); \
    a folder with none is an error.";

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Problem files or folders; exit 2 when one cannot be read or solved.
    #[arg(required = true, long_help = PATHS_HELP)]
    pub files: Vec<PathBuf>,
}

#[derive(clap::Args, Debug)]
pub struct LegalArgs {
    /// Problem files or folders, or `-`: one problem from standard input.
    #[arg(required = true, long_help = PATHS_STDIN_HELP)]
    pub files: Vec<PathBuf>,
}

/// [`PATHS_HELP`] and `-`.
const PATHS_STDIN_HELP: &str = "Problem files or folders, or `-`: one problem read from \
    standard input, in the format its text shows (TOML, Popeye's input, YACPDB). A file's \
    format is told by its name: `.toml` circe's, `.yaml`/`.yml`/`.olv` YACPDB's, any other \
    Popeye's input. Folders are walked for `.toml`, `.inp`, `.pop`, `.yaml`, `.yml` and `.olv` \
    files (hidden ones left out); a folder with none is an error.";

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Problem files or folders, or `-`: one problem from standard input.
    #[arg(required_unless_present = "fen", conflicts_with = "fen", long_help = PATHS_STDIN_HELP)]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub fen: FenArgs,
    /// Output format [default: text; json with --resume].
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Language of the piece letters and words, in every format (default:
    /// the language of each problem; Latvian letters come with English
    /// words, and Popeye's format has no Latvian).
    #[arg(long, value_enum)]
    pub lang: Option<Lang>,
    /// Go on with a batch whose JSON Lines went to this file: skip the
    /// problems it records as finished, append the others' lines to it. A
    /// file that is not circe's JSON Lines is refused, untouched.
    #[arg(long, value_name = "OUT.jsonl")]
    pub resume: Option<PathBuf>,
    /// Solve only the K-th of N disjoint parts of the problems (K from 1),
    /// split by a fixed hash of each problem's path relative to the folder
    /// given and its number in its file. `auto/N`: K from the environment,
    /// SLURM_ARRAY_TASK_ID counted from SLURM_ARRAY_TASK_MIN (so
    /// --array=1-N and --array=0-(N-1) both work) or a Kubernetes
    /// JOB_COMPLETION_INDEX (from 0) plus one.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Solve only the K-th of N parts of each problem's first moves (every
    /// N-th in Popeye's order, from the K-th); writes part records (JSON
    /// Lines) for `circe merge --format text|popeye|json`.
    #[arg(long, value_name = "K/N", value_parser = first_moves)]
    pub first_moves: Option<circe::solve::RootPart>,
    /// No diagram in the text and HTML formats (the stipulation,
    /// conditions and attributes stay).
    #[arg(long)]
    pub no_board: bool,
    #[command(flatten)]
    pub batch: BatchArgs,
}

/// A problem given on the command line instead of a file.
#[derive(clap::Args, Debug, Default)]
#[command(next_help_heading = "A problem on the command line")]
pub struct FenArgs {
    /// The diagram as a FEN's board (`4k3/8/8/8/8/8/8/4K3`; knights `N`,
    /// Popeye's fairy codes as `.xy`); the stipulation says who moves.
    #[arg(long, value_name = "FEN", requires = "stipulation")]
    pub fen: Option<String>,
    /// The stipulation, in Popeye's words (`#2`, `h#2.5`, `ser-s#7`).
    #[arg(long, value_name = "STIP", requires = "fen")]
    pub stipulation: Option<String>,
    /// A condition as after Popeye's `condition` keyword (`"circe mirror"`,
    /// `madrasi`); repeatable.
    #[arg(long, value_name = "CONDITION", requires = "fen")]
    pub condition: Vec<String>,
    /// An option as after Popeye's `option` keyword (`"maxsolutions 2"`,
    /// `setplay`); repeatable.
    #[arg(long = "option", value_name = "OPTION", requires = "fen")]
    pub options: Vec<String>,
    /// A twin as after Popeye's `twin` keyword (`"rotate 90"`, `"move e1 e2"`);
    /// repeatable, one twin each.
    #[arg(long, value_name = "TWIN", requires = "fen")]
    pub twin: Vec<String>,
}

/// `K/N` of `--first-moves`, K from 1 to N.
fn first_moves(s: &str) -> Result<circe::solve::RootPart, String> {
    let shard = circe::batch::shard::Shard::parse(s, &|_| None)?;
    Ok(circe::solve::RootPart {
        k: shard.k,
        n: shard.n,
    })
}

/// Options of commands that solve many problems.
#[derive(clap::Args, Debug, Clone)]
pub struct BatchArgs {
    /// Give up on a problem after this many seconds (counted a time-out).
    #[arg(long, value_name = "SECS", value_parser = seconds)]
    pub timeout: Option<f64>,
    /// Problems solved at once (default: one per core).
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,
    /// No progress bar and no summary table.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// Problem files or folders.
    #[arg(required = true, long_help = PATHS_HELP)]
    pub files: Vec<PathBuf>,
    /// Record the current solutions as expected (TOML files only); a
    /// problem recorded so counts as passing.
    #[arg(long)]
    pub bless: bool,
    /// Mark the TOML problems that do not match as known failures.
    #[arg(long, conflicts_with = "bless")]
    pub mark_known_failures: bool,
    /// Fail only on a problem that runs to the end and disagrees: refusals
    /// (features not played yet) and time-outs are counted, not failures
    /// (the guard over Popeye's own examples).
    #[arg(long, conflicts_with_all = ["bless", "mark_known_failures"])]
    pub played_only: bool,
    /// Output format: text (diffs) or JSON Lines (one object per problem).
    #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
    pub format: CheckFormat,
    #[command(flatten)]
    pub batch: BatchArgs,
}

#[derive(clap::Args, Debug)]
pub struct AuditArgs {
    /// Problem files or directories (walked for `.toml` and `.inp`).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Output format: a line of words per problem, or JSON Lines (one
    /// object per problem, with its `verdict`).
    #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
    pub format: CheckFormat,
    #[command(flatten)]
    pub batch: BatchArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    Text,
    Json,
}

#[derive(clap::Args, Debug)]
pub struct ConvertArgs {
    /// Problem files, or folders of them. Each problem's expected solution
    /// is taken from the `.out` file beside a Popeye file, when there is
    /// one.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Write `NAME.toml` (`NAME.yaml`) files into this directory instead of
    /// printing; a file there that `circe convert` did not write is never
    /// overwritten.
    #[arg(long, short = 'o', value_name = "DIR")]
    pub output_dir: Option<PathBuf>,
    /// The format to write: circe's TOML, or YACPDB entries (YAML, the
    /// documents of an Olive collection when printed).
    #[arg(long, value_enum, default_value_t = ConvertTo::Toml)]
    pub to: ConvertTo,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ConvertTo {
    Toml,
    Yacpdb,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For people: Circe notation (`Qxd3(+bSg8)`).
    Text,
    /// Popeye's output, character for character.
    Popeye,
    /// JSON Lines: one object per problem.
    Json,
    /// One printable HTML page: per problem an SVG diagram with a legend,
    /// the stipulation, the conditions and the solution.
    Html,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Lang {
    En,
    Lv,
    De,
    Fr,
}

/// A reader's warnings on stderr, `FILE:LINE: warning: ...`, as compilers
/// write them.
pub fn print_warnings(problem: &circe::problem::Problem) {
    for w in &problem.warnings {
        errln!(
            "{}:{}: warning: {}",
            problem.source.file.display(),
            w.line,
            w.value
        );
    }
}

/// The warnings of every problem read.
pub fn print_item_warnings(items: &[circe::batch::Item]) {
    for item in items {
        if let Ok(p) = &item.problem {
            print_warnings(p);
        }
    }
}

/// The batch options of the command line, with the flag that stops it.
pub fn batch_options(
    args: &BatchArgs,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> circe::batch::BatchOptions {
    circe::batch::BatchOptions {
        jobs: args.jobs,
        // A time too large for a Duration (`--timeout inf`) is no limit.
        timeout: args
            .timeout
            .and_then(|s| std::time::Duration::try_from_secs_f64(s.max(0.0)).ok()),
        stop,
    }
}

/// A number of seconds: not negative, not NaN (`inf` is no limit).
fn seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x >= 0.0 => Ok(x),
        _ => Err(format!("`{s}` is not a number of seconds")),
    }
}
