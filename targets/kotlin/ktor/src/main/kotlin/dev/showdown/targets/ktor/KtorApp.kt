package dev.showdown.targets.ktor

import io.ktor.server.engine.connector
import io.ktor.server.engine.embeddedServer
import io.ktor.server.engine.sslConnector
import io.ktor.server.netty.Netty
import kotlin.system.exitProcess

/** 127.0.0.1, or what HOST says: a server agent asks for 0.0.0.0, for load from other hosts. */
val LISTEN_HOST: String = System.getenv("HOST") ?: "127.0.0.1"
private const val DEFAULT_PORT = 8080

/**
 * Ktor 3 on its Netty engine, started with embeddedServer as Ktor's docs show. One Netty event
 * loop per CPU (CPUS, else the JVM's processor count) reads the connections and, with
 * shareWorkGroup (as TechEmpower's Ktor entry sets it), also runs the calls: the handlers never
 * block, so a separate call group would only add a thread hand-off per request. PORT serves
 * HTTP/1.1; TLS_PORT, when TLS_PORT, TLS_CERT and TLS_KEY are set, HTTP/1.1 and HTTP/2 by ALPN.
 */
fun main() {
    val settings = try {
        Settings.fromEnv()
    } catch (e: IllegalArgumentException) {
        System.err.println("ktor: ${e.message}")
        exitProcess(2)
    }
    embeddedServer(Netty, configure = {
        connector {
            host = LISTEN_HOST
            port = settings.port
        }
        settings.tls?.let { tls ->
            sslConnector(tls.keyStore, TlsSettings.KEY_ALIAS, { TlsSettings.PASSWORD }, { TlsSettings.PASSWORD }) {
                host = LISTEN_HOST
                port = tls.port
            }
        }
        // HTTP/2 over TLS only: Ktor's enableH2c applies to every connector of the engine, and
        // Netty's pipeline then refuses the SSL connector ("H2C (HTTP/2 cleartext) cannot be
        // used with SSL"), so one engine serves either h2c or TLS. TLS is what production uses.
        enableHttp2 = true
        connectionGroupSize = 1
        workerGroupSize = settings.cpus
        callGroupSize = 0
        shareWorkGroup = true
    }, module = { showdown() }).start(wait = true)
}

/** PORT (8080 when unset), CPUS (the JVM's processor count when unset) and the TLS listener, if any. */
class Settings(val port: Int, val cpus: Int, val tls: TlsSettings?) {
    companion object {
        fun fromEnv(): Settings {
            val port = System.getenv("PORT")?.let { parsePort("PORT", it) } ?: DEFAULT_PORT
            val cpus = System.getenv("CPUS")?.let {
                it.trim().toIntOrNull()?.takeIf { n -> n > 0 }
                    ?: throw IllegalArgumentException("CPUS must be a positive whole number, not '$it'")
            } ?: Runtime.getRuntime().availableProcessors()
            return Settings(port, cpus, TlsSettings.fromEnv())
        }

        fun parsePort(name: String, value: String): Int =
            value.trim().toIntOrNull()?.takeIf { it in 0..65535 }
                ?: throw IllegalArgumentException("$name must be a port number, not '$value'")
    }
}
