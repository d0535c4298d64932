package dev.showdown.targets.ktor

import io.ktor.http.ContentType
import io.ktor.http.HttpHeaders
import io.ktor.http.HttpStatusCode
import io.ktor.serialization.kotlinx.json.json
import io.ktor.server.application.Application
import io.ktor.server.application.install
import io.ktor.server.html.insert
import io.ktor.server.html.respondHtmlTemplate
import io.ktor.server.plugins.PayloadTooLargeException
import io.ktor.server.plugins.contentnegotiation.ContentNegotiation
import io.ktor.server.plugins.defaultheaders.DefaultHeaders
import io.ktor.server.plugins.statuspages.StatusPages
import io.ktor.server.request.contentLength
import io.ktor.server.request.receiveChannel
import io.ktor.server.response.respond
import io.ktor.server.response.respondBytes
import io.ktor.server.response.respondText
import io.ktor.server.routing.get
import io.ktor.server.routing.post
import io.ktor.server.routing.routing
import io.ktor.utils.io.readRemaining
import kotlinx.io.readByteArray
import kotlinx.serialization.Serializable

/** The scenario contract's cap on an echoed body (S2): larger bodies get 413. */
const val MAX_ECHO_BODY_BYTES = 40_000_000L

/** The contract's text type, charset in lower case (Ktor's own default spells it UTF-8). */
private val TEXT_PLAIN_UTF8 = ContentType.parse("text/plain; charset=utf-8")

/** The body of GET /json, serialised per request by kotlinx.serialization. */
@Serializable
data class Message(val message: String)

/** The showdown routes, with Ktor's routing DSL (fixed segments win over {title}). */
fun Application.showdown() {
    install(DefaultHeaders)
    install(ContentNegotiation) { json() }
    install(StatusPages) {
        status(HttpStatusCode.NotFound) { call, status -> call.respondText("Not Found", TEXT_PLAIN_UTF8, status) }
    }
    routing {
        get("/plaintext") { call.respondText("Hello, World!", TEXT_PLAIN_UTF8) }
        get("/json") { call.respond(Message("Hello, World!")) }
        get("/echo/hello-world") { call.respondText("Hello World", TEXT_PLAIN_UTF8) }
        get("/echo/plain/{param}") { call.respondText(call.parameters["param"]!!, TEXT_PLAIN_UTF8) }
        // Ktor's regex route: only digits match; anything else falls through to 404.
        get(Regex("/echo/regex/(?<param>[0-9]+)")) { call.respondText(call.parameters["param"]!!, TEXT_PLAIN_UTF8) }
        get("/user/{id}") { call.respondText(call.parameters["id"]!!, TEXT_PLAIN_UTF8) }
        post("/user") {
            // PayloadTooLargeException is Ktor's own 413, for a declared length or a chunked body alike.
            val declared = call.request.contentLength()
            if (declared != null && declared > MAX_ECHO_BODY_BYTES) throw PayloadTooLargeException(MAX_ECHO_BODY_BYTES)
            // A declared empty body is not read: over HTTP/2, when END_STREAM comes on the HEADERS
            // frame, Ktor's Netty engine never closes the body channel, and the read would wait forever.
            val body = if (declared == 0L) ByteArray(0)
                else call.receiveChannel().readRemaining(MAX_ECHO_BODY_BYTES + 1).readByteArray()
            if (body.size > MAX_ECHO_BODY_BYTES) throw PayloadTooLargeException(MAX_ECHO_BODY_BYTES)
            val contentType = call.request.headers[HttpHeaders.ContentType]?.let(ContentType::parse)
                ?: ContentType.Application.OctetStream
            call.respondBytes(body, contentType)
        }
        get("/") { call.respondText("", TEXT_PLAIN_UTF8) }
        get("/{title}") {
            call.respondHtmlTemplate(LayoutTemplate()) {
                content { insert(IndexTemplate(call.parameters["title"]!!, MEMBERS)) {} }
            }
        }
    }
}
