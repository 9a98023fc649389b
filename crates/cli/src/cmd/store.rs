//! `warden store path | check | bench | soak`: where the database is, whether
//! it is sound, and the store's speed and durability figures.

use anyhow::{bail, Context, Result};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tw_store::{bench, crash, paths, Store};

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
}

#[derive(clap::Subcommand)]
pub enum Action {
    /// Print the database path that would be used, and its latest backup.
    Path {
        #[arg(long)]
        db: Option<PathBuf>,
    },
    /// Open the database (migrating it if needed) and run integrity_check.
    Check {
        #[arg(long)]
        db: Option<PathBuf>,
    },
    /// Time durable appends and resuming a long session; prints figures.
    Bench {
        /// Number of timed appends.
        #[arg(long, default_value_t = 500)]
        appends: usize,
        /// Entries in the session to resume.
        #[arg(long, default_value_t = 10_000)]
        entries: i64,
        #[arg(long, default_value_t = tw_store::log::DEFAULT_SNAPSHOT_EVERY)]
        snapshot_every: u32,
        #[arg(long, default_value_t = 20)]
        resume_runs: usize,
        /// Folder for the scratch database (default: the system temp folder).
        #[arg(long)]
        dir: Option<PathBuf>,
    },
    /// Kill a writer process with SIGKILL at random moments and check that
    /// nothing acknowledged was lost; prints figures. Fails unless `trials`
    /// kills came after at least one acknowledged write (effective trials).
    Soak {
        /// Effective trials wanted.
        #[arg(long, default_value_t = 1000)]
        trials: usize,
        /// Effective trials per fresh database (kills also land during creation).
        #[arg(long, default_value_t = 250)]
        per_db: usize,
        /// Longest wait before the kill, in milliseconds.
        #[arg(long, default_value_t = 100)]
        max_delay_ms: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long)]
        dir: Option<PathBuf>,
    },
    /// The writer process the soak kills (internal).
    #[command(hide = true)]
    CrashWriter { db: PathBuf },
}

fn scratch_dir(dir: Option<PathBuf>, what: &str) -> Result<PathBuf> {
    let base = dir.unwrap_or_else(std::env::temp_dir);
    let d = base.join(format!(
        "warden-{what}-{}-{}",
        std::process::id(),
        tw_store::now_ms()
    ));
    std::fs::create_dir_all(&d).with_context(|| format!("cannot create {}", d.display()))?;
    Ok(d)
}

pub fn run(a: Args) -> Result<ExitCode> {
    match a.action {
        Action::Path { db } => {
            let p = paths::resolve_db_path(db.as_deref())?;
            println!("{}", p.display());
            match paths::latest_backup(&p) {
                Some(b) => println!("latest backup: {}", b.display()),
                None => println!("latest backup: none"),
            }
        }
        Action::Check { db } => {
            let p = paths::resolve_db_path(db.as_deref())?;
            // A check looks at what is there: opening a missing file would
            // create it (and its folder) and call the new database sound.
            if !p.is_file() {
                bail!(
                    "database {}: no database file there; `store check` creates nothing",
                    p.display()
                );
            }
            let store = Store::open(&p)?;
            store.integrity_check()?;
            println!(
                "{}: ok (schema version {})",
                p.display(),
                store.schema_version()?
            );
            if let Some(b) = store.backup_taken() {
                println!(
                    "upgraded; the previous version was backed up to {}",
                    b.display()
                );
            }
        }
        Action::Bench {
            appends,
            entries,
            snapshot_every,
            resume_runs,
            dir,
        } => {
            let d = scratch_dir(dir, "bench")?;
            let r = bench::run(
                &d.join("bench.sqlite3"),
                appends,
                entries,
                snapshot_every,
                resume_runs,
            );
            let _ = std::fs::remove_dir_all(&d);
            let r = r?;
            println!(
                "append (WAL, synchronous=FULL, fsync per commit), {} appends:",
                r.appends
            );
            println!(
                "  median {:.3} ms   p95 {:.3} ms   max {:.3} ms   (target: median <= 2 ms)",
                r.append_median_ms, r.append_p95_ms, r.append_max_ms
            );
            println!("  bare SQLite commit of one row on the same disk (the fsync floor): median {:.3} ms", r.baseline_commit_median_ms);
            println!(
                "resume of a {}-entry session (snapshot every {}), {} runs:",
                r.session_entries, r.snapshot_every, r.resume_runs
            );
            println!(
                "  median {:.3} ms   max {:.3} ms   (target: <= 200 ms)",
                r.resume_median_ms, r.resume_max_ms
            );
            println!(
                "  for comparison, fold from setup without snapshots: {:.3} ms",
                r.fold_from_scratch_ms
            );
            println!("{}", serde_json::to_string(&r)?);
        }
        Action::Soak {
            trials,
            per_db,
            max_delay_ms,
            seed,
            dir,
        } => {
            if per_db == 0 {
                bail!("--per-db must be at least 1");
            }
            let d = scratch_dir(dir, "soak")?;
            let exe = std::env::current_exe()
                .context("cannot find the warden executable to run the writer")?;
            let writer = vec![
                exe.display().to_string(),
                "store".into(),
                "crash-writer".into(),
            ];
            let (mut done, mut series) = (0, 0u64);
            let mut total = crash::SoakReport::default();
            while done < trials {
                let n = per_db.min(trials - done);
                let db = d.join(format!("soak-{series}.sqlite3"));
                let r = crash::run_trials(
                    &writer,
                    &db,
                    n,
                    seed.wrapping_add(series),
                    Duration::from_millis(max_delay_ms),
                )?;
                println!(
                    "database {series}: {} trials, {} effective, {} acknowledged, {} committed-not-yet-acknowledged, {} killed before ready, {} failures, {:.1} s",
                    r.trials, r.effective, r.acknowledged, r.unacknowledged_but_present, r.killed_before_ready, r.failures.len(), r.elapsed_s
                );
                total.trials += r.trials;
                total.effective += r.effective;
                total.acknowledged += r.acknowledged;
                total.unacknowledged_but_present += r.unacknowledged_but_present;
                total.killed_before_ready += r.killed_before_ready;
                total.final_entries += r.final_entries;
                total.elapsed_s += r.elapsed_s;
                total.failures.extend(r.failures);
                done += n;
                series += 1;
                if r.effective < n {
                    break; // the writer does not acknowledge: more databases will not help
                }
            }
            let _ = std::fs::remove_dir_all(&d);
            println!(
                "soak: {} trials, {} effective (killed after an acknowledged write), {} failures; {} acknowledged entries all present; integrity_check ok after every kill; {:.1} s",
                total.trials, total.effective, total.failures.len(), total.acknowledged, total.elapsed_s
            );
            if !total.failures.is_empty() {
                for f in &total.failures {
                    eprintln!("  {f}");
                }
                return Ok(ExitCode::from(1));
            }
            if total.effective < trials {
                eprintln!(
                    "warden: only {} of the {trials} trials asked were killed after an acknowledged write",
                    total.effective
                );
                return Ok(ExitCode::from(1));
            }
        }
        Action::CrashWriter { db } => {
            crash::writer_main(&db, i64::MAX)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
