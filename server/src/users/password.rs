//! Password hashing with argon2id (the library's defaults: 19 MiB, 2 passes). Hashing is slow on
//! purpose, so it runs on the blocking pool, never on the async workers.

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

pub async fn hash(password: &str) -> Result<String, String> {
    let password = password.to_owned();
    tokio::task::spawn_blocking(move || {
        let mut salt_bytes = [0u8; 16];
        getrandom::fill(&mut salt_bytes).map_err(|e| e.to_string())?;
        let salt = SaltString::encode_b64(&salt_bytes).map_err(|e| e.to_string())?;
        Argon2::default().hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(|e| e.to_string())
    })
    .await
    .map_err(|e| e.to_string())?
}

pub async fn verify(password: &str, stored_hash: &str) -> bool {
    let (password, stored_hash) = (password.to_owned(), stored_hash.to_owned());
    tokio::task::spawn_blocking(move || {
        PasswordHash::new(&stored_hash).is_ok_and(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok())
    })
    .await
    .unwrap_or(false)
}
