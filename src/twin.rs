//! Twins: applying Popeye's twinning commands to a problem.
//!
//! What Popeye does, as its manual and its recorded outputs show:
//! - a plain twin (`twin move a1 b1`) changes the diagram; a continued
//!   twin (`twin continued ...`, printed `+c)`) changes the position, the
//!   stipulation and the conditions of the twin before it;
//! - without `zeroposition` the diagram itself is twin `a)` and the twins
//!   are `b)`, `c)` ...; with `zeroposition` the diagram is not solved and
//!   the changes after `zeroposition` make twin `a)`;
//! - `rotate 90` turns the board so that a1 goes to h1 (a unit on h5 goes
//!   to d8); `mirror a1<-->h8` takes a1 to h8, `mirror a8<-->h1` takes a8 to
//!   h1: the named squares are the images of a1 (or a8), not the axis;
//! - `polishtype` swaps the colours of all units (and with them the
//!   kings); who moves first still follows from the stipulation;
//! - `shift` refuses to move any unit off the board;
//! - castling rights are not carried over: each twin starts with every
//!   king and rook on its game-array square unmoved, less the squares of
//!   `option nocastling`.

use crate::board::{Piece, Position, Square};
use crate::problem::{MirrorAxis, Problem, ProblemOption, Twin, TwinCommand};
use crate::vocabulary::condition_lines;

/// Why a twinning command could not be applied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TwinError {
    #[error("there is no unit on {0} to move")]
    NothingToMove(Square),
    #[error("shifting {0} to {1} would move units off the board")]
    ShiftOffBoard(Square, Square),
    #[error("twinning command '{0}' is not supported")]
    Unsupported(String),
}

/// One position to solve: a twin of the problem, or the problem itself.
#[derive(Clone, Debug)]
pub struct TwinInstance {
    /// The label index: 0 for `a)`, 1 for `b)` ...
    pub index: usize,
    /// Whether the problem has twins at all (else no `a)` line is printed).
    pub labelled: bool,
    /// The twin whose commands made this instance; `None` for the diagram.
    pub twin: Option<Twin>,
    /// The position the twin's commands were applied to, to name units in
    /// the twin's header as they stood before.
    pub before: Position,
    /// The problem as this twin poses it.
    pub problem: Problem,
    /// Set when one of the twin's commands could not be applied.
    pub error: Option<TwinError>,
}

/// Where a board transformation takes `sq`.
pub fn transform_square(c: &TwinCommand, sq: Square) -> Option<Square> {
    let (f, r) = (sq.file(), sq.rank());
    Some(match c {
        TwinCommand::Rotate(90) => Square::new(7 - r, f),
        TwinCommand::Rotate(180) => Square::new(7 - f, 7 - r),
        TwinCommand::Rotate(270) => Square::new(r, 7 - f),
        TwinCommand::Mirror(MirrorAxis::Files) => Square::new(7 - f, r),
        TwinCommand::Mirror(MirrorAxis::Ranks) => Square::new(f, 7 - r),
        // a1 <--> h8: a1 goes to h8, a8 stays.
        TwinCommand::Mirror(MirrorAxis::Diagonal) => Square::new(7 - r, 7 - f),
        // a8 <--> h1: a8 goes to h1, a1 stays.
        TwinCommand::Mirror(MirrorAxis::AntiDiagonal) => Square::new(r, f),
        TwinCommand::Shift(a, b) => {
            return sq.offset(
                b.file() as i8 - a.file() as i8,
                b.rank() as i8 - a.rank() as i8,
            )
        }
        _ => sq,
    })
}

/// Rebuilds `pos` with every unit passed through `f` (`None`: dropped).
fn remap(pos: &mut Position, f: impl Fn(Square, Piece) -> Option<(Square, Piece)>) {
    let old = *pos;
    let mut new = Position::empty();
    new.turn = old.turn;
    new.ep_square = old.ep_square;
    for sq in Square::all() {
        if let Some(p) = old.piece_at(sq) {
            if let Some((to, q)) = f(sq, p) {
                new.put(to, q);
            }
        }
    }
    *pos = new;
}

/// Applies a command's effect on the units to `pos`. Stipulation and
/// condition changes leave the position alone.
pub fn apply_to_position(pos: &mut Position, c: &TwinCommand) -> Result<(), TwinError> {
    match c {
        TwinCommand::Move(from, to) => {
            let p = pos.remove(*from).ok_or(TwinError::NothingToMove(*from))?;
            pos.put(*to, p);
        }
        TwinCommand::Exchange(a, b) => {
            let pa = pos.remove(*a).ok_or(TwinError::NothingToMove(*a))?;
            if let Some(pb) = pos.remove(*b) {
                pos.put(*a, pb);
            }
            pos.put(*b, pa);
        }
        TwinCommand::Add(p, sq) => pos.put(*sq, *p),
        TwinCommand::Remove(sq) => {
            // Popeye only warns when the square is empty.
            pos.remove(*sq);
        }
        TwinCommand::Rotate(_) | TwinCommand::Mirror(_) => {
            remap(pos, |sq, p| Some((transform_square(c, sq)?, p)));
        }
        TwinCommand::Shift(a, b) => {
            let off = pos
                .unit_squares()
                .into_iter()
                .any(|sq| transform_square(c, sq).is_none());
            if off {
                return Err(TwinError::ShiftOffBoard(*a, *b));
            }
            remap(pos, |sq, p| Some((transform_square(c, sq)?, p)));
        }
        TwinCommand::PolishType => remap(pos, |sq, p| {
            Some((
                sq,
                Piece {
                    color: p.color.opponent(),
                    ..p
                },
            ))
        }),
        TwinCommand::Substitute(from, to) => remap(pos, |sq, p| {
            Some((
                sq,
                if p.kind == *from {
                    Piece { kind: *to, ..p }
                } else {
                    p
                },
            ))
        }),
        TwinCommand::Forsyth { units, .. } => {
            // The board is cleared and set up anew.
            remap(pos, |_, _| None);
            for &(p, sq) in units {
                pos.put(sq, p);
            }
        }
        TwinCommand::Stipulation(_) | TwinCommand::Condition(_) => {}
        TwinCommand::Other(s) => return Err(TwinError::Unsupported(s.clone())),
    }
    Ok(())
}

/// Applies one command to `problem`: its position, stipulation or rules.
pub fn apply_command(problem: &mut Problem, c: &TwinCommand) -> Result<(), TwinError> {
    match c {
        TwinCommand::Stipulation(s) => {
            problem.stipulation.value = s.clone();
            Ok(())
        }
        TwinCommand::Condition(rules) => {
            problem.rules = **rules;
            problem.condition_text = condition_lines(problem.language, rules);
            Ok(())
        }
        _ => apply_to_position(&mut problem.position, c),
    }
}

/// Castling rights as Popeye gives them to a twin: every king and rook on
/// its game-array square, less those of `option nocastling`.
pub fn reset_castling(problem: &mut Problem) {
    problem.position.set_unmoved_from_placement();
    for o in &problem.options {
        if let ProblemOption::NoCastling(squares) = &o.value {
            for sq in squares {
                problem.position.unmoved.clear(*sq);
            }
        }
    }
}

/// `base` with all of `twin`'s commands applied. On an error the commands
/// before it stay applied.
pub fn apply_twin(base: &Problem, twin: &Twin) -> (Problem, Option<TwinError>) {
    let mut p = base.clone();
    let mut error = None;
    for c in &twin.commands {
        if let Err(e) = apply_command(&mut p, c) {
            error = Some(e);
            break;
        }
    }
    if twin
        .commands
        .iter()
        .any(|c| matches!(c, TwinCommand::Stipulation(_)))
    {
        p.stipulation.line = twin.line;
    }
    reset_castling(&mut p);
    (p, error)
}

/// The positions to solve, in order: the diagram (unless `zeroposition`)
/// and then each twin.
pub fn instances(problem: &Problem) -> Vec<TwinInstance> {
    let mut diagram = problem.clone();
    diagram.twins.clear();
    diagram.zero_position = false;
    let labelled = !problem.twins.is_empty();
    let mut out = Vec::new();
    if !problem.zero_position {
        out.push(TwinInstance {
            index: 0,
            labelled,
            twin: None,
            before: problem.position,
            problem: diagram.clone(),
            error: None,
        });
    }
    let mut previous = diagram.clone();
    for twin in &problem.twins {
        let base = if twin.continued { &previous } else { &diagram };
        let (p, error) = apply_twin(base, twin);
        out.push(TwinInstance {
            index: out.len(),
            labelled,
            twin: Some(twin.clone()),
            before: base.position,
            problem: p.clone(),
            error,
        });
        previous = p;
    }
    out
}

/// The problem with the other side's kinds: Popeye's duplex solves the
/// stipulation a second time as with `halfduplex`.
pub fn duplex_half(problem: &Problem) -> Problem {
    let mut p = problem.clone();
    let had_half = p.has_option(|o| *o == ProblemOption::HalfDuplex);
    p.options
        .retain(|o| !matches!(o.value, ProblemOption::Duplex | ProblemOption::HalfDuplex));
    if !had_half {
        let line = problem.stipulation.line;
        p.options.push(crate::problem::Spanned {
            value: ProblemOption::HalfDuplex,
            line,
        });
    }
    p
}
