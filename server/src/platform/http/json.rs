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

/// A number as the client typed it: a JSON number or its decimal text (`"12.5"`), kept exactly as
/// sent for core to read (core reads both, with the same messages as the browser).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum Amount {
    Number(serde_json::Number),
    Text(String),
}

impl utoipa::PartialSchema for Amount {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::Number))
            .item(ObjectBuilder::new().schema_type(Type::String).description(Some("decimal text, e.g. \"12.5\"")))
            .into()
    }
}

impl utoipa::ToSchema for Amount {
    fn name() -> std::borrow::Cow<'static, str> {
        "Amount".into()
    }
}
