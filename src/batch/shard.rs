//! `circe solve --shard K/N`: the K-th of N disjoint parts of a batch.
//!
//! A problem's part is a function of its key alone: the path of its file
//! relative to the folder named on the command line, and its number within
//! the file (`circe/r1.inp#1`). Every task of a job array computes the
//! same split without talking to the others, on any machine, in any
//! folder: the hash is FNV-1a (64 bits) with a fixed mixing step, never a
//! randomised one.
//!
//! The part is chosen by rendezvous (highest random weight) hashing: each
//! of the N parts scores the key, the highest score wins. So adding or
//! removing files moves no other problem, and going from N to N+1 parts
//! moves only the problems the new part wins, about 1/(N+1) of them
//! (`key % N` would move nearly all of them).

use std::path::Path;

/// One part of N, K from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub k: u32,
    pub n: u32,
}

/// Where K comes from in `--shard auto/N`: the variables that array jobs
/// set, as described in [`Shard::from_env`].
pub const ENV_VARS: [&str; 2] = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"];

impl Shard {
    /// Reads `K/N` (K from 1 to N); `auto/N` takes K from `env` (see
    /// [`Shard::from_env`]).
    pub fn parse(text: &str, env: &dyn Fn(&str) -> Option<String>) -> Result<Shard, String> {
        let (k, n) = text
            .split_once('/')
            .ok_or_else(|| format!("`{text}` is not K/N (such as 2/8, or auto/8)"))?;
        let n: u32 = n
            .trim()
            .parse()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| format!("`{text}`: N must be a whole number from 1"))?;
        let k = if k.trim() == "auto" {
            Shard::from_env(n, env)?
        } else {
            k.trim()
                .parse()
                .map_err(|_| format!("`{text}`: K must be a whole number from 1 to {n}, or auto"))?
        };
        if k == 0 || k > n {
            return Err(format!(
                "`{text}`: K must be from 1 to {n} (K counts from 1)"
            ));
        }
        Ok(Shard { k, n })
    }

    /// K of `auto/N`. Slurm (`SLURM_ARRAY_TASK_ID`): K is the task id
    /// counted from the array's first id (`SLURM_ARRAY_TASK_MIN`), plus
    /// one, so `--array=1-N` and `--array=0-(N-1)` both give K = 1..N; a
    /// Kubernetes indexed Job (`JOB_COMPLETION_INDEX`, from 0): K is the
    /// index plus one.
    pub fn from_env(n: u32, env: &dyn Fn(&str) -> Option<String>) -> Result<u32, String> {
        let number = |var: &str| -> Result<Option<u32>, String> {
            match env(var) {
                None => Ok(None),
                Some(v) => v
                    .trim()
                    .parse::<u32>()
                    .map(Some)
                    .map_err(|_| format!("{var}=`{v}` is not a whole number")),
            }
        };
        if let Some(id) = number("SLURM_ARRAY_TASK_ID")? {
            let min = number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(1).min(id);
            let k = id - min + 1;
            if k > n {
                return Err(format!(
                    "--shard auto/{n}: SLURM_ARRAY_TASK_ID={id} (array from {min}) is task {k}, \
                     past {n}: submit with --array=1-{n}"
                ));
            }
            return Ok(k);
        }
        if let Some(index) = number("JOB_COMPLETION_INDEX")? {
            return Ok(index + 1);
        }
        Err(format!(
            "--shard auto/{n}: neither {} nor {} is set (give K/{n} instead)",
            ENV_VARS[0], ENV_VARS[1]
        ))
    }

    /// Whether a problem of this key and number belongs to this part.
    pub fn owns(&self, key: &str, number: usize) -> bool {
        part_of(key, number, self.n) == self.k
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

/// The key of a path: its components joined by `/` (the same on every
/// system), without a leading `./`.
pub fn key_of(path: &Path) -> String {
    let parts: Vec<String> = path
        .components()
        .filter(|c| !matches!(c, std::path::Component::CurDir))
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    parts.join("/")
}

/// The part (from 1) of N that the problem `number` of the file `key`
/// falls in: the part with the highest score.
pub fn part_of(key: &str, number: usize, n: u32) -> u32 {
    let h = fnv1a(format!("{key}#{number}").as_bytes());
    (1..=n)
        .max_by_key(|&part| (mix(h ^ mix(u64::from(part))), part))
        .unwrap_or(1)
}

/// FNV-1a, 64 bits.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// SplitMix64's finaliser: every bit of the input moves every bit of the
/// output, which FNV alone does not do for keys that differ at the end.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_env(_: &str) -> Option<String> {
        None
    }

    #[test]
    fn the_hash_is_fixed() {
        // Published FNV-1a test values: the split may never change.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn parts_are_disjoint_balanced_and_move_little() {
        let keys: Vec<String> = (0..4000).map(|i| format!("dir/p{i}.inp")).collect();
        let mut counts = [0usize; 5];
        for k in &keys {
            let p = part_of(k, 1, 4);
            assert_eq!(
                (1..=4)
                    .filter(|&k2| Shard { k: k2, n: 4 }.owns(k, 1))
                    .count(),
                1
            );
            counts[p as usize] += 1;
        }
        for c in &counts[1..] {
            assert!((800..1200).contains(c), "{counts:?}");
        }
        // From 4 parts to 5: a problem moves only into the new part.
        let moved = keys
            .iter()
            .filter(|k| part_of(k, 1, 4) != part_of(k, 1, 5))
            .inspect(|k| assert_eq!(part_of(k, 1, 5), 5))
            .count();
        assert!((600..1000).contains(&moved), "{moved}");
    }

    #[test]
    fn k_n_and_auto() {
        assert_eq!(Shard::parse("2/4", &no_env), Ok(Shard { k: 2, n: 4 }));
        for bad in ["0/4", "5/4", "1/0", "x/2", "2", "-1/3", "1/"] {
            assert!(Shard::parse(bad, &no_env).is_err(), "{bad}");
        }
        assert!(Shard::parse("auto/4", &no_env).is_err());
        let slurm = |v: &str| match v {
            "SLURM_ARRAY_TASK_ID" => Some("3".to_string()),
            _ => None,
        };
        assert_eq!(Shard::parse("auto/4", &slurm), Ok(Shard { k: 3, n: 4 }));
        let from_zero = |v: &str| match v {
            "SLURM_ARRAY_TASK_ID" => Some("3".to_string()),
            "SLURM_ARRAY_TASK_MIN" => Some("0".to_string()),
            _ => None,
        };
        assert_eq!(Shard::parse("auto/4", &from_zero), Ok(Shard { k: 4, n: 4 }));
        let k8s = |v: &str| (v == "JOB_COMPLETION_INDEX").then(|| "0".to_string());
        assert_eq!(Shard::parse("auto/4", &k8s), Ok(Shard { k: 1, n: 4 }));
        let past = |v: &str| (v == "SLURM_ARRAY_TASK_ID").then(|| "5".to_string());
        assert!(Shard::parse("auto/4", &past).is_err());
    }

    #[test]
    fn keys_are_the_same_on_every_system() {
        assert_eq!(key_of(Path::new("./a/b.inp")), "a/b.inp");
        assert_eq!(key_of(Path::new("a/b.inp")), "a/b.inp");
    }
}
