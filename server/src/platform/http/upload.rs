//! A multipart upload as every upload call takes it: one file (field `file`) and text fields. A
//! body over the route's limit is 413 wherever the limit is met (between fields or inside the
//! file), a broken body 400, and a file over the call's own limit 413.

use std::collections::HashMap;

use axum::extract::Multipart;
use axum::extract::multipart::MultipartError;
use axum::http::StatusCode;
use logistics_core::MessageKey;

use super::AppError;

/// The fields of an upload.
#[derive(Debug, Default)]
pub struct Upload {
    /// The file's name as the client gave it (never used as a path) and its bytes.
    file: Option<(String, Vec<u8>)>,
    texts: HashMap<String, String>,
}

fn refused(e: &MultipartError) -> AppError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        AppError::payload_too_large()
    } else {
        AppError::bad_request(MessageKey::BadRequest)
    }
}

impl Upload {
    /// Reads the whole form; a file over `max_bytes` is refused with 413.
    pub async fn read(mut multipart: Multipart, max_bytes: usize) -> Result<Upload, AppError> {
        let mut upload = Upload::default();
        while let Some(field) = multipart.next_field().await.map_err(|e| refused(&e))? {
            let Some(name) = field.name().map(str::to_owned) else { continue };
            if name == "file" {
                let file_name = field.file_name().unwrap_or("file").chars().filter(|c| !c.is_control()).take(120).collect();
                let bytes = field.bytes().await.map_err(|e| refused(&e))?;
                if bytes.len() > max_bytes {
                    return Err(AppError::payload_too_large());
                }
                upload.file = Some((file_name, bytes.to_vec()));
            } else {
                let text = field.text().await.map_err(|e| refused(&e))?;
                upload.texts.insert(name, text);
            }
        }
        Ok(upload)
    }

    /// A text field, empty when absent.
    pub fn text(&self, name: &str) -> &str {
        self.texts.get(name).map_or("", String::as_str)
    }

    /// A text field, `None` when absent.
    pub fn optional(&self, name: &str) -> Option<String> {
        self.texts.get(name).cloned()
    }

    /// The file's name and bytes, or 400 "file is required".
    pub fn named_file(&mut self) -> Result<(String, Vec<u8>), AppError> {
        self.file.take().ok_or_else(|| AppError::field("file", MessageKey::Required).with("field", "@field_file"))
    }

    /// The file's bytes, or 400 "file is required".
    pub fn file(&mut self) -> Result<Vec<u8>, AppError> {
        self.named_file().map(|(_, bytes)| bytes)
    }
}
