//! `circe`: the command-line solver.

mod cli;

use anyhow::Result;
use circe::io::notation::Alphabet;
use circe::io::solution_output::{tree_json, write_tree, Notation};
use circe::io::{load_problems, popeye_output};
use circe::problem::Problem;
use circe::solve::{solve, Solution};
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
                    let text = render(args, problem, &solution, started.elapsed().as_secs_f64());
                    let mut lock = stdout.lock();
                    if lock.write_all(text.as_bytes()).and_then(|_| lock.flush()).is_err() {
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

fn alphabet(args: &SolveArgs, problem: &Problem) -> Alphabet {
    match args.lang {
        Some(Lang::En) => Alphabet::English,
        Some(Lang::Lv) => Alphabet::Latvian,
        Some(Lang::De) => Alphabet::German,
        Some(Lang::Fr) => Alphabet::French,
        None => Alphabet::from(problem.language),
    }
}

fn render(args: &SolveArgs, problem: &Problem, solution: &Solution, seconds: f64) -> String {
    let mut out = String::new();
    match args.format {
        Format::Popeye => {
            let a = Alphabet::from(problem.language);
            popeye_output::write_header(&mut out, problem);
            write_tree(&mut out, solution, Notation::Popeye(a), &problem.rules);
            popeye_output::write_footer(&mut out, problem.language, seconds);
        }
        Format::Text => {
            let a = alphabet(args, problem);
            for line in problem.meta.author.iter().chain(&problem.meta.origin) {
                out.push_str(line);
                out.push('\n');
            }
            out.push_str(&format!(
                "{}  {}  ({})\n\n",
                problem.stipulation.value,
                if problem.condition_text.is_empty() {
                    "orthodox".to_string()
                } else {
                    problem.condition_text.join(" ")
                },
                problem.source
            ));
            write_tree(&mut out, solution, Notation::Circe(a), &problem.rules);
        }
        Format::Json => {
            let a = alphabet(args, problem);
            let v = serde_json::json!({
                "file": problem.source.file.display().to_string(),
                "line": problem.source.line,
                "stipulation": problem.stipulation.value,
                "condition": problem.condition_text.join(" "),
                "solution": tree_json(solution, &problem.rules, a),
                "seconds": seconds,
            });
            out.push_str(&v.to_string());
            out.push('\n');
        }
    }
    out
}
