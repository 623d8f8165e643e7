//! Randomness the server needs: secrets, ids and generated passwords. Core stays free of it.

use logistics_core::validate;

fn random_bytes<const N: usize>() -> Result<[u8; N], String> {
    let mut buf = [0u8; N];
    getrandom::fill(&mut buf).map_err(|e| format!("the operating system's random source failed: {e}"))?;
    Ok(buf)
}

/// 64 random bytes as hex: a JWT signing key.
pub fn new_secret() -> Result<String, String> {
    Ok(random_bytes::<64>()?.iter().map(|b| format!("{b:02x}")).collect())
}

/// 32 random bytes as hex: session ids and other unguessable handles.
pub fn new_secret_token() -> Result<String, String> {
    Ok(random_bytes::<32>()?.iter().map(|b| format!("{b:02x}")).collect())
}

/// A six-digit verification code, uniformly drawn.
pub fn new_sms_code() -> Result<String, String> {
    loop {
        let bytes = random_bytes::<4>()?;
        let n = u32::from_le_bytes(bytes);
        // Reject the top sliver so every code is equally likely.
        if n < u32::MAX - (u32::MAX % 1_000_000) {
            return Ok(format!("{:06}", n % 1_000_000));
        }
    }
}

/// A new row id: a UUIDv7 in 32 hex digits, so ids sort by creation time like JeecgBoot's.
pub fn new_id() -> String {
    uuid::Uuid::now_v7().simple().to_string()
}

/// A 16-character password that meets the policy in core (checked, not assumed).
pub fn generate_password() -> Result<String, String> {
    const SETS: [&[u8]; 4] = [b"ABCDEFGHJKLMNPQRSTUVWXYZ", b"abcdefghijkmnopqrstuvwxyz", b"23456789", b"!@#$%^&*-_=+?"];
    loop {
        let bytes = random_bytes::<32>()?;
        // One of each set first, then any; the positions are shuffled by the later bytes.
        let all: Vec<u8> = SETS.concat();
        let mut chars: Vec<u8> = (0..16)
            .map(|i| {
                let set = if i < 4 { SETS[i] } else { &all[..] };
                set[bytes[i] as usize % set.len()]
            })
            .collect();
        for i in (1..chars.len()).rev() {
            let j = bytes[16 + i] as usize % (i + 1);
            chars.swap(i, j);
        }
        let password = String::from_utf8_lossy(&chars).into_owned();
        if validate::password("password", &password).is_ok() {
            return Ok(password);
        }
    }
}
