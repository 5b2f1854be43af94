//! `robsim luck`: the same report whatever the thread count, a board that cannot matter measured as not mattering, boards that replay from their map text, seats of competitive rows, Carcassonne's tile orders, the boards drawn in Chromium, and bad tables refused with the key named.

use crate::support::cli::{chromium, dump_dom, read, robsim, run_ok, tmp};
use std::path::Path;

/// Two co-op rows (3 and 4 players, Easy) on three rungs, the search player on fewer boards
/// and games.
const CFG: &str = "name = \"lk\"\nseed = 5\ngames = 1\n[grid]\nvariant = \"robert\"\nplayers = [3, 4]\ndifficulty = \"easy\"\nboard = \"random\"\n[luck]\nrungs = [\"random\", \"team\", \"rollout-2\"]\nboards = [40, 40, 4]\ngames_per_board = [10, 10, 2]\n";

fn luck(cfg: &Path, out: &Path, threads: &str) -> String {
    run_ok(&[
        "luck",
        cfg.to_str().unwrap(),
        "--threads",
        threads,
        "--out",
        out.to_str().unwrap(),
        "-q",
    ])
}

/// The column `name` of every line of a CSV text.
fn column(csv_text: &str, name: &str) -> Vec<String> {
    let mut r = csv::Reader::from_reader(csv_text.as_bytes());
    let k = r
        .headers()
        .unwrap()
        .iter()
        .position(|h| h == name)
        .unwrap_or_else(|| panic!("no column {name}"));
    r.records().map(|x| x.unwrap()[k].to_string()).collect()
}

#[test]
fn the_same_report_whatever_the_threads_and_its_boards_replay() {
    let d = tmp("luck");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("lk.toml");
    std::fs::write(&cfg, CFG).unwrap();
    let (one, two) = (d.join("t1"), d.join("t2"));
    let terminal = luck(&cfg, &one, "1");
    luck(&cfg, &two, "2");
    for f in [
        "luck.csv",
        "boards.csv",
        "pairs.csv",
        "features.csv",
        "board_win_rates.svg",
    ] {
        assert_eq!(read(&one, f), read(&two, f), "{f} on 1 and 2 threads");
    }
    assert!(terminal.contains("3 players, easy (team win)") && terminal.contains("rollout-2"));
    let lk = read(&one, "luck.csv");
    assert_eq!(
        column(&lk, "player"),
        ["random", "team", "rollout-2", "random", "team", "rollout-2"]
    );
    assert_eq!(
        column(&lk, "games")[2],
        "8",
        "the search player: 4 boards x 2 games"
    );
    // Random never wins a co-op game; the team does, and its wins are all skill-decided
    // against random.
    assert_eq!(column(&lk, "wins")[0], "0");
    let (wins, decided) = (column(&lk, "win_rate"), column(&lk, "skill_decided_share"));
    assert_eq!(
        wins[4], decided[4],
        "4 players: team's wins are the games random lost"
    );
    assert!(wins[4].parse::<f64>().unwrap() > 0.3);
    assert_eq!(column(&lk, "skill_spread_censored")[4], "true");
    // Pairs: every two rungs of each row, on the games both played.
    let pairs = read(&one, "pairs.csv");
    assert_eq!(column(&pairs, "games"), ["400", "8", "8", "400", "8", "8"]);
    // boards.csv: one line per board, each rung's rate per row, and the layout as a map file
    // that plays as a fixed board.
    let boards = read(&one, "boards.csv");
    assert_eq!(column(&boards, "board_index").len(), 40);
    assert!(!column(&boards, "r1_rollout-2_win_rate")[3].is_empty());
    assert!(column(&boards, "r1_rollout-2_win_rate")[4].is_empty());
    let layout = &column(&boards, "layout")[7];
    let map = d.join("board7.toml");
    std::fs::write(&map, layout).unwrap();
    let replay = d.join("replay");
    run_ok(&[
        "run",
        "--variant",
        "robert",
        "--map",
        map.to_str().unwrap(),
        "--board",
        "fixed",
        "--games",
        "5",
        "--out",
        replay.to_str().unwrap(),
        "-q",
    ]);
    assert!(read(&replay, "summary.csv").contains("board7.toml"));
    let _ = std::fs::remove_dir_all(&d);
}

/// On a fixed board every board is the same, so whatever spread the per-board win rates show is
/// the dice's: the board share is near 0 and its interval covers 0 (a game decided by the dice
/// alone, as far as the board goes). A competitive row reports each seat's win rate.
#[test]
fn a_fixed_board_has_no_board_share_and_seats_are_reported() {
    let d = tmp("luck-fixed");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("f.toml");
    std::fs::write(
        &cfg,
        "name = \"f\"\nseed = 9\ngames = 1\n[grid]\nvariant = [\"robert\", \"base\"]\nplayers = 4\ndifficulty = \"easy\"\nspans_variants = [\"difficulty\"]\nboard = \"fixed\"\n[luck]\nrungs = [\"team\"]\nboards = 80\ngames_per_board = 12\n",
    )
    .unwrap();
    let out = d.join("out");
    luck(&cfg, &out, "2");
    let lk = read(&out, "luck.csv");
    assert_eq!(column(&lk, "outcome"), ["team", "seat1"]);
    for (row, share) in column(&lk, "board_share").iter().enumerate() {
        let lo: f64 = column(&lk, "board_share_lo95")[row].parse().unwrap();
        let hi: f64 = column(&lk, "board_share_hi95")[row].parse().unwrap();
        let share: f64 = share.parse().unwrap();
        assert!(
            share.abs() < 0.1 && lo < 0.0 && 0.0 < hi,
            "row {row}: {share} ({lo}, {hi})"
        );
    }
    // Each board's map file differs only in its header and name.
    let layouts: Vec<String> = column(&read(&out, "boards.csv"), "layout")
        .iter()
        .map(|l| l[l.find("hexes").unwrap()..].to_string())
        .collect();
    assert_eq!(layouts.len(), 80);
    assert!(layouts.iter().all(|l| *l == layouts[0]), "one layout");
    let seats = read(&out, "seats.csv");
    assert_eq!(column(&seats, "seat"), ["1", "2", "3", "4"]);
    let wins: u64 = column(&seats, "wins")
        .iter()
        .map(|w| w.parse::<u64>().unwrap())
        .sum();
    let capouts: u64 = column(&lk, "capouts")[1].parse().unwrap();
    assert_eq!(
        wins + capouts,
        80 * 12,
        "every game has a winner or caps out"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// report.html draws each row's hardest and easiest boards with the replay page's drawing:
/// after the scripts ran, every board has its 19 hexes and 18 number tokens.
#[test]
fn report_html_draws_the_boards_in_headless_chromium() {
    let d = tmp("luck-html");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("h.toml");
    std::fs::write(
        &cfg,
        CFG.replace(
            "rungs = [\"random\", \"team\", \"rollout-2\"]",
            "rungs = [\"team\"]",
        )
        .replace("boards = [40, 40, 4]", "boards = 12")
        .replace("games_per_board = [10, 10, 2]", "games_per_board = 4"),
    )
    .unwrap();
    let out = d.join("out");
    luck(&cfg, &out, "2");
    let html = read(&out, "report.html");
    assert_eq!(
        html.matches("class=\"luck-board\"").count(),
        8,
        "2 rows x 4 boards"
    );
    assert!(
        !html.contains("src=\"http") && !html.contains("href=\"http"),
        "no network"
    );
    let Some(chrome) = chromium() else {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("Chromium is required in CI (apt-get install chromium; .ci/run does it)");
        }
        eprintln!("NOTICE: chromium not found; the luck report's boards were not drawn");
        let _ = std::fs::remove_dir_all(&d);
        return;
    };
    let dom = dump_dom(
        &chrome,
        &format!("file://{}", out.join("report.html").display()),
        &d,
    );
    assert_eq!(
        dom.matches("data-hexes=\"19\"").count(),
        8,
        "every board drawn"
    );
    assert_eq!(dom.matches("data-tokens=\"18\"").count(), 8);
    assert!(
        dom.contains("class=\"hex "),
        "hexes drawn as in the replay page"
    );
    assert!(dom.contains("id=\"fig-board_win_rates\""));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn bad_luck_tables_name_the_key() {
    let d = tmp("luck-bad");
    std::fs::create_dir_all(&d).unwrap();
    for (from, to, want) in [
        (
            "rungs = [\"random\", \"team\", \"rollout-2\"]",
            "rungs = [\"random\", \"wizard\"]",
            "bad.toml:10: luck.rungs: unknown policy \"wizard\"; allowed: random, greedy, team",
        ),
        (
            "rungs = [\"random\", \"team\", \"rollout-2\"]",
            "rungs = [\"team\", \"team\"]",
            "luck.rungs: \"team\" is listed twice",
        ),
        (
            "boards = [40, 40, 4]",
            "boards = [40, 4]",
            "bad.toml:11: luck.boards: 2 values for 3 rungs; allowed: one count for every rung, or one per rung",
        ),
        (
            "games_per_board = [10, 10, 2]",
            "games_per_board = 1",
            "luck.games_per_board: 1 is out of range; allowed: 2..=1000000",
        ),
        (
            "board = \"random\"",
            "board = \"random\"\npolicy = \"team\"",
            "grid.policy is set; luck plays luck.rungs on every row",
        ),
        (
            "variant = \"robert\"\nplayers = [3, 4]\ndifficulty = \"easy\"\nboard = \"random\"",
            "variant = \"raiders\"\nplayers = 4",
            "luck.rungs: policy \"team\" does not play variant \"raiders\"; allowed: greedy, random",
        ),
        (
            "variant = \"robert\"\nplayers = [3, 4]\ndifficulty = \"easy\"\nboard = \"random\"",
            "variant = \"carcassonne\"",
            "luck.rungs: policy \"team\" does not play variant \"carcassonne\"",
        ),
        (
            "variant = \"robert\"\nplayers = [3, 4]\ndifficulty = \"easy\"\nboard = \"random\"\n[luck]\nrungs = [\"random\", \"team\", \"rollout-2\"]\nboards = [40, 40, 4]\ngames_per_board = [10, 10, 2]",
            "variant = [\"robert\", \"carcassonne\"]\n[luck]\nrungs = [\"random\"]\nboards = 40\ngames_per_board = 10",
            "grid.variant: \"carcassonne\" cannot share a sweep with Catan variants",
        ),
        ("[luck]", "[lucky]", "unknown field `lucky`"),
        (
            "games_per_board = [10",
            "gams_per_board = [10",
            "luck.gams_per_board: unknown key `gams_per_board`; did you mean `games_per_board`?",
        ),
        (
            "board = \"random\"\n[luck]",
            "board = \"random\"\nrobber_share = \"half\"\n[luck]",
            "grid.robber_share: does not apply to variant \"robert\"",
        ),
    ] {
        let cfg = d.join("bad.toml");
        std::fs::write(&cfg, CFG.replace(from, to)).unwrap();
        let out = robsim()
            .args(["luck", cfg.to_str().unwrap(), "--out"])
            .arg(d.join("never"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{to}");
        let e = String::from_utf8_lossy(&out.stderr);
        assert!(e.contains(want), "{to}: {e}");
        assert!(!d.join("never").exists(), "nothing written for {to}");
    }
    let cfg = d.join("none.toml");
    std::fs::write(&cfg, CFG.split("[luck]").next().unwrap()).unwrap();
    let out = robsim()
        .args(["luck", cfg.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no [luck] table"));
    // A folder robsim did not write is refused before any game is played.
    let foreign = d.join("foreign");
    std::fs::create_dir_all(&foreign).unwrap();
    std::fs::write(foreign.join("notes.txt"), "mine").unwrap();
    std::fs::write(&cfg, CFG).unwrap();
    let out = robsim()
        .args(["luck", cfg.to_str().unwrap(), "-o"])
        .arg(&foreign)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--force"));
    assert_eq!(std::fs::read_dir(&foreign).unwrap().count(), 1);
    let help = run_ok(&["luck", "--help"]);
    assert!(help.contains("games_per_board = [100") && help.contains("-o, --out <DIR>"));
    let _ = std::fs::remove_dir_all(&d);
}

/// Carcassonne: a lineup's lead seat played by each rung on the same tile orders, a row per
/// lead seat; the same report on 1 and 2 threads; greedy beats random from every seat, and the
/// rungs pair game by game (`pairs.csv`).
#[test]
fn carcassonne_luck_plays_tile_orders() {
    let d = tmp("luck-carc");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("lc.toml");
    std::fs::write(
        &cfg,
        "name = \"lc\"\nseed = 7\ngames = 1\n[grid]\nvariant = \"carcassonne\"\nplayers = 3\nrobbers = false\nseats = \"greedy,greedy,greedy\"\n[luck]\nrungs = [\"random\", \"greedy\"]\nboards = 12\ngames_per_board = 6\n",
    )
    .unwrap();
    let (one, two) = (d.join("t1"), d.join("t2"));
    let terminal = luck(&cfg, &one, "1");
    luck(&cfg, &two, "2");
    for f in ["luck.csv", "seats.csv", "pairs.csv"] {
        assert_eq!(read(&one, f), read(&two, f), "{f} on 1 and 2 threads");
    }
    assert!(
        terminal.contains("lead seat 1") || terminal.contains("lead_seat 1"),
        "{terminal}"
    );
    let lk = read(&one, "luck.csv");
    assert_eq!(column(&lk, "player"), ["random", "greedy"].repeat(3));
    assert_eq!(
        column(&lk, "outcome"),
        ["seat1", "seat1", "seat2", "seat2", "seat3", "seat3"]
    );
    assert!(column(&lk, "board").iter().all(|b| b == "tile-order"));
    assert!(column(&lk, "variant").iter().all(|b| b == "carcassonne"));
    assert!(column(&lk, "games").iter().all(|g| g == "72"));
    let rate: Vec<f64> = column(&lk, "win_rate")
        .iter()
        .map(|x| x.parse().unwrap())
        .collect();
    for seat in 0..3 {
        assert!(
            rate[2 * seat + 1] > rate[2 * seat] + 0.15,
            "greedy over random from seat {}: {rate:?}",
            seat + 1
        );
    }
    let pairs = read(&one, "pairs.csv");
    assert_eq!(column(&pairs, "games"), ["72", "72", "72"]);
    assert_eq!(column(&lk, "skill_vs"), ["", "random"].repeat(3));
    let seats = read(&one, "seats.csv");
    assert_eq!(
        column(&seats, "seat").len(),
        18,
        "3 rows x 2 rungs x 3 seats"
    );
    // No lineup: the rungs play every seat, seat 1's win is followed and nothing pairs; a row
    // with The Robbers and one without on the same tile orders; a tie for first counts for both.
    std::fs::write(
        &cfg,
        "name = \"lc\"\nseed = 7\ngames = 1\n[grid]\nvariant = \"carcassonne\"\nplayers = 2\nrobbers = [true, false]\n[luck]\nrungs = [\"random\", \"greedy\"]\nboards = 30\ngames_per_board = 4\n",
    )
    .unwrap();
    let every = d.join("every");
    let terminal = luck(&cfg, &every, "2");
    assert!(terminal.contains("robbers true") && terminal.contains("robbers false"));
    let lk = read(&every, "luck.csv");
    assert_eq!(column(&lk, "player"), ["random", "greedy"].repeat(2));
    assert!(column(&lk, "outcome").iter().all(|o| o == "seat1"));
    // Nothing pairs and Carcassonne has no difficulty: those columns are not written at all.
    let head = lk.lines().next().unwrap();
    assert!(
        !head
            .split(',')
            .any(|c| c.starts_with("skill_") || c == "difficulty"),
        "{head}"
    );
    assert!(!every.join("pairs.csv").exists(), "no lineup: no pairs");
    let seats = read(&every, "seats.csv");
    let wins: Vec<u64> = column(&seats, "wins")
        .iter()
        .map(|x| x.parse().unwrap())
        .collect();
    for pair in wins.chunks(2) {
        assert!(
            pair[0] + pair[1] >= 120,
            "every game has a winner: {wins:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&d);
}
