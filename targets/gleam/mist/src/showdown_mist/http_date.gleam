//// The `date` header's value. mist 0.14 writes no Date header, so the handler adds this one.

/// The current time as an IMF-fixdate (RFC 7231, section 7.1.1.1), such as
/// `Sun, 06 Nov 1994 08:49:37 GMT`. It is formatted once a second in each connection's process
/// and kept until the second changes (showdown_mist_ffi.erl).
@external(erlang, "showdown_mist_ffi", "http_date")
pub fn now() -> String
