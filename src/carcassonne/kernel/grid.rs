//! The board's cells: a 128 × 128 torus, cell ids and their neighbours.

/// Board side: a torus of 128 × 128 cells. At most 96 tiles fit in a box narrower than 128, so
/// no two tiles share a cell and neighbours stay neighbours.
pub const GRID: usize = 128;
pub(super) const GMASK: u16 = (GRID - 1) as u16;
/// Cell of the start tile.
pub const START_CELL: u16 = (64 * GRID + 64) as u16;

/// A cell from (x, y) on the torus.
#[inline]
pub fn cell(x: u16, y: u16) -> u16 {
    ((y & GMASK) << 7) | (x & GMASK)
}

/// (x, y) of a cell.
#[inline]
pub fn xy(c: u16) -> (u16, u16) {
    (c & GMASK, c >> 7)
}

/// The neighbour of `c` across side `s` (N, E, S, W).
#[inline]
pub fn neighbour(c: u16, s: usize) -> u16 {
    let (x, y) = xy(c);
    match s {
        0 => cell(x, y.wrapping_sub(1)),
        1 => cell(x + 1, y),
        2 => cell(x, y + 1),
        _ => cell(x.wrapping_sub(1), y),
    }
}

/// Signed offset of a cell from the start tile (x grows east, y grows south).
pub fn offset(c: u16) -> (i16, i16) {
    let (x, y) = xy(c);
    let (sx, sy) = xy(START_CELL);
    let d = |a: u16, b: u16| ((a.wrapping_sub(b) & GMASK) as i16 + 64) % 128 - 64;
    (d(x, sx), d(y, sy))
}
