//! The table of piece kinds: every kind the solver knows, the orthodox
//! ones first at the indices [`super::Kind`]'s constants name.

use super::walk::{vectors as v, Family, Step, Walk};
use super::KindDef;

const fn steps(family: Family, vectors: &'static [(i8, i8)]) -> Step {
    Step { family, vectors }
}

const KING: &[Step] = &[steps(Family::Leaper, &v::QUEEN)];
const QUEEN: &[Step] = &[steps(Family::Rider, &v::QUEEN)];
const ROOK: &[Step] = &[steps(Family::Rider, &v::ROOK)];
const BISHOP: &[Step] = &[steps(Family::Rider, &v::BISHOP)];
const KNIGHT: &[Step] = &[steps(Family::Leaper, &v::KNIGHT)];
const PAWN: &[Step] = &[steps(Family::Pawn, &[])];
const ZEBRA: &[Step] = &[steps(Family::Leaper, &v::ZEBRA)];
const CAMEL: &[Step] = &[steps(Family::Leaper, &v::CAMEL)];
const NIGHTRIDER: &[Step] = &[steps(Family::Rider, &v::KNIGHT)];
const GRASSHOPPER: &[Step] = &[steps(Family::Hopper, &v::QUEEN)];

const fn kind(
    codes: [&'static str; 3],
    names: [&'static str; 3],
    walk: &'static [Step],
) -> KindDef {
    KindDef {
        codes,
        names,
        walk: Walk::uniform(walk),
        pawn_like: false,
    }
}

/// Every kind. Codes and names: English, German, French.
pub static KINDS: [KindDef; 10] = [
    kind(["K", "K", "R"], ["king", "Koenig", "roi"], KING),
    kind(["Q", "D", "D"], ["queen", "Dame", "dame"], QUEEN),
    kind(["R", "T", "T"], ["rook", "Turm", "tour"], ROOK),
    kind(["B", "L", "F"], ["bishop", "Laeufer", "fou"], BISHOP),
    kind(["S", "S", "C"], ["knight", "Springer", "cavalier"], KNIGHT),
    KindDef {
        pawn_like: true,
        ..kind(["P", "B", "P"], ["pawn", "Bauer", "pion"], PAWN)
    },
    kind(["Z", "Z", "Z"], ["zebra", "Zebra", "zebre"], ZEBRA),
    kind(["CA", "CA", "CH"], ["camel", "Kamel", "chameau"], CAMEL),
    kind(
        ["n", "n", "n"],
        ["nightrider", "Nachtreiter", "noctambule"],
        NIGHTRIDER,
    ),
    kind(
        ["g", "g", "s"],
        ["grasshopper", "Grashuepfer", "sauterelle"],
        GRASSHOPPER,
    ),
];
