//! Password hashing with argon2id (the library's defaults: 19 MiB, 2 passes). Hashing is slow on
//! purpose, so it runs on the blocking pool, never on the async workers, and at most one hash
//! per core at a time: more would only share the cores, multiply the memory and stretch every
//! sign-in's latency.

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use tokio::sync::{Semaphore, SemaphorePermit};

async fn permit() -> Option<SemaphorePermit<'static>> {
    static SLOTS: std::sync::OnceLock<Semaphore> = std::sync::OnceLock::new();
    let slots = SLOTS.get_or_init(|| Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get())));
    slots.acquire().await.ok()
}

pub async fn hash(password: &str) -> Result<String, String> {
    let password = password.to_owned();
    let _slot = permit().await;
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
    let _slot = permit().await;
    tokio::task::spawn_blocking(move || {
        PasswordHash::new(&stored_hash).is_ok_and(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok())
    })
    .await
    .unwrap_or(false)
}
