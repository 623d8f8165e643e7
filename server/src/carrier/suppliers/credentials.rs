//! A supplier's carrier credentials: checked by core's rule when written, sealed at rest
//! (`platform::sealed`), opened only to hand them to the supplier's adapter.

use std::collections::BTreeMap;

use diesel::prelude::*;
use diesel_async::RunQueryDsl;

use crate::platform::db::schema::logistics_supplier as sup;
use crate::platform::http::AppError;
use crate::platform::sealed::{self, Purpose};
use crate::state::AppState;

/// What an adapter signs in with: key and value, as the supplier's form gave them.
pub type Credentials = BTreeMap<String, String>;

/// The credentials in a form's text, checked (`{}`: none).
pub fn check(text: &str) -> Result<Credentials, AppError> {
    Ok(logistics_core::dispatch::credentials(text)?.into_iter().collect())
}

/// The supplier's kept credentials (none kept: empty). A value the server's key no longer opens
/// is the carrier's refusal to the caller, naming what to do.
pub async fn load(state: &AppState, tenant_id: i32, supplier_id: &str) -> Result<Credentials, AppError> {
    let kept: Option<Option<String>> = crate::with_conn!(&state.db, |c| sup::table
        .filter(sup::tenant_id.eq(tenant_id))
        .filter(sup::id.eq(supplier_id))
        .select(sup::credentials)
        .first(c)
        .await
        .optional()?);
    match kept.flatten() {
        None => Ok(Credentials::new()),
        Some(text) => {
            let plain = sealed::open(state, Purpose::CarrierCredentials, &text)
                .map_err(|reason| AppError::conflict(logistics_core::MessageKey::CarrierRefused).with("reason", reason))?;
            check(&plain)
        }
    }
}
