//! "Did you mean": the known word nearest to a mistyped one, for the
//! messages about unknown conditions, keywords, options and walks.

/// The candidate nearest to `word` (case ignored), when it is near enough
/// to be a slip of the keyboard: at most a third of the letters off (at
/// least one), as `strsim`'s edit distance with transpositions counts.
pub fn nearest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let word = word.to_lowercase();
    if word.len() < 2 {
        return None;
    }
    let limit = (word.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .filter(|c| !c.is_empty())
        .map(|c| (strsim::damerau_levenshtein(&word, &c.to_lowercase()), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// `; did you mean 'X'?` for the nearest candidate, or nothing.
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    nearest(word, candidates).map_or(String::new(), |c| format!("; did you mean '{c}'?"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slips_find_their_word_and_nonsense_finds_none() {
        let words = ["Circe", "AntiCirce", "Madrasi", "stipulation"];
        assert_eq!(nearest("cirse", words), Some("Circe"));
        assert_eq!(nearest("madarsi", words), Some("Madrasi"));
        assert_eq!(nearest("stipulaton", words), Some("stipulation"));
        assert_eq!(nearest("frobnicate", words), None);
        assert_eq!(did_you_mean("x", words), "");
    }
}
