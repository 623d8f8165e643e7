//! The query-string extractor: axum's, with its rejections turned into envelope errors.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use logistics_core::MessageKey;
use serde::de::DeserializeOwned;

use super::error::AppError;

pub struct ApiQuery<T>(pub T);

impl<S, T> FromRequestParts<S> for ApiQuery<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(ApiQuery(value)),
            Err(rejection) => Err(AppError::bad_request(MessageKey::BadJson)
                .with("detail", rejection.body_text().replace("Failed to deserialize query string: ", ""))),
        }
    }
}
