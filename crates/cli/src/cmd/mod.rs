//! One module per command group.

pub mod bench;
pub mod bench_drift;
pub mod bench_lens;
pub mod bench_throw;
pub mod board;
pub mod calibration;
pub mod calibration_drift;
pub mod campaign;
pub mod cards;
pub mod dice;
pub mod eval;
pub mod eval_throws;
pub mod game;
pub mod read;
pub mod replay;
pub mod sources;
pub mod store;
pub mod synth;
pub mod synth_d6;
pub mod watch;
