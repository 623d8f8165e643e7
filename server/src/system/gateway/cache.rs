//! The enabled gateway routes by id, as every instance keeps them ([`Reloadable`]: read once,
//! dropped on every change on any instance).

use std::collections::HashMap;
use std::sync::Arc;

use crate::platform::cache::Reloadable;
use crate::platform::db::schema::sys_gateway_route;
use crate::platform::db::{Db, DbResult};

/// An enabled route as the proxy uses it.
#[derive(Clone, Debug)]
pub struct Route {
    pub router_id: String,
    pub uri: String,
    pub strip_prefix: bool,
    pub timeout_ms: u64,
    pub role_codes: Vec<String>,
}

/// This instance's enabled routes.
#[derive(Default)]
pub struct RouteCache(Reloadable<HashMap<String, Route>>);

impl RouteCache {
    pub async fn get(&self, db: &Db) -> DbResult<Arc<HashMap<String, Route>>> {
        self.0.get(load(db)).await
    }

    pub fn invalidate(&self) {
        self.0.invalidate();
    }
}

async fn load(db: &Db) -> DbResult<HashMap<String, Route>> {
    use diesel::prelude::*;
    use diesel_async::RunQueryDsl;
    let rows: Vec<(String, String, i32, i32, Option<String>)> = crate::with_conn!(db, |conn| {
        sys_gateway_route::table
            .filter(sys_gateway_route::status.eq(1))
            .select((
                sys_gateway_route::router_id,
                sys_gateway_route::uri,
                sys_gateway_route::strip_prefix,
                sys_gateway_route::timeout,
                sys_gateway_route::role_codes,
            ))
            .load(conn)
            .await?
    });
    Ok(rows
        .into_iter()
        .map(|(router_id, uri, strip, timeout, roles)| {
            let role_codes = roles.unwrap_or_default().split(',').filter(|r| !r.is_empty()).map(str::to_owned).collect();
            let route = Route {
                router_id: router_id.clone(),
                uri,
                strip_prefix: strip != 0,
                timeout_ms: u64::try_from(timeout).unwrap_or(u64::from(logistics_core::gateway::DEFAULT_TIMEOUT_MS)),
                role_codes,
            };
            (router_id, route)
        })
        .collect())
}
