//! The showdown app on actix-web 4: the App's router with a regex segment for the digits,
//! askama for the page, web::Json (serde_json) for the JSON, the Bytes extractor under a
//! PayloadConfig for the echo. HttpServer runs one worker per CPU (CPUS), serves HTTP/1.1 and
//! h2c on PORT, and HTTP/1.1 and HTTP/2 by ALPN over rustls on TLS_PORT.

use actix_web::http::header::{self, ContentType, HeaderValue};
use actix_web::middleware::DefaultHeaders;
use actix_web::{App, HttpRequest, HttpResponse, HttpServer, Responder, web};
use askama::Template;
use showdown_common::{HELLO, Listen, MAX_ECHO_BODY_BYTES, ShowdownPage};

const SERVER_NAME: &str = "actix-web";

async fn plaintext() -> &'static str {
    "Hello, World!"
}

async fn json() -> impl Responder {
    web::Json(HELLO)
}

async fn hello_world() -> &'static str {
    "Hello World"
}

/// `/echo/plain/{param}` and `/echo/regex/{param}` (digits only: the route's regex) alike.
async fn echo_param(param: web::Path<String>) -> String {
    param.into_inner()
}

async fn user_id(id: web::Path<String>) -> String {
    id.into_inner()
}

/// `POST /user`: the body byte for byte, with the request's Content-Type. The Bytes extractor
/// honours the PayloadConfig limit and answers 413 beyond it, for chunked bodies too.
async fn echo_body(request: HttpRequest, body: web::Bytes) -> HttpResponse {
    let content_type = request
        .headers()
        .get(header::CONTENT_TYPE)
        .cloned()
        .unwrap_or_else(|| HeaderValue::from_static("application/octet-stream"));
    HttpResponse::Ok().insert_header((header::CONTENT_TYPE, content_type)).body(body)
}

async fn root() -> HttpResponse {
    HttpResponse::Ok().content_type(ContentType::plaintext()).finish()
}

async fn showdown_page(title: web::Path<String>) -> actix_web::Result<HttpResponse> {
    let html = ShowdownPage::new(&title).render().map_err(actix_web::error::ErrorInternalServerError)?;
    Ok(HttpResponse::Ok().content_type(ContentType::html()).body(html))
}

async fn not_found() -> HttpResponse {
    HttpResponse::NotFound().content_type(ContentType::plaintext()).body("Not Found")
}

fn main() {
    let listen = Listen::from_env().unwrap_or_else(|problem| {
        eprintln!("actix-web: {problem}");
        std::process::exit(2)
    });
    if let Err(e) = serve(listen) {
        eprintln!("actix-web: {e}");
        std::process::exit(2)
    }
}

#[actix_web::main]
async fn serve(listen: Listen) -> std::io::Result<()> {
    let mut server = HttpServer::new(|| {
        App::new()
            .wrap(DefaultHeaders::new().add((header::SERVER, SERVER_NAME)))
            .app_data(web::PayloadConfig::new(MAX_ECHO_BODY_BYTES))
            // Routes match in the order they are registered: the fixed paths before /{title}.
            .route("/plaintext", web::get().to(plaintext))
            .route("/json", web::get().to(json))
            .route("/echo/hello-world", web::get().to(hello_world))
            .route("/echo/plain/{param}", web::get().to(echo_param))
            .route("/echo/regex/{param:[0-9]+}", web::get().to(echo_param))
            .route("/user/{id}", web::get().to(user_id))
            .route("/user", web::post().to(echo_body))
            .route("/", web::get().to(root))
            .route("/{title}", web::get().to(showdown_page))
            .default_service(web::to(not_found))
    });
    if let Some(cpus) = listen.cpus {
        server = server.workers(cpus);
    }
    // HTTP/1.1, and HTTP/2 with prior knowledge, told apart by the connection's first bytes.
    server = server.bind_auto_h2c(listen.addr)?;
    if let Some(tls) = listen.tls {
        server = server.bind_rustls_0_23(tls.addr, tls.config)?;
    }
    server.run().await
}
