use serde_json::json;

use crate::common::{ADMIN_PASSWORD, TestApp, exec};

const ME: &str = "/boot/sys/permission/getUserPermissionByToken";

#[tokio::test(flavor = "multi_thread")]
async fn the_menu_comes_in_the_users_language_with_both_titles() {
    for app in TestApp::all().await {
        let token = app.login("admin", ADMIN_PASSWORD).await;
        let res = app.get(ME, &[("x-access-token", &token), ("cookie", "client_lang=zh-CN")]).await.json();
        let menu = &res["result"]["menu"];
        assert_eq!(menu[0]["path"], "/dashboard/analysis");
        assert_eq!(menu[0]["name"], "dashboard-analysis");
        assert_eq!(menu[0]["component"], "dashboard/Analysis");
        assert_eq!(menu[0]["meta"]["title"], "首页");
        assert_eq!(menu[0]["meta"]["titles"], json!({"zh-CN": "首页", "en-US": "Dashboard"}));
        let paths: Vec<&str> = menu.as_array().unwrap().iter().map(|m| m["path"].as_str().unwrap()).collect();
        assert_eq!(
            paths,
            [
                "/dashboard/analysis",
                "/shipment",
                "/logistics",
                "/warehouse",
                "/wms",
                "/reverse",
                "/carrier",
                "/system",
                "/account"
            ],
            "ordered by sort number"
        );
        assert_eq!(by_path(menu, "/system")["redirect"], "/system/user");
        assert_eq!(by_path(menu, "/logistics")["redirect"], "/logistics/priceForecast");
        assert_eq!(by_path(menu, "/account")["redirect"], "/account/center");
        let children: Vec<&str> =
            by_path(menu, "/account")["children"].as_array().unwrap().iter().map(|c| c["path"].as_str().unwrap()).collect();
        assert_eq!(children, ["/account/center", "/account/settings/base", "/account/subaccount"]);
        assert_eq!(res["result"]["sysSafeMode"], false);
        // The same menu through core's route builder, as the browser does it.
        let routes: serde_json::Value = serde_json::from_str(&logistics_core::api::build_routes(&menu.to_string())).unwrap();
        assert_eq!(routes.as_array().map(Vec::len), Some(9));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn roles_decide_menus_and_buttons() {
    for app in TestApp::all().await {
        let db = app.db();
        let code = app.sms_code("13700137000", "register").await;
        let body = json!({"username": "speedy", "password": "Cargo@2026", "confirmPassword": "Cargo@2026", "phone": "13700137000",
            "smscode": code, "email": "s@forwarder.cn", "companyName": "Speedy", "contactPerson": "Wang", "country": "CN", "address": "Shenzhen"});
        assert_eq!(app.post_json("/boot/sys/user/register", &body, &[]).await.status, 200);
        // Buttons: one granted to customers, one not, one whose rule is switched off, one edit-type.
        for (id, perms, kind, status) in [
            ("btn_a", "order:add", "1", "1"),
            ("btn_b", "order:delete", "1", "1"),
            ("btn_c", "order:export", "1", "0"),
            ("btn_d", "order:edit", "2", "1"),
        ] {
            exec(db, &format!("INSERT INTO sys_permission (id, parent_id, name, name_en, menu_type, perms, perms_type, status, create_time) \
                VALUES ('{id}', 'menu_dashboard', '按钮{id}', 'Button {id}', 2, '{perms}', '{kind}', '{status}', '2026-01-01 00:00:00')")).await;
        }
        exec(db, "INSERT INTO sys_role_permission (role_id, permission_id) VALUES ('role_customer_1', 'btn_a')").await;
        exec(db, "DELETE FROM sys_role_permission WHERE role_id = 'role_customer_1' AND permission_id = 'menu_account_settings'")
            .await;

        let token = app.login("speedy", "Cargo@2026").await;
        let res = app.get(ME, &[("x-access-token", &token)]).await.json();
        let result = &res["result"];
        let actions = |list: &serde_json::Value| -> Vec<String> {
            list.as_array().unwrap().iter().map(|b| b["action"].as_str().unwrap().to_owned()).collect()
        };
        let orders =
            |list: &serde_json::Value| -> Vec<String> { actions(list).into_iter().filter(|a| a.starts_with("order:")).collect() };
        assert_eq!(orders(&result["auth"]), ["order:add"]);
        assert_eq!(orders(&result["allAuth"]).len(), 4);
        let account = by_path(&result["menu"], "/account");
        assert_eq!(account["children"].as_array().map(Vec::len), Some(2), "the revoked menu is gone, sub-accounts stay");
        let state =
            |action: &str| logistics_core::api::button_state(action, &result["auth"].to_string(), &result["allAuth"].to_string());
        assert_eq!(
            [state("order:add"), state("order:delete"), state("order:export"), state("order:edit")],
            ["visible", "hidden", "visible", "disabled"]
        );

        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let res = app.get(ME, &[("x-access-token", &admin)]).await.json();
        assert_eq!(orders(&res["result"]["auth"]).len(), 3, "admin holds every live button rule");
        assert_eq!(by_path(&res["result"]["menu"], "/account")["children"].as_array().map(Vec::len), Some(3));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn departments_are_listed_and_switched_only_among_ones_own() {
    for app in TestApp::all().await {
        let db = app.db();
        exec(db, "INSERT INTO sys_depart (id, depart_name, depart_name_en, org_code, tenant_id, depart_order, create_time) \
            VALUES ('depart_A02', '仓库', 'Warehouse', 'A02', 1, 2, '2026-01-01 00:00:00'), ('depart_A03', '财务', 'Finance', 'A03', 1, 3, '2026-01-01 00:00:00')").await;
        let admin_id: String = {
            let admin = logistics_server::system::users::find_by_username(db, "admin").await.unwrap().unwrap();
            admin.id
        };
        exec(db, &format!("INSERT INTO sys_user_depart (user_id, dep_id) VALUES ('{admin_id}', 'depart_A02')")).await;
        let token = app.login("admin", ADMIN_PASSWORD).await;
        let auth = [("x-access-token", token.as_str()), ("cookie", "client_lang=en-US")];
        let res = app.get("/boot/sys/user/getCurrentUserDeparts", &auth).await.json();
        assert_eq!(res["result"]["orgCode"], "A01");
        let names: Vec<&str> =
            res["result"]["list"].as_array().unwrap().iter().map(|d| d["departName"].as_str().unwrap()).collect();
        assert_eq!(names, ["Headquarters", "Warehouse"]);

        let select =
            async |org: &str| app.post_json("/boot/sys/selectDepart", &json!({"orgCode": org, "username": "admin"}), &auth).await;
        assert_eq!(select("").await.json()["result"]["key"], "depart_required");
        assert_eq!(select("A03").await.status, 403, "not one of the user's departments");
        let res = select("A02").await;
        assert_eq!(res.status, 200);
        assert_eq!(res.json()["result"]["userInfo"]["orgCode"], "A02");
        assert_eq!(res.json()["result"]["userInfo"]["orgCodeTxt"], "Warehouse");
        assert_eq!(app.get("/boot/sys/user/getCurrentUserDeparts", &auth).await.json()["result"]["orgCode"], "A02");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn cached_answers_follow_changes_to_grants() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let zh = [("x-access-token", admin.as_str()), ("cookie", "client_lang=zh-CN")];
        let en = [("x-access-token", admin.as_str()), ("cookie", "client_lang=en-US")];
        assert_eq!(app.get(ME, &zh).await.json()["result"]["menu"][0]["meta"]["title"], "首页");
        assert_eq!(app.get(ME, &en).await.json()["result"]["menu"][0]["meta"]["title"], "Dashboard", "cached per language");
        exec(app.db(), "UPDATE sys_permission SET name_en = 'Home' WHERE id = 'menu_dashboard'").await;
        assert_eq!(app.get(ME, &en).await.json()["result"]["menu"][0]["meta"]["title"], "Dashboard", "served from the cache");
        logistics_server::system::permissions::changed(app.db()).await.unwrap();
        assert_eq!(app.get(ME, &en).await.json()["result"]["menu"][0]["meta"]["title"], "Home", "a change makes it stale");
    }
}

/// The top-level menu with this path (menus come ordered by their sort numbers, not fixed places).
fn by_path<'a>(menu: &'a serde_json::Value, path: &str) -> &'a serde_json::Value {
    menu.as_array().unwrap().iter().find(|m| m["path"] == path).unwrap_or_else(|| panic!("no menu {path} in {menu}"))
}
