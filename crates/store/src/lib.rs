//! Store — being built; see ARCHITECTURE.md.
