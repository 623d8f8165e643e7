//! The language of a request: the `client_lang` cookie the web app sets, else `Accept-Language`,
//! else English. It is held in a task-local for the request's duration, so errors raised anywhere
//! in its handling speak the user's language without passing it around.

use axum::http::HeaderMap;
use axum::http::header::{ACCEPT_LANGUAGE, COOKIE};
use logistics_core::Lang;

tokio::task_local! {
    static REQUEST_LANG: Lang;
}

/// The language of the request being handled (English outside of one).
pub fn current_lang() -> Lang {
    REQUEST_LANG.try_with(|lang| *lang).unwrap_or_default()
}

/// Runs `future` with `lang` as the current language.
pub async fn scope<F: Future>(lang: Lang, future: F) -> F::Output {
    REQUEST_LANG.scope(lang, future).await
}

pub const COOKIE_NAME: &str = "client_lang";

/// A stored name in the user's language: the English one when there is one and English is
/// wanted, else the Chinese (primary) one.
pub fn pick(lang: Lang, zh: String, en: Option<String>) -> String {
    match (lang, en) {
        (Lang::EnUs, Some(en)) if !en.trim().is_empty() => en,
        _ => zh,
    }
}

/// [`pick`] in SQL, for a SELECT: the `zh` column, or in English the `en` column unless it is
/// blank (NULL or spaces). Only names from a declaration are written into it.
pub fn pick_sql(lang: Lang, zh: &str, en: &str) -> String {
    match lang {
        Lang::EnUs => format!("CASE WHEN TRIM({en}) <> '' THEN {en} ELSE {zh} END"),
        Lang::ZhCn => zh.to_owned(),
    }
}

/// Reads the language a request asks for.
pub fn from_headers(headers: &HeaderMap) -> Lang {
    let from_cookie = headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE_NAME)
        .and_then(|(_, value)| Lang::parse(value));
    from_cookie
        .or_else(|| headers.get(ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).and_then(Lang::from_accept_language))
        .unwrap_or_default()
}
