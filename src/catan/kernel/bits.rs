//! Fixed-width, `Copy` bitsets over dense ids (hexes, corners, edges).

/// A set of small integers below `64 * W`, stored inline.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bits<const W: usize>(pub [u64; W]);

/// Hex sets (up to 128 hexes).
pub type HexSet = Bits<2>;
/// Corner sets (up to 192 corners).
pub type CornerSet = Bits<3>;
/// Edge sets (up to 256 edges).
pub type EdgeSet = Bits<4>;

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> std::fmt::Debug for Bits<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<const W: usize> Bits<W> {
    pub const EMPTY: Self = Bits([0; W]);
    /// Capacity in elements.
    pub const CAP: usize = 64 * W;

    #[inline(always)]
    pub fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1u64 << (i & 63);
    }
    #[inline(always)]
    pub fn remove(&mut self, i: usize) {
        self.0[i >> 6] &= !(1u64 << (i & 63));
    }
    #[inline(always)]
    pub fn contains(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 == 1
    }
    #[inline(always)]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline(always)]
    pub fn union(self, o: Self) -> Self {
        let mut r = self;
        for i in 0..W {
            r.0[i] |= o.0[i];
        }
        r
    }
    #[inline(always)]
    pub fn intersect(self, o: Self) -> Self {
        let mut r = self;
        for i in 0..W {
            r.0[i] &= o.0[i];
        }
        r
    }
    #[inline(always)]
    pub fn minus(self, o: Self) -> Self {
        let mut r = self;
        for i in 0..W {
            r.0[i] &= !o.0[i];
        }
        r
    }
    /// Elements in exactly one of the two sets.
    #[inline(always)]
    pub fn sym_diff(self, o: Self) -> Self {
        let mut r = self;
        for i in 0..W {
            r.0[i] ^= o.0[i];
        }
        r
    }
    /// The `k`-th smallest element (0-based); `k < len()`.
    #[inline]
    pub fn nth(&self, mut k: u32) -> usize {
        for (wi, &w) in self.0.iter().enumerate() {
            let c = w.count_ones();
            if k < c {
                return wi * 64 + select64(w, k) as usize;
            }
            k -= c;
        }
        panic!("nth past the end of a bitset")
    }
    /// Elements in increasing order.
    #[inline(always)]
    pub fn iter(&self) -> BitsIter<W> {
        BitsIter {
            words: self.0,
            wi: 0,
        }
    }
}

/// Position of the `k`-th set bit of `w` (0-based; `k < w.count_ones()`): halves, quarters and
/// bytes by population count, then the last byte bit by bit, so at most 3 + 7 steps.
#[inline]
pub fn select64(mut w: u64, mut k: u32) -> u32 {
    let mut base = 0;
    for shift in [32u32, 16, 8] {
        let low = w & ((1u64 << shift) - 1);
        let n = low.count_ones();
        if k >= n {
            k -= n;
            w >>= shift;
            base += shift;
        } else {
            w = low;
        }
    }
    for _ in 0..k {
        w &= w - 1;
    }
    base + w.trailing_zeros()
}

/// Iterator over the members of a [`Bits`].
pub struct BitsIter<const W: usize> {
    words: [u64; W],
    wi: usize,
}

impl<const W: usize> Iterator for BitsIter<W> {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.wi < W {
            let w = self.words[self.wi];
            if w != 0 {
                self.words[self.wi] = w & (w - 1);
                return Some(self.wi * 64 + w.trailing_zeros() as usize);
            }
            self.wi += 1;
        }
        None
    }
}

impl<const W: usize> FromIterator<usize> for Bits<W> {
    fn from_iter<I: IntoIterator<Item = usize>>(it: I) -> Self {
        let mut b = Self::EMPTY;
        for i in it {
            b.insert(i);
        }
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn set_operations() {
        let mut a = CornerSet::EMPTY;
        for i in [0, 63, 64, 130, 191] {
            a.insert(i);
        }
        assert_eq!(a.len(), 5);
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![0, 63, 64, 130, 191]);
        assert_eq!(a.nth(3), 130);
        for w in [1u64, 0x8000_0000_0000_0001, u64::MAX, 0x00f0_0f00_a5a5_0003] {
            let naive: Vec<u32> = (0..64).filter(|i| w >> i & 1 == 1).collect();
            for (k, &i) in naive.iter().enumerate() {
                assert_eq!(select64(w, k as u32), i, "select64({w:#x}, {k})");
            }
        }
        a.remove(63);
        assert!(!a.contains(63) && a.contains(64));
        let b: CornerSet = [64, 5].into_iter().collect();
        assert_eq!(a.intersect(b).iter().collect::<Vec<_>>(), vec![64]);
        assert_eq!(a.minus(b).len(), 3);
        assert_eq!(a.union(b).len(), 5);
    }
}
