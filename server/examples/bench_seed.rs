//! Seeds a benchmark database (`DATABASE_URL`): 500 menu items in a three-level tree and 2,000
//! button permissions, all granted to the platform's `customer` role, a customer `bench`
//! (password `Bench@12345`) holding it, a role `bench_role` to grant to, and 100,000 users in the
//! platform tenant spread over 20 departments (the users page's worst realistic size). Run after
//! the server has migrated the database once.

#![expect(clippy::expect_used, reason = "a benchmark fixture fails loudly")]

use diesel_async::RunQueryDsl;
use logistics_server::platform::config::DatabaseUrl;
use logistics_server::platform::db::{Db, DbError};
use logistics_server::with_conn;

async fn exec(db: &Db, sql: String) -> Result<usize, DbError> {
    Ok(with_conn!(db, |conn| diesel::sql_query(sql).execute(conn).await?))
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let url = std::env::var("DATABASE_URL").expect("DATABASE_URL");
    let db = Db::connect(&DatabaseUrl::parse(&url).expect("url"), 2).await.expect("connect");
    let now = "'2026-01-01 00:00:00'";
    let mut rows = Vec::new();
    for i in 0..500 {
        let parent = match i {
            0..50 => "NULL".to_owned(),
            50..200 => format!("'bm_{}'", i % 50),
            _ => format!("'bm_{}'", 50 + i % 150),
        };
        let kind = if i < 50 { 0 } else { 1 };
        rows.push(format!(
            "('bm_{i}', {parent}, '菜单{i}', 'Menu {i}', '/bench/m{i}', 'bench/Page', {kind}, NULL, '1', {i}, 'appstore', {now})"
        ));
    }
    for i in 0..2000 {
        rows.push(format!(
            "('bb_{i}', 'bm_{}', '按钮{i}', 'Button {i}', NULL, NULL, 2, 'bench:b{i}', '1', {i}, NULL, {now})",
            200 + i % 300
        ));
    }
    for chunk in rows.chunks(250) {
        exec(
            &db,
            format!(
                "INSERT INTO sys_permission (id, parent_id, name, name_en, url, component, menu_type, perms, perms_type, sort_no, icon, create_time) VALUES {}",
                chunk.join(",")
            ),
        )
        .await
        .expect("insert permissions");
    }
    let grants: Vec<String> = (0..500)
        .map(|i| format!("('role_customer_1', 'bm_{i}')"))
        .chain((0..2000).map(|i| format!("('role_customer_1', 'bb_{i}')")))
        .collect();
    for chunk in grants.chunks(500) {
        exec(&db, format!("INSERT INTO sys_role_permission (role_id, permission_id) VALUES {}", chunk.join(",")))
            .await
            .expect("grant");
    }
    let hash = logistics_server::system::users::password::hash("Bench@12345").await.expect("hash");
    exec(
        &db,
        format!(
            "INSERT INTO sys_user (id, username, realname, password, status, del_flag, user_kind, tenant_id, create_time, login_fail_count) \
             VALUES ('benchuser', 'bench', 'Bench', '{hash}', 1, 0, 'customer', 1, {now}, 0)"
        ),
    )
    .await
    .expect("user");
    exec(&db, "INSERT INTO sys_user_role (user_id, role_id) VALUES ('benchuser', 'role_customer_1')".to_owned())
        .await
        .expect("role");
    exec(
        &db,
        format!("INSERT INTO sys_role (id, role_name, role_code, tenant_id, create_time) VALUES ('bench_role', '压测', 'bench_role', 1, {now})"),
    )
    .await
    .expect("bench role");
    let departs: Vec<String> =
        (1..=20).map(|i| format!("('bd_{i}', 'depart_A01', '部门{i}', 'Department {i}', 'A01A{i:02}', '2', 1, {now})")).collect();
    exec(
        &db,
        format!(
            "INSERT INTO sys_depart (id, parent_id, depart_name, depart_name_en, org_code, org_category, tenant_id, create_time) VALUES {}",
            departs.join(",")
        ),
    )
    .await
    .expect("departs");
    const USERS: usize = 100_000;
    let base = chrono::NaiveDate::from_ymd_opt(2025, 1, 1).and_then(|d| d.and_hms_opt(0, 0, 0)).expect("date");
    for start in (0..USERS).step_by(1000) {
        let users: Vec<String> = (start..start + 1000)
            .map(|i| {
                let created = base + chrono::Duration::seconds(i64::try_from(i).expect("small"));
                format!(
                    "('bu_{i}', 'user{i:06}', '用户{i}', '{hash}', '139{i:08}', 'W{i:06}', 'A01A{:02}', {}, 0, 'staff', 1, 'admin', '{}', 0)",
                    1 + i % 20,
                    if i % 17 == 0 { 2 } else { 1 },
                    created.format("%Y-%m-%d %H:%M:%S")
                )
            })
            .collect();
        exec(
            &db,
            format!(
                "INSERT INTO sys_user (id, username, realname, password, phone, work_no, org_code, status, del_flag, user_kind, tenant_id,                  create_by, create_time, login_fail_count) VALUES {}",
                users.join(",")
            ),
        )
        .await
        .expect("users");
        let members: Vec<String> = (start..start + 1000).map(|i| format!("('bu_{i}', 'bd_{}')", 1 + i % 20)).collect();
        exec(&db, format!("INSERT INTO sys_user_depart (user_id, dep_id) VALUES {}", members.join(","))).await.expect("members");
    }
    println!("seeded 500 menus, 2000 buttons, user bench, role bench_role, {USERS} users");
}
