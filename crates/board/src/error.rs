//! Errors that name the file and the field, so a player editing a geometry
//! by hand can find the mistake without reading code.

use std::fmt;

/// One problem found in a geometry file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issue {
    /// JSON path of the offending field, e.g. `rings[2].sectors[1].value`.
    pub field: String,
    /// What is wrong with it, in words.
    pub problem: String,
}

/// Why a geometry could not be loaded. Every issue found is kept, not only
/// the first, so one round of editing can fix them all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error("{file}: cannot read: {reason}")]
    Read { file: String, reason: String },
    #[error("{file}: not a board geometry (line {line}, column {column}): {reason}")]
    Parse {
        file: String,
        line: usize,
        column: usize,
        reason: String,
    },
    #[error("{}", Invalid::render(file, issues))]
    Invalid { file: String, issues: Vec<Issue> },
    /// A spider web was placed on a hole the board does not have.
    #[error("no hole named {name:?} on this board (holes: {known})")]
    UnknownHole { name: String, known: String },
}

struct Invalid;
impl Invalid {
    fn render(file: &str, issues: &[Issue]) -> String {
        let mut s = format!(
            "{file}: invalid board geometry ({} problem{})",
            issues.len(),
            if issues.len() == 1 { "" } else { "s" }
        );
        for i in issues {
            s.push_str(&format!("\n  {file}: {}: {}", i.field, i.problem));
        }
        s
    }
}

impl fmt::Display for Issue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.problem)
    }
}
