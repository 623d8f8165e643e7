//! The usual checks of a form's text fields, for [`Resource::values`](super::Resource::values) and
//! the handlers written beside the layer: trimmed, required or optional, bounded; the messages name
//! the field by its label in the request's language (the rules are core's `validate`).

use logistics_core::{MessageKey, validate};

use crate::platform::http::page::filter;
use crate::platform::http::{AppError, current_lang};

/// A required text: trimmed, present, at most `max` characters.
pub fn required(field: &str, label: MessageKey, value: &str, max: usize) -> Result<String, AppError> {
    let label = label.template(current_lang());
    let value = value.trim().to_owned();
    validate::required(field, label, &value)?;
    validate::max_chars(field, label, &value, max)?;
    Ok(value)
}

/// An optional text: trimmed, blank as none, at most `max` characters.
pub fn optional(field: &str, label: MessageKey, value: &Option<String>, max: usize) -> Result<Option<String>, AppError> {
    let value = filter(value);
    validate::max_chars(field, label.template(current_lang()), value.as_deref().unwrap_or(""), max)?;
    Ok(value)
}
