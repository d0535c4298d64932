//! The showdown app on axum 0.8: axum's Router (static paths win over /{title}), an extractor
//! that admits only digits for /echo/regex/{param}, askama for the page, Json (serde_json), and
//! the Bytes extractor under DefaultBodyLimit for the echo. A multi-thread tokio runtime with one
//! worker per CPU (CPUS) runs axum::serve (HTTP/1.1 and h2c on PORT) and axum-server over rustls
//! (HTTP/1.1 and HTTP/2 by ALPN on TLS_PORT).

use std::future::IntoFuture;
use std::io;
use std::sync::Arc;

use askama::Template;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequestParts, Path};
use axum::http::header::{self, HeaderMap, HeaderValue};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::middleware::map_response;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::serve::ListenerExt;
use axum::{Json, Router};
use axum_server::accept::NoDelayAcceptor;
use axum_server::tls_rustls::{RustlsAcceptor, RustlsConfig};
use showdown_common::{HELLO, Listen, MAX_ECHO_BODY_BYTES, ShowdownPage};

const SERVER_NAME: HeaderValue = HeaderValue::from_static("axum");

async fn plaintext() -> &'static str {
    "Hello, World!"
}

async fn json() -> impl IntoResponse {
    Json(HELLO)
}

async fn hello_world() -> &'static str {
    "Hello World"
}

async fn echo_plain(Path(param): Path<String>) -> String {
    param
}

/// A path parameter of ASCII digits only (`^[0-9]+$`); anything else is the router's 404.
/// axum has no regex routes: its docs validate path segments with an extractor like this one.
struct Digits(String);

impl<S: Send + Sync> FromRequestParts<S> for Digits {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Path(param) = Path::<String>::from_request_parts(parts, state).await.map_err(|_| not_found_response())?;
        if !param.is_empty() && param.bytes().all(|b| b.is_ascii_digit()) {
            Ok(Digits(param))
        } else {
            Err(not_found_response())
        }
    }
}

async fn echo_digits(Digits(digits): Digits) -> String {
    digits
}

async fn user_id(Path(id): Path<String>) -> String {
    id
}

/// `POST /user`: the body byte for byte, with the request's Content-Type. Bytes answers 413 past
/// DefaultBodyLimit, for chunked bodies too.
async fn echo_body(headers: HeaderMap, body: Bytes) -> Response {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .cloned()
        .unwrap_or_else(|| HeaderValue::from_static("application/octet-stream"));
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

/// `GET /`: text/plain with an empty body (Content-Length: 0).
async fn root() -> &'static str {
    ""
}

async fn showdown_page(Path(title): Path<String>) -> Result<Html<String>, StatusCode> {
    ShowdownPage::new(&title).render().map(Html).map_err(|_| StatusCode::INTERNAL_SERVER_ERROR)
}

fn not_found_response() -> Response {
    (StatusCode::NOT_FOUND, "Not Found").into_response()
}

async fn not_found() -> Response {
    not_found_response()
}

async fn server_header(mut response: Response) -> Response {
    response.headers_mut().insert(header::SERVER, SERVER_NAME);
    response
}

fn router() -> Router {
    Router::new()
        .route("/plaintext", get(plaintext))
        .route("/json", get(json))
        .route("/echo/hello-world", get(hello_world))
        .route("/echo/plain/{param}", get(echo_plain))
        .route("/echo/regex/{param}", get(echo_digits))
        .route("/user/{id}", get(user_id))
        .route("/user", post(echo_body))
        .route("/", get(root))
        .route("/{title}", get(showdown_page))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_ECHO_BODY_BYTES))
        .layer(map_response(server_header))
}

async fn serve(listen: Listen) -> io::Result<()> {
    let app = router();
    // TCP_NODELAY on every connection, as TechEmpower's axum entry sets it: a response never waits on Nagle.
    let listener = tokio::net::TcpListener::bind(listen.addr).await?.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    // axum::serve speaks HTTP/1.1 and, by the HTTP/2 preface, h2c on the same port.
    let cleartext = axum::serve(listener, app.clone()).into_future();
    match listen.tls {
        None => cleartext.await,
        Some(tls) => {
            let acceptor = RustlsAcceptor::new(RustlsConfig::from_config(Arc::new(tls.config))).acceptor(NoDelayAcceptor::new());
            let secure = axum_server::bind(tls.addr).acceptor(acceptor).serve(app.into_make_service());
            tokio::try_join!(cleartext, secure).map(|_| ())
        }
    }
}

fn main() {
    let listen = Listen::from_env().unwrap_or_else(|problem| {
        eprintln!("axum: {problem}");
        std::process::exit(2)
    });
    let mut runtime = tokio::runtime::Builder::new_multi_thread();
    if let Some(cpus) = listen.cpus {
        runtime.worker_threads(cpus);
    }
    let result = runtime.enable_all().build().and_then(|runtime| runtime.block_on(serve(listen)));
    if let Err(e) = result {
        eprintln!("axum: {e}");
        std::process::exit(2)
    }
}
