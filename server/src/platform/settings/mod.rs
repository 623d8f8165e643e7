//! Settings kept in the database so every instance shares them and restarts keep them (the JWT
//! signing key when the operator sets none).

use diesel::prelude::*;
use diesel_async::RunQueryDsl;

use crate::platform::db::schema::sys_setting;
use crate::platform::db::{Db, DbResult};
use crate::{with_conn, with_write};

pub const JWT_SECRET: &str = "jwt_secret";
/// Names the cluster of instances sharing this database (their Redis channel).
pub const CLUSTER_ID: &str = "cluster_id";

pub async fn get(db: &Db, name: &str) -> DbResult<Option<String>> {
    let value = with_conn!(db, |conn| {
        sys_setting::table.filter(sys_setting::name.eq(name)).select(sys_setting::value).first::<String>(conn).await.optional()?
    });
    Ok(value)
}

/// The stored value, or `initial` stored now. Safe when several instances start at once: the
/// first insert wins and everyone reads the winner.
pub async fn get_or_init(db: &Db, name: &str, initial: &str) -> DbResult<String> {
    let now = chrono::Utc::now().naive_utc();
    with_write!(db, |conn| {
        diesel::insert_into(sys_setting::table)
            .values((sys_setting::name.eq(name), sys_setting::value.eq(initial), sys_setting::update_time.eq(now)))
            .on_conflict_do_nothing()
            .execute(conn)
            .await?;
    });
    Ok(get(db, name).await?.unwrap_or_else(|| initial.to_owned()))
}

/// Stores `value` under `name`, replacing what was there.
pub async fn set(db: &Db, name: &str, value: &str) -> DbResult<()> {
    let now = chrono::Utc::now().naive_utc();
    with_write!(db, |conn| {
        diesel::insert_into(sys_setting::table)
            .values((sys_setting::name.eq(name), sys_setting::value.eq(value), sys_setting::update_time.eq(now)))
            .on_conflict(sys_setting::name)
            .do_update()
            .set((sys_setting::value.eq(value), sys_setting::update_time.eq(now)))
            .execute(conn)
            .await?;
    });
    Ok(())
}
