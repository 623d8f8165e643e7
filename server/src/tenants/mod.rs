//! Tenants: the forwarders operating the platform. Every business row carries its tenant.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;

use crate::db::schema::sys_tenant;
use crate::db::{Db, DbResult};
use crate::with_conn;

/// The platform's own tenant, which the first administrator belongs to.
pub const PLATFORM_TENANT_ID: i32 = 1;

pub const STATUS_NORMAL: i16 = 1;

/// Creates the tenant unless it exists.
pub async fn ensure(db: &Db, id: i32, name: &str) -> DbResult<()> {
    let now = chrono::Utc::now().naive_utc();
    with_conn!(db, |conn| {
        diesel::insert_into(sys_tenant::table)
            .values((
                sys_tenant::id.eq(id),
                sys_tenant::name.eq(name),
                sys_tenant::status.eq(STATUS_NORMAL),
                sys_tenant::create_time.eq(now),
            ))
            .on_conflict_do_nothing()
            .execute(conn)
            .await?;
    });
    Ok(())
}
