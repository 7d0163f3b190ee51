//! `circe`: the command-line solver.

mod cli;
mod legal_command;

use anyhow::Result;
use circe::io::notation::Alphabet;
use circe::report::{self, ReportOptions};
use clap::Parser;
use cli::{Cli, Command, Format, Lang, SolveArgs};
use std::process::ExitCode;

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
    if let Some(n) = cli.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build_global()
            .map_err(|e| anyhow::anyhow!("--threads {n}: {e}"))?;
    }
    let threads = rayon::current_num_threads();
    circe::solve::set_hash_mb(cli.hash);
    match cli.command {
        Command::Solve(args) => solve_command(&args),
        Command::Check(args) => Ok(ExitCode::from(check_command(&args))),
        Command::Convert(args) => Ok(ExitCode::from(convert_command(&args))),
        Command::Legal(args) => Ok(legal_command::legal_command(&args.files)),
        Command::Bench(args) => {
            let rows = circe::bench::measure(&args.files);
            print!(
                "{}",
                circe::bench::table(&rows, threads, circe::solve::hash_mb())
            );
            Ok(ExitCode::SUCCESS)
        }
    }
}

// ---- batch solving, check, convert (see src/batch.rs, src/check.rs) ----

fn batch_options(args: &cli::BatchArgs) -> circe::batch::BatchOptions {
    circe::batch::BatchOptions {
        jobs: args.jobs,
        timeout: args
            .timeout
            .map(|s| std::time::Duration::from_secs_f64(s.max(0.0))),
        progress: !args.quiet,
    }
}

fn check_command(args: &cli::CheckArgs) -> u8 {
    circe::batch::install_sigint_handler();
    circe::check::check_files(
        &args.files,
        &circe::check::CheckSettings {
            batch: batch_options(&args.batch),
            quiet: args.batch.quiet,
            json: args.format == cli::CheckFormat::Json,
            bless: args.bless,
            mark_known_failures: args.mark_known_failures,
        },
    )
}

fn convert_command(args: &cli::ConvertArgs) -> u8 {
    circe::io::toml_output::convert_files(&args.files, args.output_dir.as_deref())
}

fn solve_command(args: &SolveArgs) -> Result<ExitCode> {
    circe::batch::install_sigint_handler();
    let settings = circe::batch::SolveSettings {
        report: report_options(args),
        batch: batch_options(&args.batch),
        quiet: args.batch.quiet,
    };
    Ok(ExitCode::from(circe::batch::solve_files(
        &args.files,
        &settings,
    )))
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
