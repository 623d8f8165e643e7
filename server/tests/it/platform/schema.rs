use std::path::Path;

use logistics_server::{platform::db, routes};

#[test]
fn both_backends_have_the_same_migrations() {
    let (sqlite, postgres) = db::migration_names();
    assert!(!sqlite.is_empty());
    assert_eq!(sqlite, postgres, "migrations/sqlite and migrations/postgres must hold the same names");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../migrations");
    let list = |b: &str| {
        let mut names: Vec<String> =
            std::fs::read_dir(root.join(b)).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    };
    assert_eq!(list("sqlite"), list("postgres"));
    for name in list("sqlite") {
        for backend in ["sqlite", "postgres"] {
            for file in ["up.sql", "down.sql"] {
                assert!(root.join(backend).join(&name).join(file).is_file(), "{backend}/{name}/{file}");
            }
        }
    }
}

/// The OpenAPI document is a contract: a change shows up here and in the web's generated types.
/// `UPDATE_SNAPSHOTS=1 cargo test` rewrites it after a deliberate change.
#[test]
fn openapi_document_matches_the_snapshot() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("openapi.json");
    let current = routes::openapi_json() + "\n";
    if std::env::var("UPDATE_SNAPSHOTS").is_ok_and(|v| v == "1") {
        std::fs::write(&path, &current).unwrap();
    }
    let snapshot = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        snapshot == current,
        "server/openapi.json is out of date: run `UPDATE_SNAPSHOTS=1 cargo test -p logistics-server --test it platform::schema` and `npm run gen:api` in web/"
    );
    let doc: serde_json::Value = serde_json::from_str(&current).unwrap();
    assert_eq!(doc["servers"][0]["url"], "/boot");
    for path in ["/health", "/health/ready", "/logistics/weight/chargeable"] {
        assert!(doc["paths"].get(path).is_some(), "{path} missing");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_served_document_is_the_snapshot() {
    let app = crate::common::TestApp::sqlite().await;
    let res = app.get("/boot/openapi.json", &[]).await;
    assert_eq!(res.status, 200);
    assert_eq!(res.text, routes::openapi_json());
}
