//! A game in progress: its state, the commands taken, and undo.
//!
//! Undo restores the snapshot taken before the last command (as the X-haven
//! Assistant does) rather than inverting events, so an engine never needs an
//! inverse for each rule.

use crate::engine::{Game, Refusal};

#[derive(Debug, Clone)]
pub struct History<G: Game> {
    state: G::State,
    undo: Vec<(G::Command, G::State)>,
}

impl<G: Game> History<G> {
    pub fn new(setup: &G::Setup) -> Result<Self, Refusal> {
        Ok(History {
            state: G::setup(setup)?,
            undo: Vec::new(),
        })
    }

    pub fn from_state(state: G::State) -> Self {
        History {
            state,
            undo: Vec::new(),
        }
    }

    pub fn state(&self) -> &G::State {
        &self.state
    }

    /// Run a command; on refusal nothing changes.
    pub fn execute(&mut self, command: G::Command) -> Result<Vec<G::Event>, Refusal> {
        let before = self.state.clone();
        let events = G::execute(&mut self.state, &command)?;
        self.undo.push((command, before));
        Ok(events)
    }

    /// Restore the state before the last command; returns that command.
    pub fn undo(&mut self) -> Result<G::Command, Refusal> {
        let (command, before) = self
            .undo
            .pop()
            .ok_or_else(|| Refusal::new("Undo", "there is no command to undo"))?;
        self.state = before;
        Ok(command)
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn commands(&self) -> impl Iterator<Item = &G::Command> {
        self.undo.iter().map(|(c, _)| c)
    }
}
