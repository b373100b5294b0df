//! `vcsimp batch --shard I/N`: one of N parts of the file list, so that N
//! jobs (a Slurm job array, say) each simplify their part of one command
//! line without a file list of their own.
//!
//! The parts are taken round-robin: shard `I` gets the files at positions
//! `I-1`, `I-1+N`, `I-1+2N`, … (0-based) of the list `vcsimp batch` builds
//! from its inputs (the inputs in command-line order, then the lines of
//! `--files-from`; a directory's files in name order). `I` counts from 1,
//! as `SLURM_ARRAY_TASK_ID` does with `--array=1-N`. Round-robin spreads
//! each directory's files (often of one size and difficulty) over all
//! shards. The list depends only on the command line and the files present,
//! so N jobs with the same command line and `--shard 1/N` … `--shard N/N`
//! partition it: every file is in exactly one shard. A shard may be empty
//! (N larger than the number of files).

use std::fmt;
use std::str::FromStr;

/// Shard `index` of `count` (1 <= index <= count).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    index: usize,
    count: usize,
}

impl Shard {
    /// Shard `index` of `count`; `None` unless 1 <= index <= count.
    pub fn new(index: usize, count: usize) -> Option<Shard> {
        (1..=count)
            .contains(&index)
            .then_some(Shard { index, count })
    }

    /// The items of this shard, in their order: those at 0-based positions
    /// `index-1`, `index-1+count`, `index-1+2*count`, ….
    pub fn select<T>(self, items: Vec<T>) -> Vec<T> {
        items
            .into_iter()
            .skip(self.index - 1)
            .step_by(self.count)
            .collect()
    }
}

impl FromStr for Shard {
    type Err = String;

    /// `I/N` with decimal integers 1 <= I <= N.
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("expected I/N with 1 <= I <= N (e.g. 2/8), got `{s}`");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let number = |t: &str| {
            t.bytes()
                .all(|b| b.is_ascii_digit())
                .then(|| t.parse::<usize>().ok())
                .flatten()
        };
        match (number(i), number(n)) {
            (Some(i), Some(n)) => Shard::new(i, n).ok_or_else(bad),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_i_of_n() {
        assert_eq!("2/8".parse(), Ok(Shard { index: 2, count: 8 }));
        assert_eq!("1/1".parse(), Ok(Shard { index: 1, count: 1 }));
        assert_eq!("8/8".parse::<Shard>().unwrap().to_string(), "8/8");
    }

    #[test]
    fn rejects_what_is_not_a_shard() {
        for s in [
            "",
            "3",
            "/",
            "0/4",
            "5/4",
            "1/0",
            "0/0",
            "-1/4",
            "+1/4",
            "1/-4",
            " 1/4",
            "1/4 ",
            "1.0/4",
            "a/b",
            "1/4/2",
            "1//4",
            "99999999999999999999999/1",
        ] {
            let e = s.parse::<Shard>().unwrap_err();
            assert!(e.contains("1 <= I <= N"), "{s:?}: {e}");
        }
    }

    #[test]
    fn shard_one_of_one_is_everything() {
        let items: Vec<usize> = (0..7).collect();
        assert_eq!(Shard::new(1, 1).unwrap().select(items.clone()), items);
    }

    #[test]
    fn round_robin_in_list_order() {
        let items: Vec<usize> = (0..10).collect();
        assert_eq!(
            Shard::new(1, 3).unwrap().select(items.clone()),
            [0, 3, 6, 9]
        );
        assert_eq!(Shard::new(2, 3).unwrap().select(items.clone()), [1, 4, 7]);
        assert_eq!(Shard::new(3, 3).unwrap().select(items), [2, 5, 8]);
        assert!(Shard::new(4, 4).unwrap().select(vec![0, 1, 2]).is_empty());
    }

    /// For every list length and shard count, the shards are pairwise
    /// disjoint, their union is the list, and their sizes differ by at most
    /// one.
    #[test]
    fn the_shards_partition_the_list() {
        for len in 0..40 {
            let items: Vec<usize> = (0..len).collect();
            for count in 1..=12 {
                let mut owner = vec![None; len];
                let mut sizes = vec![];
                for index in 1..=count {
                    let part = Shard::new(index, count).unwrap().select(items.clone());
                    sizes.push(part.len());
                    for item in part {
                        assert_eq!(owner[item], None, "{item} in two shards of {count}");
                        owner[item] = Some(index);
                    }
                }
                assert!(owner.iter().all(Option::is_some), "{len} items, {count}");
                let (lo, hi) = (sizes.iter().min(), sizes.iter().max());
                assert!(hi.unwrap() - lo.unwrap() <= 1, "{sizes:?}");
            }
        }
    }
}
