//! The core's error, told apart by kind so the adapters match on the
//! variant, never on the text: a rule's refusal (an illegal move), what the
//! caller gave (a field that is not fit to use), the store's failure, and
//! anything else said in words.
//!
//! The text of each is the one the window always showed (the UI parses
//! `refused by rule "…": …` out of it), so `to_string()` is what the
//! window's commands return.

use std::fmt;
use tw_rules::Refusal;
use tw_store::StoreError;

/// Why a call into the core failed.
#[derive(Debug)]
pub enum AppError {
    /// An engine's rule forbids the command; nothing was written.
    Refused(Refusal),
    /// The game could not be set up (`source` says why: a rule's refusal
    /// of the setup, or the store failing to keep it).
    Setup { game: String, source: StoreError },
    /// What the caller gave is not fit to use (it names the field); nothing
    /// was written.
    Input(String),
    /// The store failed, or holds something it cannot read.
    Store(StoreError),
    /// Anything else, in words (the helpers that still answer with text).
    Other(String),
}

impl AppError {
    /// An input error: what the caller gave, named, is not fit to use.
    pub fn input(message: impl Into<String>) -> Self {
        AppError::Input(message.into())
    }

    /// The rule's refusal, when the error is one (a command's or a setup's).
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            AppError::Refused(r)
            | AppError::Setup {
                source: StoreError::Refused(r),
                ..
            } => Some(r),
            _ => None,
        }
    }
}

impl fmt::Display for AppError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AppError::Refused(r) => write!(f, "{r}"),
            AppError::Setup { game, source } => {
                write!(f, "the {game} game could not be set up: {source}")
            }
            AppError::Input(m) | AppError::Other(m) => f.write_str(m),
            AppError::Store(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for AppError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AppError::Setup { source, .. } => Some(source),
            AppError::Store(e) => std::error::Error::source(e),
            _ => None,
        }
    }
}

/// A store error; a rule's refusal the store passed on stays a refusal.
impl From<StoreError> for AppError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Refused(r) => AppError::Refused(r),
            e => AppError::Store(e),
        }
    }
}

impl From<Refusal> for AppError {
    fn from(r: Refusal) -> Self {
        AppError::Refused(r)
    }
}

/// The helpers that still answer with text.
impl From<String> for AppError {
    fn from(m: String) -> Self {
        AppError::Other(m)
    }
}

impl From<&str> for AppError {
    fn from(m: &str) -> Self {
        AppError::Other(m.to_string())
    }
}

/// The window's commands answer with the text.
impl From<AppError> for String {
    fn from(e: AppError) -> Self {
        e.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_keeps_the_text_the_window_shows() {
        let r = Refusal::new("Shop: white dice", "the chest already holds 9 white dice");
        let e = AppError::from(StoreError::Refused(r.clone()));
        assert_eq!(
            e.refusal(),
            Some(&r),
            "a refusal passed on by the store stays a refusal"
        );
        assert_eq!(
            e.to_string(),
            "refused by rule \"Shop: white dice\": the chest already holds 9 white dice"
        );
        let setup = AppError::Setup {
            game: "dungeon-fighter".into(),
            source: StoreError::Refused(r.clone()),
        };
        assert_eq!(setup.refusal(), Some(&r));
        assert_eq!(
            String::from(setup),
            "the dungeon-fighter game could not be set up: refused by rule \"Shop: white dice\": the chest already holds 9 white dice"
        );
        let store = AppError::from(StoreError::UnknownSession(4));
        assert!(matches!(
            store,
            AppError::Store(StoreError::UnknownSession(4))
        ));
        assert_eq!(store.refusal(), None);
        assert_eq!(store.to_string(), "no game session with id 4");
    }
}
