//! The command line: arguments, and what each command does.

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "circe",
    version,
    about = "A fairy-chess problem solver for the Circe family",
    long_about = "A fairy-chess problem solver for the Circe family: Circe, Circe Rex \
                  Inclusive, Anticirce (Calvet, Cheylan), Kamikaze Circe.\n\nReads \
                  problems as TOML (see docs/problem-format.md) or in Popeye's input \
                  language (English, German, French)."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve problems and print their solutions.
    Solve(SolveArgs),
    /// Test whether each diagram passes the orthodox legality test that
    /// Alsatian Circe applies (docs/alsatian.md); exit 0 when all pass, 1
    /// when one fails, 2 on bad input.
    Legal(LegalArgs),
}

#[derive(clap::Args, Debug)]
pub struct LegalArgs {
    /// Problem files: `.toml`, or Popeye input (any other extension).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Problem files: `.toml`, or Popeye input (any other extension).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Language of the piece letters in `--format text` (Popeye output
    /// follows the language of the input file).
    #[arg(long, value_enum)]
    pub lang: Option<Lang>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For people: Circe notation (`Qxd3(+bSg8)`).
    Text,
    /// Popeye's output, character for character.
    Popeye,
    /// JSON Lines: one object per problem.
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Lang {
    En,
    Lv,
    De,
    Fr,
}
