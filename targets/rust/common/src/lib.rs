//! What the Rust targets share: the showdown page (askama templates), the JSON message, and the
//! listen settings read from the environment the harness sets. Routing, body handling and the
//! server itself stay in each target, written as its framework's docs show.

mod listen;
mod page;

pub use listen::{Listen, TlsListen};
pub use page::{Member, ShowdownPage, MEMBERS};

/// The scenario contract's cap on an echoed body (S2): larger bodies get 413.
pub const MAX_ECHO_BODY_BYTES: usize = 40_000_000;

/// The body of `GET /json`, serialised per request by the framework's JSON support (serde_json).
#[derive(serde::Serialize)]
pub struct Message {
    pub message: &'static str,
}

/// The one message `GET /json` carries.
pub const HELLO: Message = Message { message: "Hello, World!" };
