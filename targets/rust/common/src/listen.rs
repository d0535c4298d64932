//! Where and how a target listens, from the environment the harness sets (docs/targets.md):
//! `HOST` (127.0.0.1 when unset; a server agent sets 0.0.0.0, for load from other hosts),
//! `PORT` (8080 when unset), `CPUS` (the workers; unset leaves the framework's default), and
//! `TLS_PORT`, `TLS_CERT`, `TLS_KEY` together for TLS, or none of them for cleartext only.

use std::env;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::Path;
use std::sync::Arc;

use rustls::ServerConfig;
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};

/// Where a target listens when `HOST` is unset: loopback only.
const DEFAULT_HOST: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);
const DEFAULT_PORT: u16 = 8080;

/// The ALPN names a TLS listener offers, HTTP/2 first: the client chooses.
const ALPN_H2: &[u8] = b"h2";
const ALPN_HTTP1: &[u8] = b"http/1.1";

/// The listen settings of one target process.
pub struct Listen {
    /// Cleartext HTTP/1.1 and h2c.
    pub addr: SocketAddr,
    /// How many CPUs the harness gave the target, when it said.
    pub cpus: Option<usize>,
    /// HTTP/1.1 and HTTP/2 over TLS, when `TLS_PORT`, `TLS_CERT` and `TLS_KEY` are set.
    pub tls: Option<TlsListen>,
}

/// The TLS listener: its address and a rustls configuration (TLS 1.3 and 1.2, aws-lc-rs, ALPN h2 and http/1.1).
pub struct TlsListen {
    pub addr: SocketAddr,
    pub config: ServerConfig,
}

impl Listen {
    /// Reads the environment; the error is one line for the user.
    pub fn from_env() -> Result<Listen, String> {
        let host = match env::var("HOST") {
            Ok(value) => value
                .trim()
                .parse::<IpAddr>()
                .map_err(|_| format!("HOST must be an IP address, not '{value}'"))?,
            Err(_) => DEFAULT_HOST,
        };
        let port = match env::var("PORT") {
            Ok(value) => parse_port("PORT", &value)?,
            Err(_) => DEFAULT_PORT,
        };
        let cpus = match env::var("CPUS") {
            Ok(value) => match value.trim().parse::<usize>() {
                Ok(n) if n > 0 => Some(n),
                _ => return Err(format!("CPUS must be a positive whole number, not '{value}'")),
            },
            Err(_) => None,
        };
        Ok(Listen { addr: SocketAddr::new(host, port), cpus, tls: tls_from_env(host)? })
    }
}

fn parse_port(name: &str, value: &str) -> Result<u16, String> {
    value.trim().parse::<u16>().map_err(|_| format!("{name} must be a port number, not '{value}'"))
}

fn tls_from_env(host: IpAddr) -> Result<Option<TlsListen>, String> {
    let port = env::var("TLS_PORT").ok();
    let cert = env::var("TLS_CERT").ok();
    let key = env::var("TLS_KEY").ok();
    match (port, cert, key) {
        (None, None, None) => Ok(None),
        (Some(port), Some(cert), Some(key)) => Ok(Some(TlsListen {
            addr: SocketAddr::new(host, parse_port("TLS_PORT", &port)?),
            config: server_config(Path::new(&cert), Path::new(&key))?,
        })),
        _ => Err("TLS needs all of TLS_PORT, TLS_CERT and TLS_KEY, and some are unset".to_string()),
    }
}

/// A rustls server configuration from a PEM certificate chain and a PEM private key.
fn server_config(cert: &Path, key: &Path) -> Result<ServerConfig, String> {
    let chain = CertificateDer::pem_file_iter(cert)
        .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
        .map_err(|e| format!("cannot read TLS_CERT {}: {e}", cert.display()))?;
    let key = PrivateKeyDer::from_pem_file(key).map_err(|e| format!("cannot read TLS_KEY {}: {e}", key.display()))?;
    let provider = Arc::new(rustls::crypto::aws_lc_rs::default_provider());
    let mut config = ServerConfig::builder_with_provider(provider)
        .with_protocol_versions(&[&rustls::version::TLS13, &rustls::version::TLS12])
        .map_err(|e| format!("cannot set up TLS: {e}"))?
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .map_err(|e| format!("TLS_CERT and TLS_KEY do not make a usable pair: {e}"))?;
    config.alpn_protocols = vec![ALPN_H2.to_vec(), ALPN_HTTP1.to_vec()];
    Ok(config)
}
