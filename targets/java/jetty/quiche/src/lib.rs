//! quiche's C API as one shared library: the `ffi` feature gives the `quiche_*` functions
//! (`#[no_mangle] extern "C"`), which a cdylib exports; nothing else is defined here.
pub use quiche;
