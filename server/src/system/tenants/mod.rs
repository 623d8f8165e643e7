//! Tenants: the forwarders operating the platform. Every business row carries its tenant.
//! Their administration in `admin`.

pub mod admin;

use diesel::prelude::*;
use diesel_async::RunQueryDsl;

use crate::platform::db::schema::sys_tenant;
use crate::platform::db::{Db, DbResult};
use crate::{with_conn, with_write};

/// The platform's own tenant, which the first administrator belongs to.
pub const PLATFORM_TENANT_ID: i32 = 1;

/// 403 unless the caller belongs to the platform's own tenant (what only the platform runs:
/// tenants, online reports, data sources).
pub fn platform_only(me: &crate::system::auth::CurrentUser) -> Result<(), crate::platform::http::AppError> {
    if me.tenant_id == PLATFORM_TENANT_ID { Ok(()) } else { Err(crate::platform::http::AppError::forbidden()) }
}

pub const STATUS_NORMAL: i16 = 1;

/// Creates the tenant unless it exists.
pub async fn ensure(db: &Db, id: i32, name: &str, name_en: &str) -> DbResult<()> {
    let now = chrono::Utc::now().naive_utc();
    with_write!(db, |conn| {
        diesel::insert_into(sys_tenant::table)
            .values((
                sys_tenant::id.eq(id),
                sys_tenant::name.eq(name),
                sys_tenant::name_en.eq(name_en),
                sys_tenant::status.eq(STATUS_NORMAL),
                sys_tenant::create_time.eq(now),
            ))
            .on_conflict_do_nothing()
            .execute(conn)
            .await?;
    });
    Ok(())
}

/// A tenant's id and name in the given language.
pub async fn find(db: &Db, id: i32, lang: logistics_core::Lang) -> DbResult<Option<(i32, String)>> {
    let tenant: Option<(i32, String, Option<String>)> = with_conn!(db, |conn| {
        sys_tenant::table
            .filter(sys_tenant::id.eq(id))
            .select((sys_tenant::id, sys_tenant::name, sys_tenant::name_en))
            .first(conn)
            .await
            .optional()?
    });
    Ok(tenant.map(|(id, zh, en)| (id, crate::platform::http::lang::pick(lang, zh, en))))
}

/// Whether a tenant exists, is not frozen and is within its dates (sign-ins and registrations
/// need such a tenant).
pub async fn is_active(db: &Db, id: i32) -> DbResult<bool> {
    type Row = (i16, Option<chrono::NaiveDate>, Option<chrono::NaiveDate>);
    let row: Option<Row> = with_conn!(db, |conn| {
        sys_tenant::table
            .filter(sys_tenant::id.eq(id))
            .select((sys_tenant::status, sys_tenant::begin_date, sys_tenant::end_date))
            .first(conn)
            .await
            .optional()?
    });
    let today = chrono::Utc::now().date_naive();
    Ok(row.is_some_and(|(status, begin, end)| {
        status == STATUS_NORMAL && begin.is_none_or(|b| b <= today) && end.is_none_or(|e| e >= today)
    }))
}

#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct TenantName {
    pub id: i32,
    pub name: String,
}
