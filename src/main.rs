//! `circe`: the command-line solver.

mod cli;

use anyhow::Result;
use circe::io::load_problems;
use circe::io::notation::Alphabet;
use circe::report::{self, render, ReportOptions};
use circe::solve::solve;
use clap::Parser;
use cli::{Cli, Command, Format, Lang, SolveArgs};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("circe: error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Solve(args) => solve_command(&args),
    }
}

/// Outcome of one problem, for the exit status: 0 all solved, 1 some
/// without solution, 2 some errors.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Status {
    Solved,
    NoSolution,
    Error,
}

fn solve_command(args: &SolveArgs) -> Result<ExitCode> {
    let mut worst = Status::Solved;
    let opts = report_options(args);
    let stdout = std::io::stdout();
    for file in &args.files {
        let problems = match load_problems(file) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("circe: error: {e}");
                worst = worst.max(Status::Error);
                continue;
            }
        };
        for problem in &problems {
            let started = Instant::now();
            let status = match solve(problem) {
                Ok(solution) => {
                    let text = render(&opts, problem, &solution, started.elapsed().as_secs_f64());
                    let mut lock = stdout.lock();
                    if lock
                        .write_all(text.as_bytes())
                        .and_then(|_| lock.flush())
                        .is_err()
                    {
                        // Broken pipe: the reader has gone; stop quietly.
                        return Ok(ExitCode::SUCCESS);
                    }
                    if solution.roots.is_empty() {
                        Status::NoSolution
                    } else {
                        Status::Solved
                    }
                }
                Err(e) => {
                    eprintln!("circe: error: {}: {e}", problem.source);
                    Status::Error
                }
            };
            worst = worst.max(status);
        }
    }
    Ok(match worst {
        Status::Solved => ExitCode::SUCCESS,
        Status::NoSolution => ExitCode::from(1),
        Status::Error => ExitCode::from(2),
    })
}

fn report_options(args: &SolveArgs) -> ReportOptions {
    ReportOptions {
        format: match args.format {
            Format::Text => report::Format::Text,
            Format::Popeye => report::Format::Popeye,
            Format::Json => report::Format::Json,
        },
        alphabet: args.lang.map(|l| match l {
            Lang::En => Alphabet::English,
            Lang::Lv => Alphabet::Latvian,
            Lang::De => Alphabet::German,
            Lang::Fr => Alphabet::French,
        }),
    }
}
