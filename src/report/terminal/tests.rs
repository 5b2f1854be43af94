//! Tests of the terminal summary: widths, percent, steps and notes.

use super::*;

#[test]
fn varying_settings_first_percentages_steps_and_ranked_knobs() {
    let rows = b"row,variant,players,difficulty,games,win_rate,win_rate_lo95,win_rate_hi95,turns_median,turns_p10,turns_p90,capouts\n\
0,coop,4,easy,100,0.71,0.701,0.719,207,91,395,0\n\
1,coop,4,hard,100,0.09,0.084,0.095,54,37,148,0\n";
    let compare = b"row_a,row_b,knob,setting_a,setting_b,games,win_rate_diff,win_rate_diff_lo95,win_rate_diff_hi95,mcnemar_p\n\
0,1,difficulty,difficulty=easy,difficulty=hard,100,-0.62,-0.63,-0.61,0.0\n";
    let ablation = b"knob,setting_base,setting,row,games,win_rate_base,win_rate,win_rate_diff,win_rate_diff_lo95,win_rate_diff_hi95,mcnemar_p\n\
a,a=1,a=2,1,100,0.5,0.52,0.02,0.0,0.04,0.2\n\
b,b=1,b=2,2,100,0.5,0.2,-0.3,-0.32,-0.28,0.0\n";
    let settings = ["variant", "players", "difficulty"];
    let s = summary(rows, compare, b"", &settings, &[], &[], |_| false, "");
    assert!(s.contains("every row: variant coop, players 4"), "{s}");
    let table_head = s.lines().nth(1).unwrap();
    assert!(table_head.starts_with("  row  difficulty"), "{s}");
    assert!(s.contains("71.0% (70.1–71.9)"), "{s}");
    assert!(s.contains("difficulty easy → hard"), "{s}");
    assert!(
        s.contains("-62.0 points (-63.0 to -61.0)  p < 0.001, 100 paired games"),
        "{s}"
    );
    assert!(s.lines().all(|l| l.chars().count() < 120), "{s}");
    // An ablation: one column names what each row moved, and the knobs are ranked.
    let s = summary(rows, compare, ablation, &settings, &[], &[], |_| false, "");
    assert!(s.lines().nth(1).unwrap().starts_with("  row  moved"), "{s}");
    assert!(s.contains("  1    difficulty hard"), "{s}");
    let b = s.find("\n  b ").unwrap();
    let a = s.find("\n  a ").unwrap();
    assert!(b < a, "the larger effect first: {s}");
    assert!(s.lines().all(|l| l.chars().count() < 120), "{s}");
}

#[test]
fn disagreeing_methods_mixed_steps_modifier_steps_and_timers_are_said() {
    let rows = b"row,variant,players,modifiers,per_build,games,win_rate,win_rate_lo95,win_rate_hi95,turns_median,turns_p10,turns_p90,stalled,losses,capouts\n\
0,s,3,none,2,100,0.5,0.4,0.6,50,40,60,0,50,0\n\
1,s,3,volcano,2,100,0.6,0.5,0.7,50,40,2270,30,40,0\n\
2,s,3,gold,2,100,0.6,0.5,0.7,50,40,60,0,40,0\n\
3,s,4,none,3,100,0.6,0.5,0.7,50,40,60,0,40,0\n";
    let compare = b"row_a,row_b,knob,setting_a,setting_b,games,win_rate_diff,win_rate_diff_lo95,win_rate_diff_hi95,mcnemar_test,mcnemar_p\n\
0,1,modifiers,modifiers=none,modifiers=volcano,100,0.167,0.02,0.336,exact,0.062\n\
0,2,modifiers,modifiers=none,modifiers=gold,100,0.1,0.01,0.2,exact,0.01\n\
1,2,modifiers,modifiers=volcano,modifiers=gold,100,0.0,-0.1,0.1,exact,1.0\n\
0,3,players,players=3,players=4,100,0.1,0.01,0.2,exact,0.01\n";
    let settings = ["variant", "players", "modifiers", "per_build"];
    let s = summary(rows, compare, b"", &settings, &[], &[], |_| true, "");
    assert!(s.contains("modifiers none → volcano"), "{s}");
    assert!(s.contains("modifiers none → gold"), "{s}");
    assert!(!s.contains("volcano → gold"), "{s}");
    assert!(!s.contains("players 3 → 4"), "{s}");
    assert!(
        s.contains("not a step: players also moves per_build 2 → 3"),
        "{s}"
    );
    // The interval excludes 0, p > 0.05: marked, and the note names both methods.
    assert!(s.contains("p = 0.062 ‡"), "{s}");
    assert!(
        s.contains("Newcombe") && s.contains("McNemar's exact test"),
        "{s}"
    );
    assert_eq!(s.matches(" ‡,").count(), 1, "{s}");
    // Row 1: 30 of 100 games stalled, its p90 is the timer.
    assert!(s.contains("50 (40–2270) †"), "{s}");
    assert!(s.contains("† row 1:"), "{s}");
    assert!(s.lines().all(|l| l.chars().count() <= 120), "{s}");
}

#[test]
fn a_setting_empty_in_some_rows_and_constant_in_the_others_does_not_vary() {
    let rows = b"row,variant,expansion,placement,games,turns_mean\n\
0,c,false,,100,70\n\
1,c,true,next-in-stock,100,78\n";
    let compare = b"row_a,row_b,knob,setting_a,setting_b,games,turns_diff_mean,turns_diff_lo95,turns_diff_hi95\n\
0,1,expansion,expansion=false,expansion=true,100,8,7.9,8.1\n";
    let s = summary(
        rows,
        compare,
        b"",
        &["variant", "expansion", "placement"],
        &[],
        &[],
        |_| false,
        "",
    );
    assert!(
        s.contains("every row: variant c, where set: placement next-in-stock"),
        "{s}"
    );
    assert!(s.contains("expansion false → true"), "{s}");
    assert!(!s.contains(" , "), "{s}");
}
