//! `robsim soak`: random games of every variant with every invariant checked after every step.

use crate::{install_interrupt_handler, Failure};

/// `robsim soak`: random games of every variant, invariants after every step.
pub(crate) fn soak(games: u64, seed: u64, threads: usize) -> Result<(), Failure> {
    install_interrupt_handler();
    let t0 = std::time::Instant::now();
    let r = robsim::engine::runner::with_threads(threads, || robsim::games::soak(seed, games))
        .map_err(Failure::Run)?;
    let secs = t0.elapsed().as_secs_f64();
    println!(
        "soak: {} games ({}; {} steps, {} illegal actions refused) in {secs:.1} s ({:.0} games/s): {} invariant violations",
        r.games,
        [robsim::catan::lab::soak::FAMILY, robsim::carcassonne::soak::FAMILY]
            .map(|f| format!("{} {f}", r.games_of(f)))
            .join(", "),
        r.steps,
        r.refused,
        r.games as f64 / secs.max(1e-9),
        r.violations
    );
    for m in &r.first_violations {
        println!("  {m}");
    }
    if robsim::engine::runner::stop_requested() {
        return Err(Failure::Interrupted);
    }
    if r.violations > 0 {
        return Err(Failure::Run(anyhow::anyhow!(
            "{} invariant violations",
            r.violations
        )));
    }
    Ok(())
}
