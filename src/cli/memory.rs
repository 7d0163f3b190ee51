//! `--hash`: a size the machine can hold, checked before any table is
//! allocated, so that a mistyped size is an error and not an abort.

/// The largest size taken anywhere (1 TiB): beyond it, sizes in bytes
/// would overflow.
const MAX_MB: usize = 1 << 20;

/// Parses `--hash MB`: at least 1, at most the machine's memory where it
/// is known (Linux), else at most [`MAX_MB`].
pub fn hash_size(s: &str) -> Result<usize, String> {
    let mb: usize = s
        .parse()
        .map_err(|_| format!("`{s}` is not a whole number of MiB"))?;
    if mb == 0 {
        return Err("the tables need at least 1 MiB".into());
    }
    match total_memory_mib() {
        Some(total) if mb as u64 > total => Err(format!(
            "{mb} MiB is more than this machine's memory ({total} MiB); \
             try --hash {} or less",
            suggested(total)
        )),
        _ if mb > MAX_MB => Err(format!("{mb} MiB is more than {MAX_MB} MiB")),
        _ => Ok(mb),
    }
}

/// Half the memory, rounded down to a power of two: a size that leaves
/// room for the rest of the machine's work.
fn suggested(total: u64) -> u64 {
    let half = (total / 2).max(1);
    1 << (63 - half.leading_zeros())
}

/// The machine's memory in MiB (`MemTotal` of /proc/meminfo), where the
/// system tells it.
fn total_memory_mib() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_numbers_the_machine_can_hold() {
        assert_eq!(hash_size("64"), Ok(64));
        assert!(hash_size("0").is_err());
        assert!(hash_size("lots").is_err());
        assert!(hash_size("1000000000000").is_err());
        assert_eq!(suggested(15_000), 4096);
    }
}
