//! Password hashing with argon2id (the library's defaults: 19 MiB, 2 passes). Hashing is slow on
//! purpose, so it runs on a thread of its own, never on the async workers, and at most one hash
//! per core at a time: more would only share the cores, multiply the memory and stretch every
//! sign-in's latency. The thread ends with the hash, and its 19 MiB go back to the system at once
//! (a pooled thread would keep them while it idles).

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use tokio::sync::{Semaphore, SemaphorePermit};

async fn permit() -> Option<SemaphorePermit<'static>> {
    static SLOTS: std::sync::OnceLock<Semaphore> = std::sync::OnceLock::new();
    let slots = SLOTS.get_or_init(|| Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get())));
    slots.acquire().await.ok()
}

/// Runs `work` on a short-lived thread of its own.
async fn on_own_thread<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T, String> {
    let (done, result) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name("argon2".to_owned())
        .spawn(move || {
            let _ = done.send(work());
        })
        .map_err(|e| e.to_string())?;
    result.await.map_err(|e| e.to_string())
}

pub async fn hash(password: &str) -> Result<String, String> {
    let password = password.to_owned();
    let _slot = permit().await;
    on_own_thread(move || {
        let mut salt_bytes = [0u8; 16];
        getrandom::fill(&mut salt_bytes).map_err(|e| e.to_string())?;
        let salt = SaltString::encode_b64(&salt_bytes).map_err(|e| e.to_string())?;
        Argon2::default().hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(|e| e.to_string())
    })
    .await?
}

pub async fn verify(password: &str, stored_hash: &str) -> bool {
    let (password, stored_hash) = (password.to_owned(), stored_hash.to_owned());
    let _slot = permit().await;
    on_own_thread(move || {
        PasswordHash::new(&stored_hash).is_ok_and(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok())
    })
    .await
    .unwrap_or(false)
}
