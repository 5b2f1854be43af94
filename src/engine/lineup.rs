//! A row whose seats play different policies: the lead's seat and the others round the table.

/// A competitive row's seats, each with its own policy `P`: the lead's policy (the row's own)
/// sits at seat `lead`, the `rest` follow it round the table, so rows that differ in `lead`
/// alone play the same lineup from every position on the same games. `R` is the most seats
/// after the lead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lineup<P, const R: usize> {
    /// The policies after the lead, in seat order from the lead's left (`players - 1` used).
    pub rest: [P; R],
    /// The lead's seat (0-based).
    pub lead: u8,
}

impl<P: Copy, const R: usize> Lineup<P, R> {
    /// The policy of seat `seat` (0-based) at a table of `players`, the lead playing `lead`.
    pub fn seat(&self, lead: P, players: usize, seat: usize) -> P {
        match (seat + players - self.lead as usize) % players {
            0 => lead,
            k => self.rest[k - 1],
        }
    }

    /// One lineup per lead seat for `rest` (the policies after the lead, `players - 1` of them,
    /// padded with `pad`): every seat with `rotate`, seat 1 alone without.
    pub fn leads(rest: &[P], pad: P, players: usize, rotate: bool) -> Vec<Lineup<P, R>> {
        debug_assert_eq!(rest.len() + 1, players);
        let mut seats = [pad; R];
        seats[..rest.len()].copy_from_slice(rest);
        let leads = if rotate { players as u8 } else { 1 };
        (0..leads)
            .map(|lead| Lineup { rest: seats, lead })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lead sits at its seat and the others follow it round the table.
    #[test]
    fn the_rest_follow_the_lead_round_the_table() {
        let l = Lineup::<char, 3>::leads(&['b', 'c'], '-', 3, true);
        assert_eq!(l.len(), 3);
        let seats = |x: &Lineup<char, 3>| (0..3).map(|s| x.seat('A', 3, s)).collect::<String>();
        assert_eq!(seats(&l[0]), "Abc");
        assert_eq!(seats(&l[1]), "cAb");
        assert_eq!(seats(&l[2]), "bcA");
        assert_eq!(
            Lineup::<char, 3>::leads(&['b', 'c'], '-', 3, false).len(),
            1
        );
    }
}
