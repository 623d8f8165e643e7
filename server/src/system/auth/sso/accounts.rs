//! The signed-in user's own third-party bindings (JeecgBoot's `/sys/thirdApp` calls): which CAS or
//! OpenID Connect identities sign in as them, and unbinding one. Only ever the caller's own rows.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::platform::caller::Caller;
use crate::platform::db::schema::sys_third_account;
use crate::platform::http::reply::ok_with;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiQuery, ApiResult, AppError, ok};
use crate::system::logs;

/// One identity bound to the signed-in user.
#[derive(Debug, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = sys_third_account)]
#[serde(rename_all = "camelCase")]
pub struct ThirdAccount {
    pub id: String,
    /// `cas` or `oidc`.
    pub third_type: String,
    /// The provider's user (CAS username, OpenID Connect subject).
    pub third_user_id: String,
    /// The name the provider gave.
    pub realname: Option<String>,
    /// When it was bound.
    pub create_time: DateTime,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
pub struct ListQuery {
    /// Only this provider's (`cas`, `oidc`); every binding without it.
    pub third_type: Option<String>,
}

/// The signed-in user's bound third-party accounts, newest first.
#[utoipa::path(get, path = "/sys/thirdApp/getThirdAccountByUserId", tag = "auth", params(ListQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<ThirdAccount>>), (status = 401)))]
pub async fn list(Caller(state, me): Caller, ApiQuery(query): ApiQuery<ListQuery>) -> ApiResult<Vec<ThirdAccount>> {
    let third_type = query.third_type.filter(|t| !t.trim().is_empty());
    let rows: Vec<ThirdAccount> = crate::with_conn!(&state.db, |conn| {
        let mut q = sys_third_account::table
            .filter(sys_third_account::sys_user_id.eq(&me.user.id))
            .select(ThirdAccount::as_select())
            .order((sys_third_account::create_time.desc(), sys_third_account::id.asc()))
            .into_boxed();
        if let Some(t) = &third_type {
            q = q.filter(sys_third_account::third_type.eq(t.trim()));
        }
        q.load(conn).await?
    });
    ok(rows)
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
pub struct UnbindQuery {
    /// The binding's id.
    pub id: String,
}

/// Unbinds one of the signed-in user's third-party accounts: it no longer signs in as them (an
/// OpenID Connect identity asks for a username and password again; a CAS user falls back to the
/// user of the same username). Another user's binding is not found.
#[utoipa::path(delete, path = "/sys/thirdApp/deleteThirdAccount", tag = "auth", params(UnbindQuery),
    responses((status = 200, description = "Unbound"), (status = 401), (status = 404, description = "No such binding of this user")))]
pub async fn unbind(Caller(state, me): Caller, ApiQuery(query): ApiQuery<UnbindQuery>) -> ApiResult<()> {
    let id = query.id.trim();
    let own =
        sys_third_account::table.filter(sys_third_account::id.eq(id)).filter(sys_third_account::sys_user_id.eq(&me.user.id));
    let before: Option<ThirdAccount> =
        crate::with_conn!(&state.db, |conn| own.select(ThirdAccount::as_select()).first(conn).await.optional()?);
    let Some(before) = before else {
        return Err(AppError::not_found_with(MessageKey::ThirdAccountNotFound));
    };
    let gone = crate::with_write!(&state.db, |conn| diesel::delete(own).execute(conn).await?);
    if gone == 0 {
        return Err(AppError::not_found_with(MessageKey::ThirdAccountNotFound));
    }
    logs::deleted(&state.db, &me, "sys:thirdApp:delete", &before.third_user_id, &before).await;
    ok_with(MessageKey::ThirdAccountUnbindDone, ())
}
