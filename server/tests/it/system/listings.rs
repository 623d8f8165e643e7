//! JeecgBoot's `/api/*` listings on SQLite and PostgreSQL: each answers what its administration
//! list answers, in the envelope and paging of the contract; the permissions are paged flat and
//! listed whole; a customer without the permissions is refused; a tenant sees only its own.

use serde_json::json;

use crate::carrier::pricing::register;
use crate::common::{ADMIN_PASSWORD, TestApp};
use crate::system::admin::{h, ok, second_tenant};

#[tokio::test(flavor = "multi_thread")]
async fn the_api_listings_answer_as_their_pages_do() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let b = app.backend;

        // Users and roles: the same page as the administration's own lists.
        for (api, page) in [
            ("/boot/api/user?pageNo=1&pageSize=5", "/boot/sys/user/list?pageNo=1&pageSize=5"),
            ("/boot/api/role?pageNo=1&pageSize=5", "/boot/sys/role/list?pageNo=1&pageSize=5"),
            ("/boot/api/service?pageNo=1&pageSize=5", "/boot/logistics/channelProduct/list?pageNo=1&pageSize=5"),
        ] {
            let listed = ok(app.get(api, &h(&admin)).await, api).await;
            assert_eq!(listed, ok(app.get(page, &h(&admin)).await, page).await, "{b}: {api}");
            assert!(listed["total"].as_i64().unwrap() >= 1 || api.contains("service"), "{b}: {api}: {listed}");
            assert_eq!(listed["size"], 5, "{b}: {api}");
        }
        let users = ok(app.get("/boot/api/user?username=admin", &h(&admin)).await, "users").await;
        assert!(
            users["records"].as_array().unwrap().iter().all(|u| u["username"].as_str().unwrap().contains("admin")),
            "{b}: {users}"
        );
        let res = app.get("/boot/api/user?column=nope", &h(&admin)).await;
        assert_eq!(res.status, 400, "{b}: an unknown sort column: {}", res.text);

        // Permissions: pages of the flat list, which no-pager gives whole.
        let all = ok(app.get("/boot/api/permission/no-pager", &h(&admin)).await, "no-pager").await;
        let all = all.as_array().unwrap().clone();
        assert!(all.len() > 20, "{b}: {}", all.len());
        assert!(all.iter().all(|p| p.get("children").is_none_or(|c| c.is_null())), "{b}: flat");
        let first = ok(app.get("/boot/api/permission?pageNo=1&pageSize=7", &h(&admin)).await, "page 1").await;
        let second = ok(app.get("/boot/api/permission?pageNo=2&pageSize=7", &h(&admin)).await, "page 2").await;
        assert_eq!(first["total"], json!(all.len()), "{b}");
        assert_eq!(first["pages"], json!(all.len().div_ceil(7)), "{b}");
        assert_eq!(first["records"].as_array().unwrap()[..], all[..7], "{b}");
        assert_eq!(second["records"].as_array().unwrap()[..], all[7..14], "{b}");
        let past = ok(app.get("/boot/api/permission?pageNo=999&pageSize=7", &h(&admin)).await, "past the end").await;
        assert_eq!(past["records"], json!([]), "{b}");
        let found = ok(app.get("/boot/api/permission/no-pager?name=ROLE", &h(&admin)).await, "by name").await;
        let found = found.as_array().unwrap();
        assert!(!found.is_empty() && found.len() < all.len(), "{b}: {}", found.len());
        let paged = ok(app.get("/boot/api/permission?name=role&pageSize=100", &h(&admin)).await, "paged by name").await;
        assert_eq!(paged["records"].as_array().unwrap(), found, "{b}");

        // A customer holds none of these permissions.
        let (customer, _) = register(&app, "listcust", "13911112222").await;
        for path in ["/boot/api/user", "/boot/api/role", "/boot/api/permission", "/boot/api/permission/no-pager"] {
            let res = app.get(path, &h(&customer)).await;
            assert_eq!(res.status, 403, "{b}: {path}: {}", res.text);
            assert_eq!(res.json()["success"], false, "{b}: {path}");
        }
        // Signed out: no listing at all.
        assert_eq!(app.get("/boot/api/user", &[]).await.status, 401, "{b}");

        // Another tenant's administrator sees its own users and roles, none of the first tenant's.
        let other = second_tenant(&app, 7, "listadmin").await;
        let theirs = ok(app.get("/boot/api/user?pageSize=100", &h(&other)).await, "other tenant's users").await;
        let names: Vec<&str> = theirs["records"].as_array().unwrap().iter().map(|u| u["username"].as_str().unwrap()).collect();
        assert_eq!(names, ["listadmin"], "{b}");
        let roles = ok(app.get("/boot/api/role?pageSize=100", &h(&other)).await, "other tenant's roles").await;
        let mine = ok(app.get("/boot/api/role?pageSize=100", &h(&admin)).await, "my roles").await;
        let ids = |v: &serde_json::Value| -> Vec<String> {
            v["records"].as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap().to_owned()).collect()
        };
        assert!(ids(&roles).iter().all(|id| !ids(&mine).contains(id)), "{b}: {roles} {mine}");
    }
}
