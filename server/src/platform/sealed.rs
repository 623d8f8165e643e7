//! Secrets kept at rest (data-source passwords, carrier credentials): AES-256-GCM under a key
//! derived from the server's data key (`LOGISTICS_DATA_KEY`, else the JWT secret) and a purpose,
//! so a value sealed for one purpose never opens as another. Written `v1:` and the base64 of a
//! random nonce and the ciphertext.

use aes_gcm::aead::{Aead, KeyInit};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::Engine;
use sha2::{Digest, Sha256};

use crate::platform::http::AppError;
use crate::state::AppState;

/// What a sealed value is for: part of its key.
#[derive(Clone, Copy, Debug)]
pub enum Purpose {
    DataSourcePassword,
    CarrierCredentials,
}

impl Purpose {
    fn label(self) -> &'static [u8] {
        match self {
            Purpose::DataSourcePassword => b"logistics data-source passwords\0",
            Purpose::CarrierCredentials => b"logistics carrier credentials\0",
        }
    }
}

fn cipher(state: &AppState, purpose: Purpose) -> Aes256Gcm {
    let material = state.config.data_key.as_deref().unwrap_or(state.jwt_secret.as_str());
    let mut hash = Sha256::new();
    hash.update(purpose.label());
    hash.update(material.as_bytes());
    let key: [u8; 32] = hash.finalize().into();
    Aes256Gcm::new(&key.into())
}

/// `plain` sealed for `purpose`.
pub fn seal(state: &AppState, purpose: Purpose, plain: &str) -> Result<String, AppError> {
    let mut nonce = [0u8; 12];
    getrandom::fill(&mut nonce).map_err(|e| AppError::internal(format!("random source: {e}")))?;
    let sealed = cipher(state, purpose)
        .encrypt(Nonce::from_slice(&nonce), plain.as_bytes())
        .map_err(|_| AppError::internal("sealing a secret failed"))?;
    let mut bytes = nonce.to_vec();
    bytes.extend_from_slice(&sealed);
    Ok(format!("v1:{}", base64::engine::general_purpose::STANDARD.encode(bytes)))
}

/// What `seal` sealed; an error when the key has changed since (enter the secret again).
pub fn open(state: &AppState, purpose: Purpose, sealed: &str) -> Result<String, String> {
    let bytes = sealed
        .strip_prefix("v1:")
        .and_then(|b| base64::engine::general_purpose::STANDARD.decode(b).ok())
        .filter(|b| b.len() > 12)
        .ok_or("the kept secret is unreadable")?;
    let (nonce, body) = bytes.split_at(12);
    let plain = cipher(state, purpose)
        .decrypt(Nonce::from_slice(nonce), body)
        .map_err(|_| "the kept secret cannot be decrypted with this server's key: enter it again")?;
    String::from_utf8(plain).map_err(|_| "the kept secret is unreadable".to_owned())
}
