//// The showdown app on mist 3, written as mist's README writes a server: one handler function
//// given to `mist.new`, routing by pattern matching on the method and the path segments (mist
//// has no router of its own; this is how its users route), the page from `showdown_mist/page`,
//// gleam_json for /json, and `mist.read_body` for the echo, capped at the contract's limit.
//// mist writes Content-Length and Date itself (its clock formats the date once a second); the
//// handler adds `server`. `request.path_segments` leaves the segments percent-encoded: the
//// handler decodes them (gleam/uri) before it routes.
////
//// It listens on HOST when that is set and on 127.0.0.1 otherwise (`mist.bind`); a HOST that
//// mist cannot bind is one line on stderr and exit 2.

import gleam/bytes_builder
import gleam/erlang/os
import gleam/erlang/process
import gleam/http.{Get, Post}
import gleam/http/request.{type Request}
import gleam/http/response.{type Response}
import gleam/int
import gleam/io
import gleam/json
import gleam/list
import gleam/result
import gleam/uri
import mist.{type Connection, type ResponseData}
import showdown_mist/page

const default_port = 8080

const default_host = "127.0.0.1"

/// The scenario contract's cap on an echoed body (docs/scenarios.md, S2): larger bodies get 413.
const max_echo_body_bytes = 40_000_000

pub fn main() {
  let port =
    os.get_env("PORT")
    |> result.try(int.parse)
    |> result.unwrap(default_port)
  let host =
    os.get_env("HOST")
    |> result.unwrap(default_host)
  case is_bindable(host) {
    True -> Nil
    False -> {
      io.println_error(
        "showdown_mist: HOST must be an IPv4 or IPv6 address or localhost, not '"
        <> host
        <> "'",
      )
      halt(2)
    }
  }
  let assert Ok(_) =
    handle
    |> mist.new
    |> mist.bind(host)
    |> mist.port(port)
    |> mist.start_http
  process.sleep_forever()
}

/// True for what `mist.bind` takes ("localhost", an IPv4 or an IPv6 address); mist panics on
/// anything else.
@external(erlang, "showdown_mist_ffi", "is_bindable")
fn is_bindable(host: String) -> Bool

@external(erlang, "erlang", "halt")
fn halt(status: Int) -> Nil

fn handle(req: Request(Connection)) -> Response(ResponseData) {
  case decoded_segments(req) {
    Ok(segments) -> route(req, segments)
    Error(Nil) -> text(400, "Bad Request")
  }
  |> response.set_header("server", "mist")
}

/// The path's segments with their percent-encoding decoded; an error for a malformed escape or
/// bytes that are not UTF-8.
fn decoded_segments(req: Request(Connection)) -> Result(List(String), Nil) {
  request.path_segments(req)
  |> list.try_map(uri.percent_decode)
}

/// The patterns are tried in order, so the fixed paths come before the one-segment title.
fn route(
  req: Request(Connection),
  segments: List(String),
) -> Response(ResponseData) {
  case req.method, segments {
    Get, [] -> text(200, "")
    Get, ["plaintext"] -> text(200, "Hello, World!")
    Get, ["json"] -> message_json()
    Get, ["echo", "hello-world"] -> text(200, "Hello World")
    Get, ["echo", "plain", param] -> text(200, param)
    Get, ["echo", "regex", param] ->
      case is_digits(<<param:utf8>>) && param != "" {
        True -> text(200, param)
        False -> not_found()
      }
    Get, ["user", id] -> text(200, id)
    Post, ["user"] -> echo_body(req)
    Get, [title] -> page_html(title)
    _, _ -> not_found()
  }
}

/// True when every byte is an ASCII digit: the route's constraint, as a bit-array pattern.
fn is_digits(segment: BitArray) -> Bool {
  case segment {
    <<>> -> True
    <<byte, rest:bytes>> -> byte >= 48 && byte <= 57 && is_digits(rest)
    _ -> False
  }
}

fn text(status: Int, body: String) -> Response(ResponseData) {
  response.new(status)
  |> response.set_header("content-type", "text/plain; charset=utf-8")
  |> response.set_body(mist.Bytes(bytes_builder.from_string(body)))
}

fn not_found() -> Response(ResponseData) {
  text(404, "Not Found")
}

fn message_json() -> Response(ResponseData) {
  let body =
    json.object([#("message", json.string("Hello, World!"))])
    |> json.to_string
  response.new(200)
  |> response.set_header("content-type", "application/json")
  |> response.set_body(mist.Bytes(bytes_builder.from_string(body)))
}

fn page_html(title: String) -> Response(ResponseData) {
  response.new(200)
  |> response.set_header("content-type", "text/html; charset=utf-8")
  |> response.set_body(
    mist.Bytes(bytes_builder.from_string_builder(page.render(title))),
  )
}

/// The request's body, byte for byte, with its Content-Type. `mist.read_body` refuses a declared
/// length over the cap without reading it.
fn echo_body(req: Request(Connection)) -> Response(ResponseData) {
  let content_type =
    request.get_header(req, "content-type")
    |> result.unwrap("application/octet-stream")
  case mist.read_body(req, max_body_limit: max_echo_body_bytes) {
    Ok(req) ->
      response.new(200)
      |> response.set_header("content-type", content_type)
      |> response.set_body(mist.Bytes(bytes_builder.from_bit_array(req.body)))
    Error(mist.ExcessBody) -> text(413, "Request Entity Too Large")
    Error(mist.MalformedBody) -> text(400, "Bad Request")
  }
}
