//! The JSON body extractor: axum's, with its rejections turned into envelope errors in the user's
//! language (400 for malformed JSON, 413 for an oversized body).

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use logistics_core::MessageKey;
use serde::de::DeserializeOwned;

use super::error::AppError;

pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(ApiJson(value)),
            Err(rejection) => Err(from_rejection(&rejection)),
        }
    }
}

fn from_rejection(rejection: &JsonRejection) -> AppError {
    if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
        return AppError::payload_too_large();
    }
    match rejection {
        JsonRejection::JsonDataError(_) | JsonRejection::JsonSyntaxError(_) => {
            let detail = rejection.body_text();
            let detail = detail.rsplit_once(": ").map_or(detail.as_str(), |(_, d)| d).to_owned();
            AppError::bad_request(MessageKey::BadJson).with("detail", detail)
        }
        _ => AppError::bad_request(MessageKey::BadRequest),
    }
}
