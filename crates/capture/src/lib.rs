//! Capture — being built; see ARCHITECTURE.md.
