//! Online reports, their data sources and the popup's calls on SQLite and PostgreSQL: a report is
//! read with its parameters bound, filtered, sorted and paged; stacked statements, writes,
//! comment tricks, refused functions and the platform's secrets are refused when saved; a
//! parameter carrying SQL is only a value; a slow statement stops at the timeout; who may read a
//! report; data sources keep their passwords encrypted and test their connections.

use serde_json::{Value, json};

use crate::carrier::pricing::register;
use crate::common::{ADMIN_PASSWORD, TestApp, count};
use crate::system::admin::{h, ok, second_tenant};

fn item(name: &str, search: bool) -> Value {
    json!({"fieldName": name, "fieldTxt": name, "fieldType": "String", "isShow": 1, "isOrder": 1,
        "isSearch": if search { 1 } else { 0 }, "searchMode": "single"})
}

fn dict_report(code: &str) -> Value {
    json!({
        "code": code, "name": "字典", "nameEn": "Dictionaries",
        "cgrSql": "SELECT dict_code AS code, dict_name AS name FROM sys_dict WHERE dict_name LIKE :kw",
        "items": [item("code", true), item("name", true)],
        "params": [{"paramName": "kw", "paramValue": "%"}]
    })
}

async fn refused(app: &TestApp, admin: &str, sql: &str, says: &str) {
    let mut body = dict_report("bad");
    body["cgrSql"] = json!(sql);
    body["items"] = json!([item("x", false)]);
    body["params"] = json!([]);
    let res = app.post_json("/boot/online/cgreport/head/add", &body, &h(admin)).await;
    assert_eq!(res.status, 400, "{}: {sql} was saved: {}", app.backend, res.text);
    assert!(res.text.contains(says), "{}: {sql}: {}", app.backend, res.text);
}

#[tokio::test(flavor = "multi_thread")]
async fn reports_read_only_bound_filtered_paged_and_guarded() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let dicts = count(app.db(), "SELECT COUNT(*) AS n FROM sys_dict").await;
        assert!(dicts > 3, "{}: seeded dictionaries", app.backend);

        // Parse: the columns and the parameters other than the system variables.
        let parsed = ok(
            app.post_json(
                "/boot/online/cgreport/head/parseSql",
                &json!({"sql": "SELECT dict_code AS code, dict_name AS name FROM sys_dict WHERE dict_name LIKE :kw AND :sys_tenant_id IS NOT NULL"}),
                &h(&admin),
            )
            .await,
            "parse",
        )
        .await;
        assert_eq!(parsed["fields"].as_array().unwrap().len(), 2);
        assert_eq!(parsed["params"], json!(["kw"]));

        let saved = ok(app.post_json("/boot/online/cgreport/head/add", &dict_report("dicts"), &h(&admin)).await, "add").await;
        let list = ok(app.get("/boot/online/cgreport/head/list?name=dicts", &h(&admin)).await, "list").await;
        assert_eq!(list["total"], 1, "{}", app.backend);
        let _ = saved;

        // The popup's three calls.
        let columns = ok(app.get("/boot/online/cgreport/api/getRpColumns/dicts", &h(&admin)).await, "columns").await;
        assert_eq!(columns["cgRpConfigName"], "Dictionaries");
        assert_eq!(columns["columns"][0]["dataIndex"], "code");
        let id = columns["cgRpConfigId"].as_str().unwrap().to_owned();
        let zh = [("x-access-token", admin.as_str()), ("accept-language", "zh-CN")];
        let zh_columns = ok(app.get("/boot/online/cgreport/api/getRpColumns/dicts", &zh).await, "zh").await;
        assert_eq!(zh_columns["cgRpConfigName"], "字典");
        let unknown = app.get("/boot/online/cgreport/api/getRpColumns/nope", &zh).await;
        assert_eq!(unknown.status, 404);
        assert!(unknown.text.contains("实体不存在"), "{}", unknown.text);
        let info = ok(app.get(&format!("/boot/online/cgreport/api/getQueryInfo/{id}"), &h(&admin)).await, "info").await;
        assert_eq!(info.as_array().unwrap().len(), 2);
        assert_eq!(info[0]["view"], "text");

        let data = |query: String| {
            let (app, admin, id) = (&app, admin.clone(), id.clone());
            async move { app.get(&format!("/boot/online/cgreport/api/getData/{id}?{query}"), &h(&admin)).await }
        };
        let all = ok(data("pageNo=1&pageSize=2&column=code&order=asc".into()).await, "all").await;
        assert_eq!(all["total"].as_i64().unwrap(), dicts, "{}", app.backend);
        let records = all["records"].as_array().unwrap();
        assert_eq!(records.len(), 2);
        assert!(records[0]["code"].as_str().unwrap() <= records[1]["code"].as_str().unwrap());
        let second = ok(data("pageNo=2&pageSize=2&column=code&order=asc".into()).await, "page 2").await;
        assert!(second["records"][0]["code"].as_str().unwrap() >= records[1]["code"].as_str().unwrap());
        // A query field: a substring of the code.
        let code = records[0]["code"].as_str().unwrap().to_owned();
        let one = ok(data(format!("code={code}")).await, "filtered").await;
        assert!(one["total"].as_i64().unwrap() >= 1);
        assert!(one["records"].as_array().unwrap().iter().all(|r| r["code"].as_str().unwrap().contains(&code)));
        // The report's parameter, as the popup sends it.
        let none = ok(data("self_kw=no-such-dictionary".into()).await, "param").await;
        assert_eq!(none["total"], 0);
        // A parameter carrying SQL is a value, nothing more.
        for evil in ["%' OR '1'='1", "'; DROP TABLE sys_dict; --", "x\" OR 1=1 --"] {
            let res = ok(data(format!("self_kw={}", urlencode(evil))).await, "evil").await;
            assert_eq!(res["total"], 0, "{}: {evil}", app.backend);
            let res = ok(data(format!("name={}", urlencode(evil))).await, "evil field").await;
            assert_eq!(res["total"], 0, "{}: {evil}", app.backend);
        }
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM sys_dict").await, dicts);
        let bad_sort = data("column=nope".into()).await;
        assert_eq!(bad_sort.status, 400, "{}", bad_sort.text);

        // What a report may not be.
        refused(&app, &admin, "SELECT dict_code AS x FROM sys_dict; DELETE FROM sys_dict", "exactly one SQL statement").await;
        refused(&app, &admin, "DELETE FROM sys_dict", "read-only SELECT").await;
        refused(&app, &admin, "UPDATE sys_dict SET dict_name = 'x'", "read-only SELECT").await;
        refused(&app, &admin, "WITH d AS (DELETE FROM sys_dict RETURNING dict_code) SELECT dict_code AS x FROM d", "").await;
        refused(&app, &admin, "SELECT username AS x, password FROM sys_user", "platform's secrets").await;
        refused(&app, &admin, "SELECT name AS x FROM sys_setting", "platform's secrets").await;
        refused(&app, &admin, "SELECT name AS x FROM sqlite_master", "platform's secrets").await;
        refused(&app, &admin, "SELECT * FROM sys_dict", "* is not allowed").await;
        refused(&app, &admin, "SELECT dict_code AS x FROM sys_dict WHERE dict_name = :undeclared", ":undeclared").await;
        if app.db().is_postgres() {
            refused(&app, &admin, "SELECT pg_sleep(10) AS x", "pg_sleep").await;
            refused(&app, &admin, "SELECT pg_read_file('/etc/passwd') AS x", "pg_read_file").await;
        } else {
            refused(&app, &admin, "SELECT load_extension('x') AS x", "load_extension").await;
        }
        // A comment hides nothing: what runs is the parsed statement.
        let mut commented = dict_report("commented");
        commented["cgrSql"] = json!(
            "SELECT dict_code AS code, dict_name AS name FROM sys_dict -- ; DELETE FROM sys_dict\n WHERE dict_name LIKE :kw"
        );
        ok(app.post_json("/boot/online/cgreport/head/add", &commented, &h(&admin)).await, "commented").await;
        let commented = ok(app.get("/boot/online/cgreport/api/getRpColumns/commented", &h(&admin)).await, "columns").await;
        let cid = commented["cgRpConfigId"].as_str().unwrap();
        let got = ok(app.get(&format!("/boot/online/cgreport/api/getData/{cid}"), &h(&admin)).await, "commented data").await;
        assert_eq!(got["total"].as_i64().unwrap(), dicts);
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM sys_dict").await, dicts, "{}: nothing deleted", app.backend);
        assert_eq!(
            count(app.db(), "SELECT COUNT(*) AS n FROM onl_cgreport_head").await,
            2,
            "{}: nothing refused was saved",
            app.backend
        );

        // Who may read: a customer, a report not scoped to them; another tenant's staff, one not
        // scoped to the tenant.
        let (alice, _) = register(&app, "alice", "13911118801").await;
        let res = app.get(&format!("/boot/online/cgreport/api/getData/{id}"), &h(&alice)).await;
        assert_eq!(res.status, 403, "{}", res.text);
        assert!(res.text.contains("not scoped to the caller"), "{}", res.text);
        assert_eq!(app.get("/boot/online/cgreport/head/list", &h(&alice)).await.status, 403);
        let mut mine = dict_report("mine");
        mine["cgrSql"] =
            json!("SELECT username AS code, realname AS name FROM sys_user WHERE id = :sys_user_id AND realname LIKE :kw");
        ok(app.post_json("/boot/online/cgreport/head/add", &mine, &h(&admin)).await, "mine").await;
        let mine = ok(app.get("/boot/online/cgreport/api/getRpColumns/mine", &h(&alice)).await, "mine columns").await;
        let mid = mine["cgRpConfigId"].as_str().unwrap();
        let own = ok(app.get(&format!("/boot/online/cgreport/api/getData/{mid}"), &h(&alice)).await, "own").await;
        assert_eq!(own["total"], 1);
        assert_eq!(own["records"][0]["code"], "alice");
        let other = second_tenant(&app, 7001, "t7001admin").await;
        assert_eq!(app.get(&format!("/boot/online/cgreport/api/getData/{id}"), &h(&other)).await.status, 403);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_slow_report_stops_at_the_timeout() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let body = json!({
            "code": "slow", "name": "慢", "nameEn": "Slow",
            "cgrSql": "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT max(x) AS m FROM c",
            "items": [{"fieldName": "m", "fieldTxt": "m", "fieldType": "Integer", "isShow": 1}],
        });
        ok(app.post_json("/boot/online/cgreport/head/add", &body, &h(&admin)).await, "slow").await;
        let columns = ok(app.get("/boot/online/cgreport/api/getRpColumns/slow", &h(&admin)).await, "columns").await;
        let id = columns["cgRpConfigId"].as_str().unwrap();
        let started = std::time::Instant::now();
        let res = app.get(&format!("/boot/online/cgreport/api/getData/{id}"), &h(&admin)).await;
        let took = started.elapsed();
        assert_eq!(res.status, 400, "{}: {}", app.backend, res.text);
        assert!(res.text.contains("longer than 5 s"), "{}", res.text);
        assert!(took < std::time::Duration::from_secs(9), "{}: stopped after {took:?}", app.backend);
        // The server answers as before.
        ok(app.get("/boot/online/cgreport/head/list", &h(&admin)).await, "after").await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn data_sources_keep_passwords_sealed_and_serve_reports() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        // An SQLite file of its own.
        let dir = tempfile::TempDir::new().unwrap();
        let file = dir.path().join("ext.db");
        parcels_file(&file);
        let form = json!({"code": "ext", "name": "外部库", "dbType": "sqlite", "dbUrl": file.to_string_lossy(), "remark": "r"});
        let tested = ok(app.post_json("/boot/sys/dataSource/testConnection", &form, &h(&admin)).await, "test").await;
        assert_eq!(tested["message"], "Connected to the data source");
        ok(app.post_json("/boot/sys/dataSource/add", &form, &h(&admin)).await, "add").await;
        let missing =
            json!({"code": "gone", "name": "x", "dbType": "sqlite", "dbUrl": dir.path().join("none.db").to_string_lossy()});
        let res = app.post_json("/boot/sys/dataSource/testConnection", &missing, &h(&admin)).await;
        assert_eq!(res.status, 400, "{}", res.text);
        assert!(res.text.contains("Cannot connect"), "{}", res.text);
        let memory = json!({"code": "mem", "name": "x", "dbType": "sqlite", "dbUrl": ":memory:"});
        assert_eq!(app.post_json("/boot/sys/dataSource/add", &memory, &h(&admin)).await.status, 400);

        let report = json!({
            "code": "ext_parcels", "name": "外部", "dbSource": "ext",
            "cgrSql": "SELECT code, weight, password FROM parcel WHERE weight >= :min",
            "items": [item("code", true), {"fieldName": "weight", "fieldTxt": "w", "fieldType": "Double", "isShow": 1, "isOrder": 1, "isSearch": 1, "searchMode": "group"}, item("password", false)],
            "params": [{"paramName": "min", "paramValue": "0"}]
        });
        ok(app.post_json("/boot/online/cgreport/head/add", &report, &h(&admin)).await, "ext report").await;
        let columns = ok(app.get("/boot/online/cgreport/api/getRpColumns/ext_parcels", &h(&admin)).await, "columns").await;
        let id = columns["cgRpConfigId"].as_str().unwrap();
        let all =
            ok(app.get(&format!("/boot/online/cgreport/api/getData/{id}?column=weight&order=desc"), &h(&admin)).await, "data")
                .await;
        assert_eq!(all["total"], 3);
        assert_eq!(all["records"][0]["code"], "P3");
        let ranged = ok(
            app.get(&format!("/boot/online/cgreport/api/getData/{id}?weight_begin=1.5&weight_end=2.5"), &h(&admin)).await,
            "range",
        )
        .await;
        assert_eq!(ranged["total"], 1);
        assert_eq!(ranged["records"][0]["code"], "P2");
        let bad = app.get(&format!("/boot/online/cgreport/api/getData/{id}?weight_begin=heavy"), &h(&admin)).await;
        assert_eq!(bad.status, 400, "{}", bad.text);
        // The source is in use.
        let listed = ok(app.get("/boot/sys/dataSource/list", &h(&admin)).await, "list").await;
        let source = listed["records"].as_array().unwrap().iter().find(|r| r["code"] == "ext").unwrap().clone();
        assert_eq!(source["hasPassword"], 0);
        assert!(source.get("dbPassword").is_none());
        let sid = source["id"].as_str().unwrap();
        let res = app.delete(&format!("/boot/sys/dataSource/delete?id={sid}"), &h(&admin)).await;
        assert_eq!(res.status, 409, "{}", res.text);
        assert!(res.text.contains("Reports still use"), "{}", res.text);

        // The platform's own database is no data source.
        if let logistics_server::platform::config::DatabaseUrl::Sqlite(own) = &app.config.database {
            let own = json!({"code": "own", "name": "x", "dbType": "sqlite", "dbUrl": own});
            assert_eq!(app.post_json("/boot/sys/dataSource/add", &own, &h(&admin)).await.status, 400);
        }

        // A PostgreSQL source: the password sealed at rest, used by the test and the report.
        if let Ok(url) = std::env::var("TEST_DATABASE_URL") {
            let mut parsed: tokio_postgres::Config = url.parse().unwrap();
            parsed.dbname("postgres");
            let host = match &parsed.get_hosts()[0] {
                tokio_postgres::config::Host::Tcp(h) => h.clone(),
                _ => "127.0.0.1".to_owned(),
            };
            let port = parsed.get_ports().first().copied().unwrap_or(5432);
            let user = parsed.get_user().unwrap_or("postgres").to_owned();
            let form = json!({"code": "pg", "name": "PG", "dbType": "postgres", "dbUrl": format!("postgres://{host}:{port}/postgres"),
                "dbUsername": user, "dbPassword": "s3cret-Pass"});
            ok(app.post_json("/boot/sys/dataSource/add", &form, &h(&admin)).await, "pg add").await;
            let sealed = "SELECT COUNT(*) AS n FROM sys_data_source WHERE code = 'pg' AND db_password LIKE 'v1:%' AND db_password NOT LIKE '%s3cret%'";
            assert_eq!(count(app.db(), sealed).await, 1, "{}: the password is sealed", app.backend);
            let listed = ok(app.get("/boot/sys/dataSource/list?name=pg", &h(&admin)).await, "list").await;
            let pg = &listed["records"][0];
            assert_eq!(pg["hasPassword"], 1);
            // An edit with a blank password keeps it.
            let edit = json!({"id": pg["id"], "code": "pg", "name": "PG 2", "dbType": "postgres", "dbUrl": form["dbUrl"], "dbUsername": user, "dbPassword": ""});
            ok(app.put_json("/boot/sys/dataSource/edit", &edit, &h(&admin)).await, "edit").await;
            assert_eq!(count(app.db(), sealed).await, 1, "{}: still sealed after the edit", app.backend);
            let tested = ok(
                app.post_json(
                    "/boot/sys/dataSource/testConnection",
                    &json!({"id": pg["id"], "dbType": "postgres", "dbUrl": form["dbUrl"], "dbUsername": user}),
                    &h(&admin),
                )
                .await,
                "pg test",
            )
            .await;
            assert_eq!(tested["message"], "Connected to the data source");
            let report = json!({"code": "pg_dbs", "name": "库", "dbSource": "pg",
                "cgrSql": "SELECT datname AS name FROM pg_database WHERE datname = :db",
                "items": [item("name", false)], "params": [{"paramName": "db", "paramValue": "postgres"}]});
            ok(app.post_json("/boot/online/cgreport/head/add", &report, &h(&admin)).await, "pg report").await;
            let columns = ok(app.get("/boot/online/cgreport/api/getRpColumns/pg_dbs", &h(&admin)).await, "columns").await;
            let id = columns["cgRpConfigId"].as_str().unwrap();
            let got = ok(app.get(&format!("/boot/online/cgreport/api/getData/{id}"), &h(&admin)).await, "pg data").await;
            assert_eq!(got["records"][0]["name"], "postgres");
        }
    }
}

/// An SQLite file with three parcels (and a column named like a secret: not the platform's).
fn parcels_file(path: &std::path::Path) {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.execute_batch(
        "CREATE TABLE parcel (code TEXT, weight REAL, password TEXT); \
         INSERT INTO parcel VALUES ('P1', 1.0, 'a'), ('P2', 2.0, 'b'), ('P3', 3.5, 'c');",
    )
    .unwrap();
}

fn urlencode(text: &str) -> String {
    text.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}
