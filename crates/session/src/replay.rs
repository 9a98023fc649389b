//! Replay scripts: `{"setup": …, "commands": [ … ]}` run in order.
//!
//! By default a refused command stops the replay with its rule and index;
//! with `keep_going` it is recorded and the replay continues, which is how
//! tests check that illegal moves leave the state unchanged.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tw_rules::{DynGame, Refusal};

#[derive(Debug, Deserialize)]
pub struct Script {
    pub setup: Value,
    #[serde(default)]
    pub commands: Vec<Value>,
}

#[derive(Debug, Serialize)]
pub struct Step {
    pub index: usize,
    pub command: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub events: Option<Vec<Value>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<Refusal>,
}

#[derive(Debug, Serialize)]
pub struct Replay {
    pub game: &'static str,
    pub steps: Vec<Step>,
    pub state: Value,
}

#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("setup refused: {0}")]
    Setup(Refusal),
    #[error("command {index} refused: {refusal}")]
    Refused { index: usize, refusal: Refusal },
}

pub fn run(game: &dyn DynGame, script: &Script, keep_going: bool) -> Result<Replay, ReplayError> {
    let mut state = game.setup(&script.setup).map_err(ReplayError::Setup)?;
    let mut steps = Vec::with_capacity(script.commands.len());
    for (index, command) in script.commands.iter().enumerate() {
        match game.execute(&state, command) {
            Ok(out) => {
                state = out.state;
                steps.push(Step { index, command: command.clone(), events: Some(out.events), refused: None });
            }
            Err(refusal) if keep_going => {
                steps.push(Step { index, command: command.clone(), events: None, refused: Some(refusal) })
            }
            Err(refusal) => return Err(ReplayError::Refused { index, refusal }),
        }
    }
    Ok(Replay { game: game.name(), steps, state })
}
