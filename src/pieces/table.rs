//! The table of piece kinds: every walk Popeye knows, the orthodox ones
//! first at the indices [`Kind`]'s constants name, then the fairy walks in
//! Popeye's order (the order of its walk numbers, which is also the order
//! of its promotion choices). Codes are Popeye's, upper case, in English,
//! German and French; the names are informative.

use super::walk::{vectors as v, Angle, Equi, Lame, Land, Pawn, Radial, Rose, Step, Vector, Walk};
use super::{Kind, KindDef, Promotion};

const fn hop(vectors: &'static [Vector], hurdles: u8, land: Land) -> Step {
    Step::Hop {
        vectors,
        hurdles,
        land,
    }
}

const fn kind(
    codes: [&'static str; 3],
    names: [&'static str; 3],
    steps: &'static [Step],
) -> KindDef {
    KindDef {
        codes,
        names,
        walk: Walk { steps },
        pawn: None,
        royal: false,
        sorts: false,
        dedup: false,
    }
}

/// Every kind. Codes and names: English, German, French.
pub static KINDS: [KindDef; 162] = [
    kind(
        ["K", "K", "R"],
        ["king", "Koenig", "roi"],
        &[Step::Leap(&v::Q)],
    ),
    kind(
        ["Q", "D", "D"],
        ["queen", "Dame", "dame"],
        &[Step::Ride(&v::Q)],
    ),
    kind(
        ["R", "T", "T"],
        ["rook", "Turm", "tour"],
        &[Step::Ride(&v::W)],
    ),
    kind(
        ["B", "L", "F"],
        ["bishop", "Laeufer", "fou"],
        &[Step::Ride(&v::F)],
    ),
    kind(
        ["S", "S", "C"],
        ["knight", "Springer", "cavalier"],
        &[Step::Leap(&v::N)],
    ),
    KindDef {
        pawn: Some(Promotion::LastRank),
        ..kind(
            ["P", "B", "P"],
            ["pawn", "Bauer", "pion"],
            &[Step::Pawn(Pawn::Pawn)],
        )
    },
    kind(
        ["LE", "LE", "LE"],
        ["leo", "Leo", "leo"],
        &[Step::Chinese(&v::Q)],
    ),
    kind(
        ["MA", "MA", "MA"],
        ["mao", "Mao", "mao"],
        &[Step::Lame(Lame::Mao)],
    ),
    kind(
        ["PA", "PA", "PA"],
        ["pao", "Pao", "pao"],
        &[Step::Chinese(&v::W)],
    ),
    kind(
        ["VA", "VA", "VA"],
        ["vao", "Vao", "vao"],
        &[Step::Chinese(&v::F)],
    ),
    KindDef {
        sorts: true,
        ..kind(
            ["RO", "RO", "RO"],
            ["rose", "Rose", "rose"],
            &[Step::Rose(Rose::Rider)],
        )
    },
    kind(
        ["G", "G", "S"],
        ["grasshopper", "Grashuepfer", "sauterelle"],
        &[hop(&v::Q, 1, Land::Behind(1))],
    ),
    kind(
        ["N", "N", "N"],
        ["nightrider", "Nachtreiter", "noctambule"],
        &[Step::Ride(&v::N)],
    ),
    kind(
        ["Z", "Z", "Z"],
        ["zebra", "Zebra", "zebre"],
        &[Step::Leap(&v::L23)],
    ),
    kind(
        ["CA", "CA", "CH"],
        ["camel", "Kamel", "chameau"],
        &[Step::Leap(&v::L13)],
    ),
    kind(
        ["GI", "GI", "GI"],
        ["giraffe", "Giraffe", "girafe"],
        &[Step::Leap(&v::L14)],
    ),
    kind(
        ["RF", "WF", "CC"],
        [
            "root-50-leaper",
            "Wurzel-50-Springer",
            "cavalier racine carree cinquante",
        ],
        &[Step::Leap(&v::L17_L55)],
    ),
    kind(
        ["BU", "BU", "BU"],
        ["bucephale", "Bucephale", "bucephale"],
        &[Step::Leap(&v::L34_L05)],
    ),
    kind(
        ["WE", "WE", "VI"],
        ["wazir", "Wesir", "vizir"],
        &[Step::Leap(&v::W)],
    ),
    kind(
        ["AL", "AL", "AL"],
        ["alfil", "Alfil", "alfil"],
        &[Step::Leap(&v::L22)],
    ),
    kind(
        ["FE", "FE", "FE"],
        ["fers", "Fers", "fers"],
        &[Step::Leap(&v::F)],
    ),
    kind(
        ["DA", "DA", "DA"],
        ["dabbaba", "Dabbaba", "dabbaba"],
        &[Step::Leap(&v::L02)],
    ),
    kind(
        ["LI", "LI", "LI"],
        ["lion", "Lion", "lion"],
        &[hop(&v::Q, 1, Land::Line)],
    ),
    kind(
        ["NE", "NE", "EQ"],
        [
            "nonstop equihopper",
            "Non-stop Equihopper",
            "equisauteur (non-stop)",
        ],
        &[Step::Equi(Equi::NonstopHopper)],
    ),
    kind(
        ["L", "H", "L"],
        ["locust", "Heuschrecke", "locuste"],
        &[Step::Locust(&v::Q)],
    ),
    KindDef {
        pawn: Some(Promotion::LastRank),
        ..kind(
            ["BP", "BB", "PB"],
            ["berolina pawn", "Berolina Bauer", "pion berolina"],
            &[Step::Pawn(Pawn::Berolina)],
        )
    },
    kind(
        ["AM", "AM", "AM"],
        ["amazon", "Amazone", "amazone"],
        &[Step::Ride(&v::Q), Step::Leap(&v::N)],
    ),
    kind(
        ["EM", "KN", "IM"],
        ["empress", "Kaiserin", "imperatrice"],
        &[Step::Ride(&v::W), Step::Leap(&v::N)],
    ),
    kind(
        ["PR", "PR", "PR"],
        ["princess", "Prinzessin", "princesse"],
        &[Step::Ride(&v::F), Step::Leap(&v::N)],
    ),
    kind(
        ["GN", "GN", "G"],
        ["gnu", "Gnu", "gnou"],
        &[Step::Leap(&v::L13), Step::Leap(&v::N)],
    ),
    kind(
        ["AN", "AN", "AN"],
        ["antelope", "Antilope", "antilope"],
        &[Step::Leap(&v::L34)],
    ),
    kind(
        ["SQ", "EI", "EC"],
        ["squirrel", "Eichhoernchen", "ecureuil"],
        &[Step::Leap(&v::L02_L22), Step::Leap(&v::N)],
    ),
    kind(
        ["WA", "WA", "V"],
        ["waran", "Waran", "varan"],
        &[Step::Ride(&v::N), Step::Ride(&v::W)],
    ),
    kind(
        ["DR", "DR", "DR"],
        ["dragon", "Drache", "dragon"],
        &[Step::Pawn(Pawn::Pawn), Step::Leap(&v::N)],
    ),
    kind(
        ["KA", "KA", "KA"],
        ["kangaroo", "Kaenguruh", "kangourou"],
        &[hop(&v::Q_REV, 2, Land::Behind(1))],
    ),
    KindDef {
        sorts: true,
        ..kind(
            ["SS", "SS", "CS"],
            ["spiralspringer", "Spiralspringer", "cavalier spirale"],
            &[Step::Zigzag(&v::SPIRAL)],
        )
    },
    kind(
        ["UU", "UU", "UU"],
        ["ubiubi", "UbiUbi", "UbiUbi"],
        &[Step::UbiUbi],
    ),
    kind(
        ["HA", "HA", "HA"],
        ["hamster", "Hamster", "hamster"],
        &[Step::Hamster],
    ),
    KindDef {
        sorts: true,
        ..kind(
            ["M", "EL", "E"],
            ["moose", "Elch", "elan"],
            &[Step::AngleHop(&v::Q_REV, Angle::A45)],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["EA", "AD", "AI"],
            ["eagle", "Adler", "aigle"],
            &[Step::AngleHop(&v::Q_REV, Angle::A90)],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["SW", "SP", "M"],
            ["sparrow", "Spatz", "moineau"],
            &[Step::AngleHop(&v::Q_REV, Angle::A135)],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["AR", "ER", "AR"],
            ["archbishop", "Erzbischof", "archeveque"],
            &[Step::Reflect(1)],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["RB", "RL", "FR"],
            [
                "reflecting bishop",
                "Reflektierender Laeufer",
                "fou rebondissant",
            ],
            &[Step::Reflect(4)],
        )
    },
    kind(
        ["C", "KL", "CA"],
        ["cardinal", "Kardinal", "cardinal"],
        &[Step::Cardinal],
    ),
    kind(
        ["NH", "NH", "SN"],
        [
            "nightrider hopper",
            "Nachtreiterhuepfer",
            "sauteur noctambule",
        ],
        &[hop(&v::N, 1, Land::Behind(1))],
    ),
    kind(
        ["DU", "DU", "PI"],
        ["dummy", "Dummy", "piece impuissant"],
        &[],
    ),
    kind(
        ["CR", "CR", "CN"],
        ["camelrider", "Kamelreiter", "chameau noctambule"],
        &[Step::Ride(&v::L13)],
    ),
    kind(
        ["ZR", "ZR", "ZN"],
        ["zebrarider", "Zebrareiter", "zebre noctambule"],
        &[Step::Ride(&v::L23)],
    ),
    kind(
        ["GR", "GR", "GN"],
        ["gnurider", "Gnureiter", "gnou noctambule"],
        &[Step::Ride(&v::L13), Step::Ride(&v::N)],
    ),
    kind(
        ["CH", "CH", "SC"],
        ["camelrider hopper", "Kamelreiterhuepfer", "chameau sauteur"],
        &[hop(&v::L13, 1, Land::Behind(1))],
    ),
    kind(
        ["ZH", "ZH", "SZ"],
        ["zebrarider hopper", "Zebrareiterhuepfer", "zebre sauteur"],
        &[hop(&v::L23, 1, Land::Behind(1))],
    ),
    kind(
        ["GH", "GH", "SG"],
        ["gnurider hopper", "Gnureiterhuepfer", "gnou sauteur"],
        &[
            hop(&v::L13, 1, Land::Behind(1)),
            hop(&v::N, 1, Land::Behind(1)),
        ],
    ),
    KindDef {
        sorts: true,
        ..kind(
            ["DS", "DS", "CD"],
            [
                "diagonal spiralspringer",
                "Diagonalspiralspringer",
                "cavalier spirale diagonale",
            ],
            &[Step::Zigzag(&v::DIAGONAL_SPIRAL)],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["BK", "RS", "CR"],
            [
                "bouncy knight",
                "Reflektierender Springer",
                "cavalier rebondissant",
            ],
            &[Step::BouncyKnight],
        )
    },
    kind(
        ["EQ", "EQ", "EA"],
        ["equihopper", "Equihopper", "equisauteur anglais"],
        &[Step::Equi(Equi::Hopper)],
    ),
    kind(["CT", "CT", "CT"], ["CAT", "CAT", "CAT"], &[Step::Cat]),
    KindDef {
        pawn: Some(Promotion::LastRank),
        ..kind(
            ["BS", "BS", "BS"],
            [
                "berolina superpawn",
                "Berolina Superbauer",
                "berolina superpion",
            ],
            &[Step::Pawn(Pawn::SuperBerolina)],
        )
    },
    KindDef {
        pawn: Some(Promotion::LastRank),
        ..kind(
            ["SP", "SB", "SP"],
            ["superpawn", "Superbauer", "superpion"],
            &[Step::Pawn(Pawn::Super)],
        )
    },
    kind(
        ["RL", "TL", "TL"],
        ["rook-lion", "Turm-Lion", "tour-lion"],
        &[hop(&v::W, 1, Land::Line)],
    ),
    kind(
        ["BL", "LL", "FL"],
        ["bishop-lion", "Laeufer-Lion", "fou-lion"],
        &[hop(&v::F, 1, Land::Line)],
    ),
    kind(
        ["SI", "SI", "SI"],
        ["sirene", "Sirene", "sirene"],
        &[Step::Marine(&v::Q)],
    ),
    kind(
        ["TR", "TR", "TR"],
        ["triton", "Triton", "triton"],
        &[Step::Marine(&v::W)],
    ),
    kind(
        ["ND", "ND", "NE"],
        ["nereide", "Nereide", "nereide"],
        &[Step::Marine(&v::F)],
    ),
    KindDef {
        sorts: true,
        ..kind(
            ["O", "O", "O"],
            ["orphan", "Orphan", "orphan"],
            &[Step::Orphan { friend: false }],
        )
    },
    kind(
        ["EH", "RD", "EH"],
        ["edgehog", "Randschwein", "edgehog"],
        &[Step::Edgehog],
    ),
    kind(
        ["MO", "MO", "MO"],
        ["moa", "Moa", "moa"],
        &[Step::Lame(Lame::Moa)],
    ),
    kind(
        ["RR", "TJ", "TC"],
        ["rook hunter", "Turm/Laeufer-Jaeger", "tour/fou chasseur"],
        &[Step::Hunter(&v::F, &v::W)],
    ),
    kind(
        ["BR", "LJ", "FC"],
        ["bishop hunter", "Laeufer/Turm-Jaeger", "fou/tour chasseur"],
        &[Step::Hunter(&v::W, &v::F)],
    ),
    kind(
        ["AO", "AO", "AO"],
        ["maorider", "MaoReiter", "mao noctambule"],
        &[Step::LameRider(Lame::Mao)],
    ),
    kind(
        ["OA", "OA", "OA"],
        ["moarider", "MoaReiter", "moa noctambule"],
        &[Step::LameRider(Lame::Moa)],
    ),
    kind(
        ["RH", "TH", "ST"],
        ["rook hopper", "Turmhuepfer", "sauterelle tour"],
        &[hop(&v::W, 1, Land::Behind(1))],
    ),
    kind(
        ["BH", "LH", "SF"],
        ["bishop hopper", "Laeuferhuepfer", "sauterelle fou"],
        &[hop(&v::F, 1, Land::Behind(1))],
    ),
    kind(
        ["EK", "EK", "RE"],
        ["erlking", "Erlkoenig", "roi des elfes"],
        &[Step::Leap(&v::Q)],
    ),
    KindDef {
        sorts: true,
        ..kind(
            ["BT", "PF", "BT"],
            ["boyscout", "Pfadfinder", "boy-scout"],
            &[Step::Zigzag(&v::BOY_SCOUT)],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["GT", "PN", "GT"],
            ["girlscout", "Pfadfinderin", "girl-scout"],
            &[Step::Zigzag(&v::GIRL_SCOUT)],
        )
    },
    kind(
        ["SK", "SK", "SK"],
        ["skylla", "Skylla", "skylla"],
        &[Step::BentLocust(&v::SKYLLA)],
    ),
    kind(
        ["CY", "CY", "CY"],
        ["charybdis", "Charybdis", "charybdis"],
        &[Step::BentLocust(&v::CHARYBDIS)],
    ),
    kind(
        ["CG", "KG", "SA"],
        [
            "contra grasshopper",
            "KontraGrashuepfer",
            "sauterelle contra",
        ],
        &[Step::ContraHop(&v::Q)],
    ),
    KindDef {
        sorts: true,
        ..kind(
            ["RN", "RN", "RL"],
            ["rose-lion", "Rosenlion", "rose-lion"],
            &[Step::Rose(Rose::Lion)],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["RP", "RH", "RS"],
            ["rose-hopper", "RosenHuepfer", "rose sauteur"],
            &[Step::Rose(Rose::Hopper)],
        )
    },
    kind(
        ["OK", "OK", "OK"],
        ["okapi", "Okapi", "okapi"],
        &[Step::Leap(&v::N_L23)],
    ),
    kind(
        ["37", "37", "37"],
        ["3,7-leaper", "3,7-Springer", "3,7-cavalier"],
        &[Step::Leap(&v::L37)],
    ),
    kind(
        ["G2", "G2", "S2"],
        ["grasshopper-2", "Grashuepfer-2", "sauterelle-2"],
        &[hop(&v::Q, 1, Land::Behind(2))],
    ),
    kind(
        ["G3", "G3", "S3"],
        ["grasshopper-3", "Grashuepfer-3", "sauterelle-3"],
        &[hop(&v::Q, 1, Land::Behind(3))],
    ),
    kind(
        ["16", "16", "16"],
        ["1,6-leaper", "1,6-Springer", "1,6-cavalier"],
        &[Step::Leap(&v::L16)],
    ),
    kind(
        ["24", "24", "24"],
        ["2,4-leaper", "2,4-Springer", "2,4-cavalier"],
        &[Step::Leap(&v::L24)],
    ),
    kind(
        ["35", "35", "35"],
        ["3,5-leaper", "3,5-Springer", "3,5-cavalier"],
        &[Step::Leap(&v::L35)],
    ),
    KindDef {
        sorts: true,
        ..kind(
            ["DG", "DG", "DS"],
            [
                "doublegrasshopper",
                "Doppelgrashuepfer",
                "double sauterelle",
            ],
            &[Step::DoubleHop(&v::Q_REV)],
        )
    },
    kind(
        ["KH", "KH", "SR"],
        ["kinghopper", "Koenigshuepfer", "sauteur roi"],
        &[Step::LeapHop(&v::Q)],
    ),
    kind(
        ["OR", "OR", "OR"],
        ["orix", "Orix", "orix"],
        &[Step::Equi(Equi::Orix)],
    ),
    kind(
        ["15", "15", "15"],
        ["1,5-leaper", "1,5-Springer", "1,5-cavalier"],
        &[Step::Leap(&v::L15)],
    ),
    kind(
        ["25", "25", "25"],
        ["2,5-leaper", "2,5-Springer", "2,5-cavalier"],
        &[Step::Leap(&v::L25)],
    ),
    kind(
        ["GL", "GL", "GL"],
        ["gral", "Gral", "gral"],
        &[Step::Leap(&v::L22), hop(&v::W, 1, Land::Behind(1))],
    ),
    kind(
        ["LR", "HT", "LT"],
        ["rook locust", "Turmheuschrecke", "tour locuste"],
        &[Step::Locust(&v::W)],
    ),
    kind(
        ["LB", "HL", "LF"],
        ["bishop locust", "Laeuferheuschrecke", "fou locuste"],
        &[Step::Locust(&v::F)],
    ),
    kind(
        ["LN", "HN", "LN"],
        [
            "nightrider locust",
            "Nachtreiterheuschrecke",
            "noctambule locuste",
        ],
        &[Step::Locust(&v::N)],
    ),
    kind(
        ["WR", "WR", "VS"],
        ["wazirrider", "Wesirreiter", "vizir sauteur"],
        &[Step::Ride(&v::W)],
    ),
    kind(
        ["FR", "FR", "FS"],
        ["fersrider", "Fersreiter", "fers sauteur"],
        &[Step::Ride(&v::F)],
    ),
    kind(
        ["BI", "BI", "BI"],
        ["bison", "Bison", "bison"],
        &[Step::Leap(&v::L23_L13)],
    ),
    kind(
        ["ET", "ET", "EL"],
        ["elephant", "Elefant", "elephant"],
        &[Step::Ride(&v::Q_N)],
    ),
    kind(
        ["NA", "NA", "NA"],
        ["nao", "Nao", "nao"],
        &[Step::Chinese(&v::N)],
    ),
    KindDef {
        sorts: true,
        ..kind(
            ["RM", "TC", "ET"],
            ["rook moose", "Turmelch", "elan tour"],
            &[Step::AngleHop(&v::W_REV, Angle::A45)],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["RE", "TA", "AT"],
            ["rook eagle", "Turmadler", "aigle tour"],
            &[Step::AngleHop(&v::W_REV, Angle::A90)],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["RW", "TS", "MT"],
            ["rook sparrow", "Turmspatz", "moineau tour"],
            &[Step::AngleHop(&v::W_REV, Angle::A135)],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["BM", "LC", "EF"],
            ["bishop moose", "Laeuferelch", "elan fou"],
            &[Step::AngleHop(&v::F_REV, Angle::A45)],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["BE", "LA", "AF"],
            ["bishop eagle", "Laeuferadler", "aigle fou"],
            &[Step::AngleHop(&v::F_REV, Angle::A90)],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["BW", "LS", "MF"],
            ["bishop sparrow", "Laeuferspatz", "moineau fou"],
            &[Step::AngleHop(&v::F_REV, Angle::A135)],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["RA", "RA", "RA"],
            ["rao", "Rao", "rao"],
            &[Step::Rose(Rose::Chinese)],
        )
    },
    kind(
        ["SO", "SO", "SO"],
        ["scorpion", "Skorpion", "scorpion"],
        &[Step::Leap(&v::Q), hop(&v::Q, 1, Land::Behind(1))],
    ),
    KindDef {
        sorts: true,
        ..kind(
            ["MG", "MG", "MG"],
            ["marguerite", "Margerite", "marguerite"],
            &[
                Step::AngleHop(&v::Q_REV, Angle::A45),
                Step::AngleHop(&v::Q_REV, Angle::A90),
                Step::AngleHop(&v::Q_REV, Angle::A135),
                hop(&v::Q, 1, Land::Behind(1)),
                Step::Hamster,
            ],
        )
    },
    kind(
        ["36", "36", "36"],
        ["3,6-leaper", "3,6-Springer", "3,6-cavalier"],
        &[Step::Leap(&v::L36)],
    ),
    kind(
        ["NL", "NL", "NL"],
        ["nightrider lion", "Nachtreiterlion", "noctambule lion"],
        &[hop(&v::N, 1, Land::Line)],
    ),
    kind(
        ["ML", "ML", "ML"],
        ["maorider lion", "Maoreiterlion", "mao noctambule lion"],
        &[Step::LameRiderLion(Lame::Mao)],
    ),
    kind(
        ["MM", "MM", "MM"],
        ["moarider lion", "Moareiterlion", "moa noctambule lion"],
        &[Step::LameRiderLion(Lame::Moa)],
    ),
    KindDef {
        sorts: true,
        ..kind(
            ["F", "F", "A"],
            ["friend", "Freund", "ami"],
            &[Step::Orphan { friend: true }],
        )
    },
    kind(
        ["DO", "DE", "DN"],
        ["dolphin", "Delphin", "dauphin"],
        &[
            hop(&v::Q_REV, 2, Land::Behind(1)),
            hop(&v::Q, 1, Land::Behind(1)),
        ],
    ),
    kind(
        ["RT", "HE", "LA"],
        ["rabbit", "Hase", "lapin"],
        &[hop(&v::Q_REV, 2, Land::Line)],
    ),
    kind(
        ["BO", "BO", "BO"],
        ["bob", "Bob", "bob"],
        &[hop(&v::Q_REV, 4, Land::Line)],
    ),
    kind(
        ["QE", "QE", "QA"],
        ["equistopper", "Equistopper", "equistoppeur"],
        &[Step::Equi(Equi::Stopper)],
    ),
    kind(
        ["QF", "QF", "QF"],
        [
            "non-stop equistopper",
            "Nonstop-Equistopper",
            "equistoppeur non-stop",
        ],
        &[Step::Equi(Equi::NonstopStopper)],
    ),
    kind(
        ["QQ", "OD", "QQ"],
        ["querquisite", "Odysseus", "querquisite"],
        &[Step::Querquisite],
    ),
    kind(
        ["B1", "B1", "B1"],
        ["bouncer", "Bouncer", "bouncer"],
        &[Step::Bouncer(&v::Q_REV)],
    ),
    kind(
        ["B2", "B2", "B2"],
        ["rook bouncer", "Turmbouncer", "tour bouncer"],
        &[Step::Bouncer(&v::W_REV)],
    ),
    kind(
        ["B3", "B3", "B3"],
        ["bishop bouncer", "Laeuferbouncer", "fou bouncer"],
        &[Step::Bouncer(&v::F_REV)],
    ),
    kind(
        ["CP", "CB", "PC"],
        ["chinese pawn", "Chinesischer Bauer", "pion chinois"],
        &[Step::Pawn(Pawn::Chinese)],
    ),
    KindDef {
        sorts: true,
        ..kind(
            ["RK", "RP", "CL"],
            ["radial knight", "Radialspringer", "cavalier radial"],
            &[Step::Radial(Radial::Knight, &v::RADIAL_ALL)],
        )
    },
    KindDef {
        pawn: Some(Promotion::OwnFirstRank),
        ..kind(
            ["PP", "RB", "PV"],
            ["reverse pawn", "ReversBauer", "pion renverse"],
            &[Step::Pawn(Pawn::Reverse)],
        )
    },
    kind(
        ["LS", "LR", "LR"],
        ["rose locust", "Rosen-Heuschrecke", "rose locuste"],
        &[Step::Rose(Rose::Locust)],
    ),
    kind(
        ["ZE", "ZE", "ZE"],
        ["zebu", "Zebu", "zebu"],
        &[Step::Leap(&v::L13_L14)],
    ),
    KindDef {
        sorts: true,
        ..kind(
            ["BN", "NR", "NR"],
            [
                "bouncy nightrider",
                "Reflektierender Nachtreiter",
                "noctambule rebondissant",
            ],
            &[Step::BouncyNightrider],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["S2", "S2", "N2"],
            [
                "(2,0)-zigzag nightrider",
                "(2,0)-Zigzag Nachtreiter",
                "(2,0)-Zigzag noctambule",
            ],
            &[Step::Zigzag(&v::ZIGZAG_20)],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["S4", "S4", "N4"],
            [
                "(4,0)-zigzag nightrider",
                "(4,0)-Zigzag Nachtreiter",
                "(4,0)-Zigzag noctambule",
            ],
            &[Step::Zigzag(&v::ZIGZAG_40)],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["S1", "S1", "N1"],
            [
                "(1,1)-zigzag nightrider",
                "(1,1)-Zigzag Nachtreiter",
                "(1,1)-Zigzag noctambule",
            ],
            &[Step::Zigzag(&v::ZIGZAG_11)],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["S3", "S3", "N3"],
            [
                "(3,3)-zigzag nightrider",
                "(3,3)-Zigzag Nachtreiter",
                "(3,3)-Zigzag noctambule",
            ],
            &[Step::Zigzag(&v::ZIGZAG_33)],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["QN", "QN", "QN"],
            ["quintessence", "Quintessenz", "quintessence"],
            &[Step::Zigzag(&v::QUINTESSENCE)],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["DK", "DT", "DT"],
            [
                "doublerookhopper",
                "Doppelturmhuepfer",
                "double tour-sauterelle",
            ],
            &[Step::DoubleHop(&v::W_REV)],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["DB", "DL", "DF"],
            [
                "doublebishopper",
                "Doppellaeuferhuepfer",
                "double fou-sauterelle",
            ],
            &[Step::DoubleHop(&v::F_REV)],
        )
    },
    kind(
        ["NO", "NO", "NO"],
        ["non-stop orix", "Nonstop-Orix", "orix non-stop"],
        &[Step::Equi(Equi::NonstopOrix)],
    ),
    KindDef {
        sorts: true,
        ..kind(
            ["TH", "UH", "SB"],
            ["tree hopper", "Baumhuepfer", "sauteur arbre"],
            &[Step::Radial(Radial::Tree, &v::RADIAL_QUEEN)],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["LH", "BH", "SE"],
            ["leaf hopper", "Blatthuepfer", "sauteur feuille"],
            &[Step::Radial(Radial::Leaf, &v::RADIAL_QUEEN)],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["GE", "GU", "SM"],
            [
                "greater treehopper",
                "Grosser Baumhuepfer",
                "sauteur arbre majeur",
            ],
            &[Step::Radial(Radial::Tree, &v::RADIAL_ALL)],
        )
    },
    KindDef {
        sorts: true,
        ..kind(
            ["GF", "GB", "SU"],
            [
                "greater leafhopper",
                "Grosser Blatthuepfer",
                "sauteur feuille majeur",
            ],
            &[Step::Radial(Radial::Leaf, &v::RADIAL_ALL)],
        )
    },
    kind(
        ["KL", "LK", "KL"],
        ["kangaroo lion", "Kaenguruh-Lion", "kangourou lion"],
        &[hop(&v::Q_REV, 2, Land::Line)],
    ),
    kind(
        ["KO", "KO", "KO"],
        ["kao", "Kao", "kao"],
        &[Step::ChineseLeap(&v::N)],
    ),
    kind(
        ["KP", "SH", "SV"],
        ["knight hopper", "Springerhuepfer", "sauteur cavalier"],
        &[Step::LeapHop(&v::N)],
    ),
    kind(
        ["SH", "SC", "BA"],
        ["ship", "Schiff", "bateau"],
        &[Step::Pawn(Pawn::Captures), Step::Ride(&v::W)],
    ),
    kind(
        ["GY", "GY", "GY"],
        ["gryphon", "Gryphon", "gryphon"],
        &[Step::Pawn(Pawn::Steps), Step::Ride(&v::F)],
    ),
    kind(
        ["MS", "MS", "CM"],
        ["marine knight", "Mariner Springer", "cavalier marin"],
        &[Step::MarineLeap(&v::N)],
    ),
    KindDef {
        royal: true,
        ..kind(
            ["PO", "PO", "PO"],
            ["poseidon", "Poseidon", "poseidon"],
            &[Step::MarineLeap(&v::Q)],
        )
    },
    KindDef {
        pawn: Some(Promotion::Marine),
        ..kind(
            ["MP", "MB", "PM"],
            ["marine pawn", "Mariner Bauer", "pion marin"],
            &[Step::Pawn(Pawn::Marine)],
        )
    },
    kind(
        ["MH", "MC", "BM"],
        ["marine ship", "marines Schiff", "bateau marin"],
        &[Step::Marine(&v::W), Step::Pawn(Pawn::MarineCaptures)],
    ),
    KindDef {
        royal: true,
        ..kind(
            ["ST", "ST", "EP"],
            ["sting", "Stachel", "epine"],
            &[hop(&v::Q, 1, Land::Behind(1)), Step::Leap(&v::Q)],
        )
    },
    kind(
        ["SE", "SE", "DG"],
        ["senora", "Senora", "senora"],
        &[Step::Argentinian(&v::Q)],
    ),
    kind(
        ["FA", "FA", "FA"],
        ["faro", "Faro", "faro"],
        &[Step::Argentinian(&v::W)],
    ),
    kind(
        ["LO", "LO", "LO"],
        ["loco", "Loco", "loco"],
        &[Step::Argentinian(&v::F)],
    ),
    KindDef {
        sorts: true,
        ..kind(
            ["SA", "SA", "SL"],
            ["saltador", "Saltador", "Saltador"],
            &[Step::Saltador],
        )
    },
    kind(
        ["AH", "AH", "AS"],
        ["maohopper", "Maohuepfer", "mao sauteur"],
        &[Step::LameHop(Lame::Mao)],
    ),
    kind(
        ["OH", "OH", "OS"],
        ["moahopper", "Moahuepfer", "moa sauteur"],
        &[Step::LameHop(Lame::Moa)],
    ),
    kind(
        ["HC", "HK", "HC"],
        ["contrahamster", "KontraHamster", "ContraHamster"],
        &[Step::ContraHamster],
    ),
    KindDef {
        dedup: true,
        ..kind(
            ["EE", "AE", "AE"],
            ["eagle equihopper", "Adler-Equihopper", "aigle equisauteur"],
            &[Step::Equi(Equi::EagleHopper)],
        )
    },
    KindDef {
        dedup: true,
        ..kind(
            ["EN", "AQ", "AQ"],
            [
                "eagle nonstop equihopper",
                "Adler-Nonstop-Equihopper",
                "aigle equisauteur non-stop",
            ],
            &[Step::Equi(Equi::EagleNonstopHopper)],
        )
    },
    kind(
        ["SC", "SR", "SS"],
        ["scarabeus", "Skarabaeus", "scarabee"],
        &[Step::AngleHop(&v::Q_REV, Angle::Knightwise)],
    ),
];

/// Each kind by name, for the code that must name one.
#[allow(dead_code)]
impl Kind {
    pub const LEO: Kind = Kind(6);
    pub const MAO: Kind = Kind(7);
    pub const PAO: Kind = Kind(8);
    pub const VAO: Kind = Kind(9);
    pub const ROSE: Kind = Kind(10);
    pub const GRASSHOPPER: Kind = Kind(11);
    pub const NIGHTRIDER: Kind = Kind(12);
    pub const ZEBRA: Kind = Kind(13);
    pub const CAMEL: Kind = Kind(14);
    pub const GIRAFFE: Kind = Kind(15);
    pub const ROOT_FIFTY_LEAPER: Kind = Kind(16);
    pub const BUCEPHALE: Kind = Kind(17);
    pub const WAZIR: Kind = Kind(18);
    pub const ALFIL: Kind = Kind(19);
    pub const FERS: Kind = Kind(20);
    pub const DABBABA: Kind = Kind(21);
    pub const LION: Kind = Kind(22);
    pub const NONSTOP_EQUIHOPPER: Kind = Kind(23);
    pub const LOCUST: Kind = Kind(24);
    pub const BEROLINA_PAWN: Kind = Kind(25);
    pub const AMAZON: Kind = Kind(26);
    pub const EMPRESS: Kind = Kind(27);
    pub const PRINCESS: Kind = Kind(28);
    pub const GNU: Kind = Kind(29);
    pub const ANTELOPE: Kind = Kind(30);
    pub const SQUIRREL: Kind = Kind(31);
    pub const WARAN: Kind = Kind(32);
    pub const DRAGON: Kind = Kind(33);
    pub const KANGAROO: Kind = Kind(34);
    pub const SPIRAL_SPRINGER: Kind = Kind(35);
    pub const UBIUBI: Kind = Kind(36);
    pub const HAMSTER: Kind = Kind(37);
    pub const MOOSE: Kind = Kind(38);
    pub const EAGLE: Kind = Kind(39);
    pub const SPARROW: Kind = Kind(40);
    pub const ARCHBISHOP: Kind = Kind(41);
    pub const REFLECT_BISHOP: Kind = Kind(42);
    pub const CARDINAL: Kind = Kind(43);
    pub const NIGHTRIDER_HOPPER: Kind = Kind(44);
    pub const DUMMY: Kind = Kind(45);
    pub const CAMELRIDER: Kind = Kind(46);
    pub const ZEBRARIDER: Kind = Kind(47);
    pub const GNURIDER: Kind = Kind(48);
    pub const CAMELRIDER_HOPPER: Kind = Kind(49);
    pub const ZEBRARIDER_HOPPER: Kind = Kind(50);
    pub const GNURIDER_HOPPER: Kind = Kind(51);
    pub const DIAGONAL_SPIRAL_SPRINGER: Kind = Kind(52);
    pub const BOUNCY_KNIGHT: Kind = Kind(53);
    pub const EQUIHOPPER: Kind = Kind(54);
    pub const CAT: Kind = Kind(55);
    pub const SUPER_BEROLINA_PAWN: Kind = Kind(56);
    pub const SUPER_PAWN: Kind = Kind(57);
    pub const ROOK_LION: Kind = Kind(58);
    pub const BISHOP_LION: Kind = Kind(59);
    pub const SIRENE: Kind = Kind(60);
    pub const TRITON: Kind = Kind(61);
    pub const NEREIDE: Kind = Kind(62);
    pub const ORPHAN: Kind = Kind(63);
    pub const EDGEHOG: Kind = Kind(64);
    pub const MOA: Kind = Kind(65);
    pub const ROOK_HUNTER: Kind = Kind(66);
    pub const BISHOP_HUNTER: Kind = Kind(67);
    pub const MAORIDER: Kind = Kind(68);
    pub const MOARIDER: Kind = Kind(69);
    pub const ROOK_HOPPER: Kind = Kind(70);
    pub const BISHOP_HOPPER: Kind = Kind(71);
    pub const ERLKING: Kind = Kind(72);
    pub const BOY_SCOUT: Kind = Kind(73);
    pub const GIRL_SCOUT: Kind = Kind(74);
    pub const SKYLLA: Kind = Kind(75);
    pub const CHARYBDIS: Kind = Kind(76);
    pub const CONTRAGRASSHOPPER: Kind = Kind(77);
    pub const ROSE_LION: Kind = Kind(78);
    pub const ROSE_HOPPER: Kind = Kind(79);
    pub const OKAPI: Kind = Kind(80);
    pub const LEAP37: Kind = Kind(81);
    pub const GRASSHOPPER2: Kind = Kind(82);
    pub const GRASSHOPPER3: Kind = Kind(83);
    pub const LEAP16: Kind = Kind(84);
    pub const LEAP24: Kind = Kind(85);
    pub const LEAP35: Kind = Kind(86);
    pub const DOUBLE_GRASSHOPPER: Kind = Kind(87);
    pub const KING_HOPPER: Kind = Kind(88);
    pub const ORIX: Kind = Kind(89);
    pub const LEAP15: Kind = Kind(90);
    pub const LEAP25: Kind = Kind(91);
    pub const GRAL: Kind = Kind(92);
    pub const ROOK_LOCUST: Kind = Kind(93);
    pub const BISHOP_LOCUST: Kind = Kind(94);
    pub const NIGHT_LOCUST: Kind = Kind(95);
    pub const WAZIR_RIDER: Kind = Kind(96);
    pub const FERS_RIDER: Kind = Kind(97);
    pub const BISON: Kind = Kind(98);
    pub const ELEPHANT: Kind = Kind(99);
    pub const NAO: Kind = Kind(100);
    pub const ROOK_MOOSE: Kind = Kind(101);
    pub const ROOK_EAGLE: Kind = Kind(102);
    pub const ROOK_SPARROW: Kind = Kind(103);
    pub const BISHOP_MOOSE: Kind = Kind(104);
    pub const BISHOP_EAGLE: Kind = Kind(105);
    pub const BISHOP_SPARROW: Kind = Kind(106);
    pub const RAO: Kind = Kind(107);
    pub const SCORPION: Kind = Kind(108);
    pub const MARGUERITE: Kind = Kind(109);
    pub const LEAP36: Kind = Kind(110);
    pub const NIGHTRIDER_LION: Kind = Kind(111);
    pub const MAORIDER_LION: Kind = Kind(112);
    pub const MOARIDER_LION: Kind = Kind(113);
    pub const FRIEND: Kind = Kind(114);
    pub const DOLPHIN: Kind = Kind(115);
    pub const RABBIT: Kind = Kind(116);
    pub const BOB: Kind = Kind(117);
    pub const EQUISTOPPER: Kind = Kind(118);
    pub const NONSTOP_EQUISTOPPER: Kind = Kind(119);
    pub const QUERQUISITE: Kind = Kind(120);
    pub const BOUNCER: Kind = Kind(121);
    pub const ROOK_BOUNCER: Kind = Kind(122);
    pub const BISHOP_BOUNCER: Kind = Kind(123);
    pub const CHINESE_PAWN: Kind = Kind(124);
    pub const RADIAL_KNIGHT: Kind = Kind(125);
    pub const REVERSE_PAWN: Kind = Kind(126);
    pub const ROSE_LOCUST: Kind = Kind(127);
    pub const ZEBU: Kind = Kind(128);
    pub const BOUNCY_NIGHTRIDER: Kind = Kind(129);
    pub const SPIRAL_SPRINGER20: Kind = Kind(130);
    pub const SPIRAL_SPRINGER40: Kind = Kind(131);
    pub const SPIRAL_SPRINGER11: Kind = Kind(132);
    pub const SPIRAL_SPRINGER33: Kind = Kind(133);
    pub const QUINTESSENCE: Kind = Kind(134);
    pub const DOUBLE_ROOK_HOPPER: Kind = Kind(135);
    pub const DOUBLE_BISHOPPER: Kind = Kind(136);
    pub const NONSTOP_ORIX: Kind = Kind(137);
    pub const TREEHOPPER: Kind = Kind(138);
    pub const LEAFHOPPER: Kind = Kind(139);
    pub const GREATER_TREEHOPPER: Kind = Kind(140);
    pub const GREATER_LEAFHOPPER: Kind = Kind(141);
    pub const KANGAROO_LION: Kind = Kind(142);
    pub const KAO: Kind = Kind(143);
    pub const KNIGHT_HOPPER: Kind = Kind(144);
    pub const SHIP: Kind = Kind(145);
    pub const GRYPHON: Kind = Kind(146);
    pub const MARINE_KNIGHT: Kind = Kind(147);
    pub const POSEIDON: Kind = Kind(148);
    pub const MARINE_PAWN: Kind = Kind(149);
    pub const MARINE_SHIP: Kind = Kind(150);
    pub const STING: Kind = Kind(151);
    pub const SENORA: Kind = Kind(152);
    pub const FARO: Kind = Kind(153);
    pub const LOCO: Kind = Kind(154);
    pub const SALTADOR: Kind = Kind(155);
    pub const MAO_HOPPER: Kind = Kind(156);
    pub const MOA_HOPPER: Kind = Kind(157);
    pub const CONTRAHAMSTER: Kind = Kind(158);
    pub const EAGLE_EQUIHOPPER: Kind = Kind(159);
    pub const EAGLE_NONSTOP_EQUIHOPPER: Kind = Kind(160);
    pub const SCARABEUS: Kind = Kind(161);
}
