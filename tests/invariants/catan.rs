//! Random-play invariants: conservation, scoring and Robert's flip bookkeeping checked after every step of thousands of games.

use crate::support::{topo, Step, Stepwise};
use rand::Rng as _;
use robsim::catan::policy::{Policy, RandomPolicy};
use robsim::catan::sim::{layout_for, GameRngs};
use robsim::catan::*;
use robsim::engine::play::play;

/// Counts flips and checks each one as it happens.
struct FlipCheck {
    tokened: HexSet,
    deserts: HexSet,
    down: u32,
    up: u32,
    robert_moves: u32,
    reshuffles: u32,
    error: Option<String>,
}

impl FlipCheck {
    fn new(l: &Layout) -> FlipCheck {
        let deserts = (0..MAX_HEXES)
            .filter(|&h| l.terrain[h] == Terrain::Desert)
            .collect();
        FlipCheck {
            tokened: l.tokened,
            deserts,
            down: 0,
            up: 0,
            robert_moves: 0,
            reshuffles: 0,
            error: None,
        }
    }
    fn fail(&mut self, msg: String) {
        self.error.get_or_insert(msg);
    }
}

impl Sink<Event> for FlipCheck {
    fn event(&mut self, e: &Event) {
        match *e {
            Event::Flip { hex, down, cause } => {
                if !self.tokened.contains(hex.idx()) {
                    self.fail(format!("flip of tokenless hex {hex:?}"));
                }
                if self.deserts.contains(hex.idx()) {
                    self.fail(format!("flip of the desert {hex:?}"));
                }
                if down {
                    self.down += 1;
                    if cause != FlipCause::Robert {
                        self.fail(format!("flip down by {cause:?}"));
                    }
                } else {
                    self.up += 1;
                    if cause == FlipCause::Robert {
                        self.fail("Robert flipped a token up".into());
                    }
                }
            }
            Event::RobertMove { .. } => self.robert_moves += 1,
            Event::Reshuffle { .. } => self.reshuffles += 1,
            _ => {}
        }
    }
}

#[derive(Default, Debug)]
struct Tally {
    games: u32,
    caps: u32,
    wins: u32,
    losses: u32,
    turns: u64,
    trades: u32,
    refusals: u32,
    reshuffles: u32,
    robert_checked: u32,
}

fn hexes_of(v: &[usize]) -> HexSet {
    v.iter().copied().collect()
}

/// Offers a random one-for-one player trade now and then (random players never trade).
fn random_trade(g: &Game, rng: &mut robsim::engine::seeds::Rng) -> Option<Action> {
    if g.s.phase != Phase::Main || g.s.n_players < 2 || rng.random_range(0..20) != 0 {
        return None;
    }
    let with = PlayerId(rng.random_range(0..g.s.n_players));
    let (a, b) = (rng.random_range(0..5usize), rng.random_range(0..5usize));
    let mut give = [0; 5];
    let mut get = [0; 5];
    give[a] = 1;
    get[b] = 1;
    let t = Action::Trade { with, give, get };
    g.trade_ok(with, &give, &get).then_some(t)
}

/// A random player that prefers progress: soldiers before the roll, then cities, settlements,
/// cards, playing cards and roads over trading and ending the turn. It reaches victories and
/// reshuffles that uniform random play rarely sees.
struct Eager;

impl Policy<Game<'_>> for Eager {
    fn choose(
        &mut self,
        g: &Game,
        legal: &mut ActionList,
        rng: &mut robsim::engine::seeds::Rng,
    ) -> Action {
        g.legal_actions(legal);
        let rank = |a: &Action| match a {
            Action::PlayKnight => 0,
            Action::BuildCity(_) => 1,
            Action::BuildSettlement(_) => 2,
            Action::BuyDev => 3,
            Action::PlayMonopoly(_) | Action::PlayYearOfPlenty(..) | Action::PlayRoadBuilding => 4,
            Action::BuildRoad(_) => 5,
            Action::BankTrade { .. } => 6,
            _ => 7,
        };
        let best = legal.iter().map(rank).min().unwrap();
        // Roads and trades only some of the time, so that turns end.
        if best <= 4 || (best < 7 && rng.random_range(0..3) != 0) {
            let pool: Vec<Action> = legal.iter().copied().filter(|a| rank(a) == best).collect();
            return pool[rng.random_range(0..pool.len())];
        }
        legal[rng.random_range(0..legal.len())]
    }
}

/// Robert's target set computed independently of `robert.rs` (RULINGS §1): face-up tokens
/// adjacent to Robert (or the nearest ones; all of them under `global`), never his own hex
/// unless it is the last; then most pips, most buildings (settlement 1, city `city_weight`),
/// highest number.
fn oracle_targets(g: &Game) -> HexSet {
    let Variant::Robert(r) = g.rules.variant else {
        unreachable!()
    };
    let t = g.topo;
    let mut up: Vec<usize> = (0..t.n_hexes)
        .filter(|&h| g.layout.token[h] != 0 && !g.s.face_down.contains(h))
        .collect();
    // He moves: his own hex only when it holds the last face-up token.
    if up.len() > 1 {
        up.retain(|&h| h != g.s.robber.idx());
    }
    let dist = |h: usize| t.dist(g.s.robber, HexId(h as u8));
    let pool: Vec<usize> = match r.target {
        RobertTarget::Global => up,
        RobertTarget::Adjacent => {
            let adj: Vec<usize> = up.iter().copied().filter(|&h| dist(h) == 1).collect();
            if adj.is_empty() {
                let d = up.iter().map(|&h| dist(h)).min().unwrap_or(0);
                up.into_iter().filter(|&h| dist(h) == d).collect()
            } else {
                adj
            }
        }
    };
    let key = |h: usize| {
        let mut b = 0u32;
        for c in t.hex_corners[h] {
            for p in &g.s.players[..g.s.n_players as usize] {
                if p.cities.contains(c.idx()) {
                    b += r.city_weight as u32;
                } else if p.buildings.contains(c.idx()) {
                    b += 1;
                }
            }
        }
        (pips(g.layout.token[h]), b, g.layout.token[h])
    };
    let best = pool.iter().map(|&h| key(h)).max();
    pool.into_iter().filter(|&h| Some(key(h)) == best).collect()
}

/// Checks that hold after every step, beyond `Game::check_invariants`.
fn check_step(g: &Game, fc: &FlipCheck, buf: &mut ActionList) -> Result<(), String> {
    g.check_invariants()?;
    let s = &g.s;
    let n = s.n_players as usize;
    if let Some(e) = &fc.error {
        return Err(e.clone());
    }
    if s.face_down.len() != fc.down - fc.up {
        return Err(format!(
            "face down {} but {} down - {} up",
            s.face_down.len(),
            fc.down,
            fc.up
        ));
    }
    if !g.topo.land_hexes.contains(s.robber.idx()) {
        return Err("robber off the land".into());
    }
    if !g.rules.variant.cooperative() && !s.face_down.is_empty() {
        return Err("face-down token in the base game".into());
    }
    // Scoring cards.
    let max_road = s.players[..n].iter().map(|p| p.road_length).max().unwrap();
    if s.longest_road != NO_PLAYER {
        let l = s.players[s.longest_road as usize].road_length;
        if l < 5 || l != max_road {
            return Err(format!("longest road held with {l}, max {max_road}"));
        }
    } else if max_road >= 5
        && s.players[..n]
            .iter()
            .filter(|p| p.road_length == max_road)
            .count()
            == 1
    {
        return Err(format!(
            "a lone longest road of {max_road} without the card"
        ));
    }
    if s.largest_army != NO_PLAYER {
        let k = s.players[s.largest_army as usize].knights_played;
        if k < 3 || s.players[..n].iter().any(|p| p.knights_played > k) {
            return Err(format!("largest army held with {k} knights"));
        }
    } else if s.players[..n].iter().any(|p| p.knights_played >= 3) {
        return Err("3+ knights played but nobody holds the largest army".into());
    }
    // Only the current player can hold cards bought this turn.
    for (q, p) in s.players[..n].iter().enumerate() {
        if q != s.current as usize && p.dev_new.iter().any(|&x| x > 0) {
            return Err(format!("seat {q} holds a new card off turn"));
        }
    }
    match s.phase {
        Phase::Over(o) => match o {
            Outcome::Winner(p) => {
                if p.0 != s.current || s.player(p).vp < g.rules.vp_to_win {
                    return Err(format!("winner {p:?} off turn or short of points"));
                }
            }
            Outcome::TeamWin => {
                if s.players[..n].iter().any(|p| p.vp < g.rules.vp_to_win) {
                    return Err("team win with a player short of points".into());
                }
            }
            Outcome::TeamLoss => {
                if s.face_down != g.layout.tokened {
                    return Err("team loss with a token face up".into());
                }
            }
            Outcome::Cap => {
                if s.turn < g.rules.turn_cap {
                    return Err("cap before the cap".into());
                }
            }
        },
        Phase::Discard => {
            if s.discards.iter().all(|&d| d == 0) {
                return Err("discard phase with nothing to discard".into());
            }
        }
        Phase::RobertTie => match g.chance() {
            Some(ChanceDist::Uniform(set)) if set.len() >= 2 => {
                if !set.minus(g.layout.tokened.minus(s.face_down)).is_empty() {
                    return Err("Robert may tie onto a face-down or tokenless hex".into());
                }
            }
            d => return Err(format!("Robert's tie with {d:?}")),
        },
        p if p.is_chance() => {
            if let Some(ChanceDist::Weighted(w)) = g.chance() {
                if w.iter().all(|&x| x == 0) {
                    return Err(format!("{p:?} draws from an empty pile"));
                }
            }
        }
        _ => {
            g.legal_actions(buf);
            if buf.is_empty() {
                return Err(format!("no legal action in {:?}", s.phase));
            }
        }
    }
    Ok(())
}

/// A board keeps the map's terrain and token multisets; a shuffled one keeps 6s and 8s apart
/// and starts the robber in its desert.
fn check_layout(t: &Topology, l: &Layout, board: BoardKind) {
    let fixed = Layout::fixed(t);
    let sorted = |l: &Layout| {
        let mut terr: Vec<&str> = (0..t.n_hexes).map(|h| l.terrain[h].name()).collect();
        let mut tok: Vec<u8> = (0..t.n_hexes).map(|h| l.token[h]).collect();
        terr.sort();
        tok.sort();
        (terr, tok)
    };
    assert_eq!(sorted(l), sorted(&fixed));
    assert_eq!(l.terrain[l.robber_start.idx()], Terrain::Desert);
    for h in 0..t.n_hexes {
        assert_eq!(l.token[h] != 0, l.terrain[h].resource().is_some());
        assert_eq!(l.tokened.contains(h), l.token[h] != 0);
    }
    if board == (BoardKind::Random { red_apart: true }) {
        let red = |h: usize| matches!(l.token[h], 6 | 8);
        for h in (0..t.n_hexes).filter(|&h| red(h)) {
            assert!(
                !t.hex_neighbor_set[h].iter().any(red),
                "6 or 8 next to another"
            );
        }
    }
}

/// The tested player: a random trade with another seat when one is possible (drawn from the
/// policy stream), else `Eager` or the random policy.
struct Tester {
    eager: bool,
    trades: u64,
}

impl Policy<Game<'_>> for Tester {
    fn choose(
        &mut self,
        g: &Game,
        legal: &mut ActionList,
        rng: &mut robsim::engine::seeds::Rng,
    ) -> Action {
        if let Some(a) = random_trade(g, rng) {
            self.trades += 1;
            return a;
        }
        if self.eager {
            Eager.choose(g, legal, rng)
        } else {
            RandomPolicy.choose(g, legal, rng)
        }
    }
}

/// Plays `games` games of `rules` on `board`, checking after every step.
fn run(rules: Rules, board: BoardKind, games: u64, seed: u64, eager: bool) -> Tally {
    let t = topo();
    let mut buf = ActionList::new();
    let mut policy_buf = ActionList::new();
    let mut scratch = ActionList::new();
    let mut tally = Tally::default();
    for i in 0..games {
        let layout = layout_for(t, board, seed, i);
        check_layout(t, &layout, board);
        let mut g = Game::new(t, layout, rules);
        if eager && rules.variant.cooperative() {
            // Reach the rare paths: a lower target (victories) and a deck already played down
            // to 3 knights and the 5 VP cards (exhaustion while dealing, reshuffles).
            g.rules.vp_to_win = 4;
            g.s.played = [11, 0, 2, 2, 2];
            g.s.deck = [3, 5, 0, 0, 0];
        }
        let mut rngs = GameRngs::new(seed, i);
        let fc = FlipCheck::new(&g.layout);
        let ctx = |g: &Game| format!("{:?} {board:?} game {i}, turn {}", g.rules, g.s.turn);
        check_step(&g, &fc, &mut scratch).unwrap_or_else(|e| panic!("{}: {e}", ctx(&g)));
        let mut player = Tester { eager, trades: 0 };
        let (mut refusals, mut robert_checked) = (0, 0);
        let mut obs = Stepwise::new(fc, |g: &Game, st: &Step, fc: &mut FlipCheck| {
            if st.action == Some(Action::RobertMoves) {
                let want = oracle_targets(&Game {
                    s: st.before,
                    ..g.clone()
                });
                if g.s.phase == Phase::RobertTie {
                    assert_eq!(g.chance(), Some(ChanceDist::Uniform(want)), "{}", ctx(g));
                    assert!(want.len() >= 2);
                } else {
                    assert_eq!(want, hexes_of(&[g.s.robber.idx()]), "{}", ctx(g));
                    assert!(g.s.face_down.contains(g.s.robber.idx()));
                }
                robert_checked += 1;
            }
            check_step(g, fc, &mut scratch).unwrap_or_else(|e| panic!("{}: {e}", ctx(g)));
            // Now and then an action from another phase: refused, state untouched.
            if st.n.is_multiple_of(97) && !g.is_over() && g.chance().is_none() {
                g.legal_actions(&mut buf);
                for a in [Action::Roll, Action::RobertMoves, Action::EndTurn] {
                    if !buf.contains(&a) {
                        let mut probe = g.clone();
                        assert!(probe.try_apply(a, &mut ()).is_err());
                        assert_eq!(probe.s, g.s, "{}: refused {a:?} changed state", ctx(g));
                        refusals += 1;
                    }
                }
            }
        });
        play(&mut g, &mut player, &mut rngs, &mut policy_buf, &mut obs);
        let fc = obs.sink;
        tally.trades += player.trades as u32;
        tally.refusals += refusals;
        tally.robert_checked += robert_checked;
        tally.games += 1;
        tally.reshuffles += fc.reshuffles;
        tally.turns += g.s.turn as u64;
        match g.s.outcome() {
            Some(Outcome::Cap) => tally.caps += 1,
            Some(Outcome::TeamLoss) => tally.losses += 1,
            Some(_) => tally.wins += 1,
            None => unreachable!(),
        }
    }
    tally
}

const FIXED: BoardKind = BoardKind::Fixed;
const RANDOM: BoardKind = BoardKind::Random { red_apart: true };

fn assert_few_caps(t: &Tally, what: &str) {
    eprintln!("{what}: {t:?}");
    assert!(
        t.caps * 100 < t.games,
        "{what}: {} of {} games reached the turn cap",
        t.caps,
        t.games
    );
}

fn base(players: u8, games: u64, seed: u64) {
    for (board, name) in [(FIXED, "fixed"), (RANDOM, "random")] {
        let t = run(Rules::base(players), board, games, seed, false);
        assert_few_caps(&t, &format!("base {players}p {name}"));
        assert_eq!(t.wins + t.caps, t.games);
        assert!(t.trades > 0 && t.refusals > 0);
        let t = run(Rules::base(players), board, games / 4, seed + 1, true);
        assert_few_caps(&t, &format!("base {players}p {name} eager"));
    }
}

#[test]
fn base_two_players() {
    base(2, 400, 10);
}

#[test]
fn base_three_players() {
    base(3, 400, 20);
}

#[test]
fn base_four_players() {
    base(4, 400, 30);
}

fn robert_rules(players: u8, start_cards: u8, target: RobertTarget, city_weight: u8) -> Rules {
    Rules::robert(
        players,
        RobertRules {
            target,
            city_weight,
            start_cards,
            ..RobertRules::default()
        },
    )
}

/// Every difficulty with `target`, 2 to 4 players, both city weights, fixed and random boards.
fn robert(target: RobertTarget, seed: u64) {
    let mut eager = Tally::default();
    for k in 0..=3u8 {
        for players in 2..=4u8 {
            let rules = robert_rules(players, k, target, 1 + (k + players) % 2);
            let board = if (k + players) % 2 == 0 {
                FIXED
            } else {
                RANDOM
            };
            let s = seed + 10 * k as u64 + players as u64;
            let t = run(rules, board, 300, s, false);
            assert_few_caps(&t, &format!("robert {target:?} {k} cards {players}p"));
            assert_eq!(t.wins + t.losses + t.caps, t.games);
            let t = run(rules, board, 150, s + 1000, true);
            assert_few_caps(&t, &format!("robert {target:?} {k} cards {players}p eager"));
            eager.games += t.games;
            eager.wins += t.wins;
            eager.losses += t.losses;
            eager.reshuffles += t.reshuffles;
            assert!(t.robert_checked > 0);
        }
    }
    eprintln!("robert {target:?} eager total: {eager:?}");
    // The eager players must reach the rare paths too: wins, losses and reshuffles.
    assert!(
        eager.wins > 0 && eager.losses > 0 && eager.reshuffles > 0,
        "{eager:?}"
    );
}

#[test]
fn robert_adjacent() {
    robert(RobertTarget::Adjacent, 100);
}

#[test]
fn robert_global() {
    robert(RobertTarget::Global, 200);
}

/// The main phase's counted menu (what the `random` policy draws from) is `legal_actions`,
/// action for action in the same order, in every state random play reaches, every variant
/// (Raiders' own actions excepted, where the menu is not used).
#[test]
fn main_menu_is_the_listed_main_actions() {
    let variants = [
        Rules::base(4),
        Rules::base(3),
        Rules::robert(
            4,
            RobertRules {
                start_cards: 3,
                ..Default::default()
            },
        ),
        Rules::solitaire(SolitaireRules::default()).with_modifiers(Modifiers(7)),
    ];
    let mut checked = 0u64;
    for rules in variants {
        let t = topo();
        for i in 0..40 {
            let layout = layout_for(t, BoardKind::Random { red_apart: true }, 11, i);
            let mut g = Game::new(t, layout, rules);
            let mut rngs = GameRngs::new(11, i);
            let mut list = Box::new(ActionList::new());
            let mut obs = Stepwise::new((), |g: &Game, _: &Step, _: &mut ()| {
                if g.s.phase == Phase::Main {
                    let mut l = ActionList::new();
                    g.legal_actions(&mut l);
                    let m = g.main_menu();
                    assert_eq!(m.len(), l.len(), "turn {}", g.s.turn);
                    for (k, a) in l.iter().enumerate() {
                        assert_eq!(m.get(k), *a, "turn {} action {k}", g.s.turn);
                    }
                    checked += 1;
                }
            });
            play(&mut g, &mut RandomPolicy, &mut rngs, &mut list, &mut obs);
        }
    }
    assert!(checked > 10_000, "only {checked} main-phase states checked");
}

/// `Game::counted_action` is `legal_actions` indexed, for every index, in every state random
/// play reaches in every variant (where it counts at all: set-up, the robber, free roads,
/// flips).
#[test]
fn counted_actions_are_the_listed_actions() {
    let variants = [
        Rules::base(4),
        Rules::base(3),
        Rules::robert(
            4,
            RobertRules {
                start_cards: 3,
                ..Default::default()
            },
        ),
        Rules::solitaire(SolitaireRules::default()).with_modifiers(Modifiers(7)),
        Rules::raiders(4, RaidersRules::default()),
    ];
    let mut checked = 0u64;
    for rules in variants {
        let map = robsim::catan::mapfile::map_for("base", &rules);
        let t = Topology::build(&robsim::catan::mapfile::resolve_map(&map).unwrap()).unwrap();
        let board = if matches!(rules.variant, Variant::Raiders(_)) {
            BoardKind::Fixed
        } else {
            BoardKind::Random { red_apart: true }
        };
        for i in 0..30 {
            let mut g = Game::new(&t, layout_for(&t, board, 13, i), rules);
            let mut rngs = GameRngs::new(13, i);
            let mut list = Box::new(ActionList::new());
            let mut obs = Stepwise::new((), |g: &Game, _: &Step, _: &mut ()| {
                if g.is_over() || g.chance().is_some() {
                    return;
                }
                let mut l = ActionList::new();
                g.legal_actions(&mut l);
                let mut count = None;
                for k in 0..l.len() {
                    let Some(a) = g.counted_action(|n| {
                        count = Some(n);
                        k
                    }) else {
                        return;
                    };
                    assert_eq!(a, l[k], "{:?} action {k}", g.s.phase);
                }
                assert_eq!(count, Some(l.len()), "{:?}", g.s.phase);
                checked += 1;
            });
            play(&mut g, &mut RandomPolicy, &mut rngs, &mut list, &mut obs);
        }
    }
    assert!(checked > 5_000, "only {checked} counted decisions checked");
}

/// `random` counts rather than lists where it can (main phase, before the roll, discards); in
/// every state random play reaches, every variant, it takes the action that listing the legal
/// actions and drawing an index would take, from the same random number.
#[test]
fn random_draws_as_if_it_listed() {
    let variants = [
        Rules::base(4),
        Rules::robert(
            3,
            RobertRules {
                start_cards: 2,
                ..Default::default()
            },
        ),
        Rules::solitaire(SolitaireRules::default()).with_modifiers(Modifiers(7)),
        Rules::raiders(4, RaidersRules::default()),
    ];
    let mut checked = 0u64;
    for rules in variants {
        let map = robsim::catan::mapfile::map_for("base", &rules);
        let t = Topology::build(&robsim::catan::mapfile::resolve_map(&map).unwrap()).unwrap();
        let board = if matches!(rules.variant, Variant::Raiders(_)) {
            BoardKind::Fixed
        } else {
            BoardKind::Random { red_apart: true }
        };
        for i in 0..20 {
            let mut g = Game::new(&t, layout_for(&t, board, 12, i), rules);
            let mut rngs = GameRngs::new(12, i);
            let mut list = Box::new(ActionList::new());
            let mut obs = Stepwise::new((), |g: &Game, step: &Step, _: &mut ()| {
                if g.is_over() || g.chance().is_some() {
                    return;
                }
                let mut drawn =
                    robsim::engine::seeds::rng(step.n, i, robsim::engine::seeds::Stream::POLICY);
                let mut listed = drawn.clone();
                let mut l = ActionList::new();
                let a = RandomPolicy.choose(g, &mut l, &mut drawn);
                g.legal_actions(&mut l);
                assert_eq!(a, l[listed.random_range(0..l.len())], "{:?}", g.s.phase);
                checked += 1;
            })
            .limit(3_000);
            play(&mut g, &mut RandomPolicy, &mut rngs, &mut list, &mut obs);
        }
    }
    assert!(checked > 50_000, "only {checked} decisions checked");
}
