//! Rules engine — being built; see ARCHITECTURE.md.
