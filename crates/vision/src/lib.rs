//! Vision — being built; see ARCHITECTURE.md.
