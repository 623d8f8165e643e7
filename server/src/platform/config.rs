//! The server's configuration, read once from the environment. The variable names are a contract
//! with operators, tests and the README: change them nowhere without changing all three.

use std::net::SocketAddr;
use std::path::PathBuf;

/// Where the data lives, chosen at run time from `DATABASE_URL`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DatabaseUrl {
    /// A file path, or `:memory:` (one connection: every connection would be its own database).
    Sqlite(String),
    Postgres(String),
}

impl DatabaseUrl {
    pub const DEFAULT: &'static str = "sqlite://data/logistics.db";

    /// `sqlite://relative/path.db`, `sqlite:///absolute/path.db`, `sqlite::memory:`, or
    /// `postgres://` / `postgresql://` URLs.
    pub fn parse(url: &str) -> Result<DatabaseUrl, String> {
        let url = url.trim();
        if let Some(rest) = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:")) {
            let path = rest.split('?').next().unwrap_or("");
            if path.is_empty() {
                return Err(format!("DATABASE_URL `{url}` names no SQLite file (e.g. sqlite://data/logistics.db)"));
            }
            return Ok(DatabaseUrl::Sqlite(path.to_owned()));
        }
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let after = url.split_once("://").map_or("", |(_, a)| a);
            if after.is_empty() || after.starts_with('/') && after.len() == 1 {
                return Err(format!("DATABASE_URL `{url}` names no PostgreSQL host or database"));
            }
            return Ok(DatabaseUrl::Postgres(url.to_owned()));
        }
        Err(format!("DATABASE_URL must start with sqlite:// or postgres:// (got `{}`)", redact(url)))
    }

    pub fn backend_name(&self) -> &'static str {
        match self {
            DatabaseUrl::Sqlite(_) => "sqlite",
            DatabaseUrl::Postgres(_) => "postgres",
        }
    }
}

/// Hides a password in a URL before it reaches a log line or an error.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            let credentials = &url[scheme_end + 3..at];
            match credentials.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &url[..scheme_end + 3], &url[at..]),
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}

#[derive(Clone, Debug)]
pub struct Config {
    /// `LOGISTICS_BIND`, default `127.0.0.1:8080`.
    pub bind: SocketAddr,
    /// `DATABASE_URL`, default `sqlite://data/logistics.db`.
    pub database: DatabaseUrl,
    /// `REDIS_URL`: set in cluster mode (several instances share state through Redis).
    pub redis_url: Option<String>,
    /// `LOGISTICS_ADMIN_PASSWORD`: the `admin` account's password on first start.
    pub admin_password: Option<String>,
    /// `LOGISTICS_JWT_SECRET`: otherwise generated once and kept in the database.
    pub jwt_secret: Option<String>,
    /// `LOGISTICS_DEMO=1`: demo data on first start.
    pub demo: bool,
    /// `LOGISTICS_WEB_DIR`: serve the web app from this folder instead of the embedded copy.
    pub web_dir: Option<PathBuf>,
    /// `LOGISTICS_DB_POOL_SIZE`: connections per instance (default 16; 1 for in-memory SQLite).
    pub pool_size: usize,
    /// `LOGISTICS_RATE_LIMITS=off` turns the per-IP throttles off (load tests, trusted networks).
    pub rate_limits: bool,
    /// `LOGISTICS_TRUST_PROXY=1`: take the client address from `X-Forwarded-For` (behind a proxy).
    pub trust_proxy: bool,
    /// `LOGISTICS_SMS_WEBHOOK`: POST verification codes to this URL; unset writes them to the log.
    pub sms_webhook: Option<String>,
    /// `LOGISTICS_UPLOAD_DIR`: where uploaded files are kept (default `data/uploads`).
    pub upload_dir: PathBuf,
    /// `LOGISTICS_DATA_KEY`: the key that encrypts data-source passwords (at least 32 characters);
    /// unset, it is derived from the session signing key.
    pub data_key: Option<String>,
    /// `LOGISTICS_WORKERS=off`: no background work (the scheduled jobs, webhook deliveries); the
    /// tests drive it themselves.
    pub workers: bool,
    /// `LOGISTICS_CAS_URL`: the CAS server's prefix (`https://cas.example.com/cas`) for single sign-on.
    pub cas_url: Option<String>,
    /// `LOGISTICS_OIDC_*`: the OpenID Connect provider for third-party sign-in.
    pub oidc: Option<OidcConfig>,
    /// `LOGISTICS_PUBLIC_URL`: the address users reach the platform at (`https://ship.example.com`),
    /// for the OpenID Connect redirect; unset, the request's own host.
    pub public_url: Option<String>,
    /// `LOGISTICS_GATEWAY_UPSTREAMS`: the URLs gateway routes may lead to (comma-separated).
    pub gateway_upstreams: Vec<String>,
}

/// An OpenID Connect provider: `LOGISTICS_OIDC_ISSUER`, `LOGISTICS_OIDC_CLIENT_ID`,
/// `LOGISTICS_OIDC_CLIENT_SECRET` (all three, or none), `LOGISTICS_OIDC_NAME` (the button's name).
#[derive(Clone, Debug)]
pub struct OidcConfig {
    pub issuer: String,
    pub client_id: String,
    pub client_secret: String,
    pub name: String,
}

impl Config {
    /// Reads the environment; any malformed value is one clear error line.
    pub fn from_env() -> Result<Config, String> {
        Self::from_lookup(|name| std::env::var(name).ok().filter(|v| !v.is_empty()))
    }

    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Config, String> {
        let bind_text = get("LOGISTICS_BIND").unwrap_or_else(|| "127.0.0.1:8080".to_owned());
        let bind = bind_text
            .parse()
            .map_err(|_| format!("LOGISTICS_BIND must be an address and port such as 127.0.0.1:8080 (got `{bind_text}`)"))?;
        let database = DatabaseUrl::parse(&get("DATABASE_URL").unwrap_or_else(|| DatabaseUrl::DEFAULT.to_owned()))?;
        let redis_url = get("REDIS_URL");
        if let Some(url) = &redis_url
            && !(url.starts_with("redis://") || url.starts_with("rediss://"))
        {
            return Err(format!("REDIS_URL must start with redis:// or rediss:// (got `{}`)", redact(url)));
        }
        let demo = match get("LOGISTICS_DEMO").as_deref() {
            None | Some("0" | "false" | "no") => false,
            Some("1" | "true" | "yes") => true,
            Some(other) => return Err(format!("LOGISTICS_DEMO must be 1 or 0 (got `{other}`)")),
        };
        let pool_size = match get("LOGISTICS_DB_POOL_SIZE") {
            None => 16,
            Some(text) => match text.parse::<usize>() {
                Ok(n) if (1..=512).contains(&n) => n,
                _ => {
                    return Err(format!("LOGISTICS_DB_POOL_SIZE must be a number from 1 to 512 (got `{text}`)"));
                }
            },
        };
        let jwt_secret = get("LOGISTICS_JWT_SECRET");
        if let Some(secret) = &jwt_secret
            && secret.len() < 32
        {
            return Err("LOGISTICS_JWT_SECRET must be at least 32 characters long".to_owned());
        }
        let flag = |name: &str, default: bool| match get(name).as_deref() {
            None => Ok(default),
            Some("1" | "true" | "on" | "yes") => Ok(true),
            Some("0" | "false" | "off" | "no") => Ok(false),
            Some(other) => Err(format!("{name} must be on or off (got `{other}`)")),
        };
        let sms_webhook = get("LOGISTICS_SMS_WEBHOOK");
        if let Some(url) = &sms_webhook
            && !(url.starts_with("http://") || url.starts_with("https://"))
        {
            return Err(format!("LOGISTICS_SMS_WEBHOOK must be an http:// or https:// URL (got `{}`)", redact(url)));
        }
        let data_key = get("LOGISTICS_DATA_KEY");
        if data_key.as_ref().is_some_and(|k| k.len() < 32) {
            return Err("LOGISTICS_DATA_KEY must be at least 32 characters long".to_owned());
        }
        let http_url = |name: &str| -> Result<Option<String>, String> {
            match get(name) {
                Some(url) if url.starts_with("http://") || url.starts_with("https://") => {
                    Ok(Some(url.trim_end_matches('/').to_owned()))
                }
                Some(url) => Err(format!("{name} must be an http:// or https:// URL (got `{}`)", redact(&url))),
                None => Ok(None),
            }
        };
        let oidc =
            match (http_url("LOGISTICS_OIDC_ISSUER")?, get("LOGISTICS_OIDC_CLIENT_ID"), get("LOGISTICS_OIDC_CLIENT_SECRET")) {
                (None, None, None) => None,
                (Some(issuer), Some(client_id), Some(client_secret)) => Some(OidcConfig {
                    issuer,
                    client_id,
                    client_secret,
                    name: get("LOGISTICS_OIDC_NAME").unwrap_or_else(|| "OpenID Connect".to_owned()),
                }),
                _ => {
                    return Err(
                        "LOGISTICS_OIDC_ISSUER, LOGISTICS_OIDC_CLIENT_ID and LOGISTICS_OIDC_CLIENT_SECRET go together".to_owned()
                    );
                }
            };
        let mut gateway_upstreams = Vec::new();
        for entry in get("LOGISTICS_GATEWAY_UPSTREAMS").unwrap_or_default().split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let url = logistics_core::gateway::upstream(entry).map_err(|_| {
                format!("LOGISTICS_GATEWAY_UPSTREAMS holds `{}`, which is not an http:// or https:// URL without credentials, query or fragment", redact(entry))
            })?;
            gateway_upstreams.push(url);
        }
        Ok(Config {
            cas_url: http_url("LOGISTICS_CAS_URL")?,
            oidc,
            public_url: http_url("LOGISTICS_PUBLIC_URL")?,
            gateway_upstreams,
            data_key,
            workers: flag("LOGISTICS_WORKERS", true)?,
            rate_limits: flag("LOGISTICS_RATE_LIMITS", true)?,
            trust_proxy: flag("LOGISTICS_TRUST_PROXY", false)?,
            sms_webhook,
            upload_dir: get("LOGISTICS_UPLOAD_DIR").map_or_else(|| PathBuf::from("data/uploads"), PathBuf::from),
            bind,
            database,
            redis_url,
            admin_password: get("LOGISTICS_ADMIN_PASSWORD"),
            jwt_secret,
            demo,
            web_dir: get("LOGISTICS_WEB_DIR").map(PathBuf::from),
            pool_size,
        })
    }
}
