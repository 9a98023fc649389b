//! Work on all cores, with results in the items' order, so a reading does
//! not depend on the core count.
//!
//! A call made from inside a worker runs on that worker alone: the reader
//! maps over dice (fits, placements) and, within one fit, over its grid;
//! with many dice the outer map fills the cores, and with one die (a
//! throw's changed region) the inner one does.

use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

thread_local! {
    /// Whether this thread is one of [`par_map`]'s workers.
    static WORKER: Cell<bool> = const { Cell::new(false) };
}

/// `f` over `items` on all cores (at most 8). Each worker takes the next
/// item when it is free: fits differ in cost several times over, and fixed
/// shares left one core idle while the other worked through its share.
pub fn par_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let workers = if WORKER.with(Cell::get) {
        1
    } else {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
            .clamp(1, 8)
            .min(items.len())
    };
    if workers <= 1 {
        return items.iter().map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let mut out: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                s.spawn(|| {
                    WORKER.with(|w| w.set(true));
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break };
                        mine.push((i, f(item)));
                    }
                    mine
                })
            })
            .collect();
        for h in handles {
            for (i, r) in h.join().expect("a reader thread panicked") {
                out[i] = Some(r);
            }
        }
    });
    out.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_keep_the_order_and_nested_maps_run_on_their_worker() {
        let items: Vec<u64> = (0..37).collect();
        let got = par_map(&items, |&i| {
            // Uneven work, so workers finish out of order.
            std::hint::black_box((0..(i % 5) * 20_000).sum::<u64>());
            let inner = par_map(&[1u64, 2, 3], |&k| (k, WORKER.with(Cell::get)));
            (i * 2, inner)
        });
        assert_eq!(
            got.iter().map(|g| g.0).collect::<Vec<_>>(),
            items.iter().map(|i| i * 2).collect::<Vec<_>>()
        );
        if std::thread::available_parallelism().map_or(1, |n| n.get()) > 1 {
            // Inside a worker the inner map stays on that worker.
            assert!(got
                .iter()
                .all(|g| g.1.iter().all(|(_, on_worker)| *on_worker)));
        }
        assert_eq!(
            got[5].1.iter().map(|x| x.0).collect::<Vec<_>>(),
            vec![1, 2, 3]
        );
    }
}
