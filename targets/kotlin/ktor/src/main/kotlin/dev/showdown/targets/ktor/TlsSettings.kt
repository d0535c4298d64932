package dev.showdown.targets.ktor

import java.nio.file.Files
import java.nio.file.Path
import java.security.GeneralSecurityException
import java.security.KeyFactory
import java.security.KeyStore
import java.security.cert.CertificateFactory
import java.security.spec.PKCS8EncodedKeySpec
import java.util.Base64

/**
 * The TLS listener the harness asks for: TLS_PORT, and the PEM certificate chain and unencrypted
 * PKCS#8 PEM key in TLS_CERT and TLS_KEY, turned into the in-memory key store that Ktor's
 * sslConnector takes. All three unset means cleartext only.
 */
class TlsSettings(val port: Int, val keyStore: KeyStore) {
    companion object {
        const val KEY_ALIAS = "showdown"

        /** The store lives in memory only; the password guards nothing, but the API asks for one. */
        val PASSWORD = "showdown".toCharArray()

        private val PKCS8_PEM = Regex("-----BEGIN PRIVATE KEY-----([A-Za-z0-9+/=\\s]+)-----END PRIVATE KEY-----")

        fun fromEnv(): TlsSettings? {
            val port = System.getenv("TLS_PORT")
            val cert = System.getenv("TLS_CERT")
            val key = System.getenv("TLS_KEY")
            if (port == null && cert == null && key == null) return null
            if (port == null || cert == null || key == null) {
                throw IllegalArgumentException("TLS needs all of TLS_PORT, TLS_CERT and TLS_KEY, and some are unset")
            }
            val store = try {
                keyStore(Path.of(cert), Path.of(key))
            } catch (e: Exception) {
                throw IllegalArgumentException("cannot use TLS_CERT $cert and TLS_KEY $key: ${e.message}")
            }
            return TlsSettings(Settings.parsePort("TLS_PORT", port), store)
        }

        private fun keyStore(certFile: Path, keyFile: Path): KeyStore {
            val chain = Files.newInputStream(certFile).use {
                CertificateFactory.getInstance("X.509").generateCertificates(it).toTypedArray()
            }
            if (chain.isEmpty()) throw GeneralSecurityException("$certFile holds no PEM certificate")
            val base64 = PKCS8_PEM.find(Files.readString(keyFile))?.groupValues?.get(1)
                ?: throw GeneralSecurityException("$keyFile holds no unencrypted PKCS#8 key (BEGIN PRIVATE KEY)")
            // The key's algorithm is the certificate's: EC for the harness's P-256 pair.
            val privateKey = KeyFactory.getInstance(chain[0].publicKey.algorithm)
                .generatePrivate(PKCS8EncodedKeySpec(Base64.getMimeDecoder().decode(base64)))
            return KeyStore.getInstance("PKCS12").apply {
                load(null, null)
                setKeyEntry(KEY_ALIAS, privateKey, PASSWORD, chain)
            }
        }
    }
}
