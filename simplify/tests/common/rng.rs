//! xorshift64*: a tiny deterministic generator for the fuzz tests, so that
//! a test input is a pure function of its seed, with no dependency.

pub struct Rng(u64);

impl Rng {
    /// A generator for `seed`; any seed (zero included) is fine.
    pub fn new(seed: u64) -> Rng {
        // splitmix64 of the seed: nearby seeds give unrelated streams and
        // the state is never zero.
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Rng((z ^ (z >> 31)) | 1)
    }

    /// A generator whose state is `state` as it is (never zero: a zero
    /// state stays zero).
    pub fn from_state(state: u64) -> Rng {
        assert_ne!(state, 0, "a zero xorshift state stays zero");
        Rng(state)
    }

    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform-ish in `0..n`; `n` must be positive.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// Uniform-ish in `lo..=hi`; `lo <= hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}
