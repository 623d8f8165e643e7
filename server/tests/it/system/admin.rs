//! System administration: users, sub-accounts, roles, menus, data rules, departments, checks;
//! the rules (grant only what you hold, keep an administrator, data rules on reads AND writes)
//! and tenant isolation.

use axum::body::Body;
use axum::http::Method;
use serde_json::{Value, json};

use crate::common::{ADMIN_PASSWORD, TestApp, TestResponse, build, count, exec};

pub(crate) fn h(token: &str) -> [(&'static str, &str); 2] {
    [("x-access-token", token), ("accept-language", "en-US")]
}

pub(crate) async fn delete(app: &TestApp, path: &str, token: &str) -> TestResponse {
    app.send(build(Method::DELETE, path, &h(token), Body::empty())).await
}

pub(crate) async fn ok(res: TestResponse, what: &str) -> Value {
    assert_eq!(res.status, 200, "{what}: {}", res.text);
    res.json()["result"].clone()
}

/// A second tenant with its own administrator (as the tenant page will create them).
pub(crate) async fn second_tenant(app: &TestApp, tenant_id: i32, username: &str) -> String {
    let db = app.db();
    exec(db, &format!("INSERT INTO sys_tenant (id, name, name_en, status, create_time) VALUES ({tenant_id}, '租户{tenant_id}', 'Tenant {tenant_id}', 1, '2026-01-01 00:00:00')")).await;
    let role = logistics_server::bootstrap::admin_role(db, tenant_id).await.unwrap();
    let hash = logistics_server::system::users::password::hash("Tenant@2026").await.unwrap();
    let id = format!("u_{username}");
    exec(
        db,
        &format!(
            "INSERT INTO sys_user (id, username, realname, password, status, del_flag, user_kind, tenant_id, create_time) \
        VALUES ('{id}', '{username}', '{username}', '{hash}', 1, 0, 'admin', {tenant_id}, '2026-01-01 00:00:00')"
        ),
    )
    .await;
    exec(db, &format!("INSERT INTO sys_user_role (user_id, role_id) VALUES ('{id}', '{role}')")).await;
    app.login(username, "Tenant@2026").await
}

pub(crate) async fn add_user(app: &TestApp, token: &str, body: Value) -> Value {
    ok(app.post_json("/boot/sys/user/add", &body, &h(token)).await, "add user").await
}

fn menu_ids(menu: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for item in menu.as_array().unwrap() {
        out.push(item["id"].as_str().unwrap().to_owned());
        if item.get("children").is_some() {
            out.extend(menu_ids(&item["children"]));
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread")]
async fn a_role_decides_exactly_what_a_new_user_sees_and_may_do() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let role = ok(
            app.post_json(
                "/boot/sys/role/add",
                &json!({"roleCode": "ops", "roleName": "运营", "roleNameEn": "Operations"}),
                &h(&admin),
            )
            .await,
            "role",
        )
        .await;
        let role_id = role["id"].as_str().unwrap();
        assert_eq!(role["roleName"], "Operations");
        let tree = ok(app.get("/boot/sys/permission/queryTreeList", &h(&admin)).await, "tree").await;
        assert!(tree["ids"].as_array().unwrap().len() >= 30);
        let grant =
            json!({"roleId": role_id, "permissionIds": "menu_system,menu_system_user,btn_user_edit", "lastpermissionIds": ""});
        ok(app.post_json("/boot/sys/permission/saveRolePermission", &grant, &h(&admin)).await, "grant").await;
        let held =
            ok(app.get(&format!("/boot/sys/permission/queryRolePermission?roleId={role_id}"), &h(&admin)).await, "held").await;
        assert_eq!(held.as_array().unwrap().len(), 3);

        let user = add_user(&app, &admin, json!({"username": "olivia", "realname": "Olivia", "password": "Olivia@2026",
            "confirmpassword": "Olivia@2026", "phone": "13800001111", "email": "Olivia@Example.com", "sex": 2, "birthday": "1990-05-01",
            "workNo": "W-001", "selectedroles": role_id, "selecteddeparts": "depart_A01"})).await;
        assert_eq!(user["email"], "olivia@example.com");
        assert_eq!(user["orgCode"], "A01");
        assert_eq!(user["orgCodeTxt"], "Headquarters");

        let olivia = app.login("olivia", "Olivia@2026").await;
        let me = ok(app.get("/boot/sys/permission/getUserPermissionByToken", &h(&olivia)).await, "me").await;
        assert_eq!(menu_ids(&me["menu"]), ["menu_system", "menu_system_user"]);
        let auth: Vec<&str> = me["auth"].as_array().unwrap().iter().map(|b| b["action"].as_str().unwrap()).collect();
        assert_eq!(auth, ["system:user:edit"]);
        // What the menu shows is what the API allows.
        let list =
            ok(app.get("/boot/sys/user/list?pageNo=1&pageSize=5&column=username&order=asc", &h(&olivia)).await, "list").await;
        assert_eq!(list["records"][0]["username"], "admin");
        assert_eq!(list["total"], 2);
        let refused = app
            .post_json("/boot/sys/user/add", &json!({"username": "x1", "realname": "X", "password": "Xx@12345678"}), &h(&olivia))
            .await;
        assert_eq!(refused.status, 403, "{}", refused.text);
        assert_eq!(app.get("/boot/sys/role/list", &h(&olivia)).await.status, 403);
        assert_eq!(app.get("/boot/sys/permission/list", &h(&olivia)).await.status, 403);

        // A change to the role shows at once.
        let grant = json!({"roleId": role_id, "permissionIds": "menu_system,menu_system_user"});
        ok(app.post_json("/boot/sys/permission/saveRolePermission", &grant, &h(&admin)).await, "regrant").await;
        let me = ok(app.get("/boot/sys/permission/getUserPermissionByToken", &h(&olivia)).await, "me").await;
        assert!(me["auth"].as_array().unwrap().is_empty());

        // Every change is in the operation log, with before and after values and no password.
        assert!(
            count(app.db(), "SELECT COUNT(*) AS n FROM sys_log WHERE log_type = 2 AND log_content LIKE 'system:user:add olivia'")
                .await
                == 1
        );
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM sys_log WHERE after_value LIKE '%Olivia@2026%'").await, 0);
        assert_eq!(
            count(
                app.db(),
                "SELECT COUNT(*) AS n FROM sys_log WHERE log_content LIKE 'system:role:authorize%' AND before_value IS NOT NULL"
            )
            .await,
            2
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_user_input_is_refused_in_the_users_language_and_changes_nothing() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let zh = [("x-access-token", admin.as_str()), ("accept-language", "zh-CN")];
        let cases = [
            (json!({"username": "a", "realname": "A", "password": "Good@2026x"}), "username"),
            (json!({"username": "alpha", "realname": "", "password": "Good@2026x"}), "realname"),
            (json!({"username": "alpha", "realname": "A", "password": "weak"}), "password"),
            (
                json!({"username": "alpha", "realname": "A", "password": "Good@2026x", "confirmpassword": "Other@2026"}),
                "confirmpassword",
            ),
            (json!({"username": "alpha", "realname": "A", "password": "Good@2026x", "phone": "123"}), "phone"),
            (json!({"username": "alpha", "realname": "A", "password": "Good@2026x", "email": "no"}), "email"),
            (json!({"username": "alpha", "realname": "A", "password": "Good@2026x", "sex": 7}), "sex"),
            (json!({"username": "alpha", "realname": "A", "password": "Good@2026x", "birthday": "2999-01-01"}), "birthday"),
            (json!({"username": "alpha", "realname": "A", "password": "Good@2026x", "workNo": "a b"}), "workNo"),
            (json!({"username": "alpha", "realname": "A", "password": "Good@2026x", "userKind": "root"}), "userKind"),
            (json!({"username": "admin", "realname": "A", "password": "Good@2026x"}), "username"),
        ];
        for (body, field) in cases {
            let res = app.post_json("/boot/sys/user/add", &body, &zh).await;
            assert!(res.status == 400 || res.status == 409, "{body}: {}", res.text);
            assert!(res.text.contains(field), "{field}: {}", res.text);
            assert!(res.json()["message"].as_str().unwrap().chars().any(|c| c > '\u{2e80}'), "Chinese message: {}", res.text);
        }
        let res = app
            .post_json(
                "/boot/sys/user/add",
                &json!({"username": "alpha", "realname": "A", "password": "Good@2026x", "selectedroles": "nope"}),
                &zh,
            )
            .await;
        assert_eq!(res.status, 404);
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM sys_user WHERE username = 'alpha'").await, 0);
        let res = app.get("/boot/sys/user/list?column=password", &zh).await;
        assert_eq!(res.status, 400, "{}", res.text);
        let res = app.put_json("/boot/sys/user/frozenBatch", &json!({"ids": "", "status": 2}), &h(&admin)).await;
        assert_eq!(res.json()["message"], "Please select one data");
        let res = app.put_json("/boot/sys/user/frozenBatch", &json!({"ids": "x", "status": 9}), &h(&admin)).await;
        assert_eq!(res.status, 400);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn freezing_ends_sessions_and_the_last_administrator_stays() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let me = app.get("/boot/sys/user/getUserInfo", &h(&admin)).await.json();
        let admin_id = me["result"]["userInfo"]["id"].as_str().unwrap_or_default().to_owned();
        let admin_id = if admin_id.is_empty() {
            let list = ok(app.get("/boot/sys/user/list?username=admin", &h(&admin)).await, "find admin").await;
            list["records"][0]["id"].as_str().unwrap().to_owned()
        } else {
            admin_id
        };
        let res = app.put_json("/boot/sys/user/frozenBatch", &json!({"ids": admin_id, "status": 2}), &h(&admin)).await;
        assert_eq!(res.status, 403, "not oneself: {}", res.text);
        // The edit form's live check: one's own username is not "taken".
        assert_eq!(app.get("/boot/sys/user/checkOnlyUser?username=admin", &[]).await.status, 409);
        assert_eq!(app.get(&format!("/boot/sys/user/checkOnlyUser?username=admin&id={admin_id}"), &[]).await.status, 200);
        let res = delete(&app, &format!("/boot/sys/user/delete?id={admin_id}"), &admin).await;
        assert_eq!(res.status, 403);

        let boss = add_user(
            &app,
            &admin,
            json!({"username": "boss", "realname": "Boss", "password": "Boss@20261",
            "selectedroles": "role_admin_1"}),
        )
        .await;
        let boss_id = boss["id"].as_str().unwrap().to_owned();
        let boss_token = app.login("boss", "Boss@20261").await;
        // boss freezes admin: admin's session ends at once.
        ok(app.put_json("/boot/sys/user/frozenBatch", &json!({"ids": admin_id, "status": "2"}), &h(&boss_token)).await, "freeze")
            .await;
        assert_eq!(app.get("/boot/sys/user/list", &h(&admin)).await.status, 401);
        // boss is now the last active administrator: it cannot be demoted.
        let res = app
            .put_json("/boot/sys/user/edit", &json!({"id": boss_id, "realname": "Boss", "selectedroles": ""}), &h(&boss_token))
            .await;
        assert_eq!(res.status, 403, "{}", res.text);
        assert!(res.text.contains("last active administrator"));
        ok(app.put_json("/boot/sys/user/frozenBatch", &json!({"ids": admin_id, "status": 1}), &h(&boss_token)).await, "unfreeze")
            .await;
        app.login("admin", ADMIN_PASSWORD).await;
        // Reset password ends the user's sessions too.
        ok(
            app.put_json(
                "/boot/sys/user/changePassword",
                &json!({"username": "admin", "password": "Reset@2026", "confirmpassword": "Reset@2026"}),
                &h(&boss_token),
            )
            .await,
            "reset",
        )
        .await;
        app.login("admin", "Reset@2026").await;
        ok(delete(&app, &format!("/boot/sys/user/delete?id={admin_id}"), &boss_token).await, "delete").await;
        assert_eq!(
            count(app.db(), &format!("SELECT COUNT(*) AS n FROM sys_user WHERE id = '{admin_id}' AND del_flag = 1")).await,
            1
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn nobody_grants_what_they_do_not_hold() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let role =
            ok(app.post_json("/boot/sys/role/add", &json!({"roleCode": "hr", "roleName": "人事"}), &h(&admin)).await, "role")
                .await;
        let hr = role["id"].as_str().unwrap().to_owned();
        let other =
            ok(app.post_json("/boot/sys/role/add", &json!({"roleCode": "clerk", "roleName": "文员"}), &h(&admin)).await, "role")
                .await;
        let clerk = other["id"].as_str().unwrap().to_owned();
        let grant = json!({"roleId": hr, "permissionIds": "menu_system,menu_system_role,btn_role_authorize,menu_system_user,btn_user_add"});
        ok(app.post_json("/boot/sys/permission/saveRolePermission", &grant, &h(&admin)).await, "grant").await;
        add_user(&app, &admin, json!({"username": "hanna", "realname": "Hanna", "password": "Hanna@2026", "selectedroles": hr}))
            .await;
        let hanna = app.login("hanna", "Hanna@2026").await;
        let me = ok(app.get("/boot/sys/user/list?username=hanna", &h(&admin)).await, "hanna").await;
        let hanna_id = me["records"][0]["id"].as_str().unwrap().to_owned();
        // Within what she holds: fine. Beyond it (delete users): refused, nothing changes.
        let res = app
            .post_json(
                "/boot/sys/permission/saveRolePermission",
                &json!({"roleId": clerk, "permissionIds": "menu_system,menu_system_user"}),
                &h(&hanna),
            )
            .await;
        assert_eq!(res.status, 200, "{}", res.text);
        let res = app
            .post_json(
                "/boot/sys/permission/saveRolePermission",
                &json!({"roleId": clerk, "permissionIds": "menu_system,menu_system_user,btn_user_delete"}),
                &h(&hanna),
            )
            .await;
        assert_eq!(res.status, 403);
        assert!(res.text.contains("cannot grant"));
        assert_eq!(count(app.db(), &format!("SELECT COUNT(*) AS n FROM sys_role_permission WHERE role_id = '{clerk}'")).await, 2);
        let tree = ok(app.get("/boot/sys/permission/queryTreeList", &h(&hanna)).await, "her tree").await;
        assert_eq!(tree["ids"].as_array().unwrap().len(), 5);
        // She cannot hand out the admin role, nor a role holding more than she does.
        let res = app
            .post_json(
                "/boot/sys/user/add",
                &json!({"username": "sneaky", "realname": "S", "password": "Sneaky@2026", "selectedroles": "role_admin_1"}),
                &h(&hanna),
            )
            .await;
        assert_eq!(res.status, 403);
        ok(
            app.post_json(
                "/boot/sys/permission/saveRolePermission",
                &json!({"roleId": clerk, "permissionIds": "menu_system,menu_system_user,btn_user_delete"}),
                &h(&admin),
            )
            .await,
            "admin grants",
        )
        .await;
        let res = app
            .post_json(
                "/boot/sys/user/add",
                &json!({"username": "sneaky", "realname": "S", "password": "Sneaky@2026", "selectedroles": clerk}),
                &h(&hanna),
            )
            .await;
        assert_eq!(res.status, 403);
        // Nor promote anyone (herself included) to an administrator; an administrator may.
        ok(app.post_json("/boot/sys/permission/saveRolePermission", &json!({"roleId": hr, "permissionIds": "menu_system,menu_system_role,btn_role_authorize,menu_system_user,btn_user_add,btn_user_edit"}), &h(&admin)).await, "edit right").await;
        let res = app
            .put_json("/boot/sys/user/edit", &json!({"id": hanna_id, "realname": "Hanna", "userKind": "admin"}), &h(&hanna))
            .await;
        assert_eq!(res.status, 403, "{}", res.text);
        let res = app
            .put_json("/boot/sys/user/edit", &json!({"id": hanna_id, "realname": "Hanna", "userKind": "customer"}), &h(&admin))
            .await;
        assert_eq!(res.status, 400);
        let promoted = ok(
            app.put_json("/boot/sys/user/edit", &json!({"id": hanna_id, "realname": "Hanna", "userKind": "admin"}), &h(&admin))
                .await,
            "promote",
        )
        .await;
        assert_eq!(promoted["userKind"], "admin");
        // The admin role's grants are not edited, built-in roles are not deleted.
        let res = app
            .post_json(
                "/boot/sys/permission/saveRolePermission",
                &json!({"roleId": "role_admin_1", "permissionIds": ""}),
                &h(&admin),
            )
            .await;
        assert_eq!(res.status, 403);
        assert_eq!(delete(&app, "/boot/sys/role/delete?id=role_customer_1", &admin).await.status, 403);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn data_rules_filter_reads_and_writes() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let sales = ok(
            app.post_json(
                "/boot/sys/sysDepart/add",
                &json!({"departName": "销售部", "departNameEn": "Sales", "parentId": "depart_A01"}),
                &h(&admin),
            )
            .await,
            "depart",
        )
        .await;
        assert_eq!(sales["orgCode"], "A01A01");
        let sales_id = sales["id"].as_str().unwrap().to_owned();
        let rule = ok(
            app.post_json(
                "/boot/sys/permission/addPermissionRule",
                &json!({"permissionId": "menu_system_user", "ruleName": "本部门",
            "ruleColumn": "org_code", "ruleConditions": "=", "ruleValue": "#{sys_org_code}"}),
                &h(&admin),
            )
            .await,
            "rule",
        )
        .await;
        let bad = app
            .post_json(
                "/boot/sys/permission/addPermissionRule",
                &json!({"permissionId": "menu_system_user", "ruleName": "x",
            "ruleColumn": "password", "ruleConditions": "=", "ruleValue": "1"}),
                &h(&admin),
            )
            .await;
        assert_eq!(bad.status, 400);
        let role =
            ok(app.post_json("/boot/sys/role/add", &json!({"roleCode": "lead", "roleName": "主管"}), &h(&admin)).await, "role")
                .await;
        let lead = role["id"].as_str().unwrap().to_owned();
        let grant = json!({"roleId": lead, "permissionIds": "menu_system,menu_system_user,btn_user_edit,btn_user_freeze,btn_user_delete"});
        ok(app.post_json("/boot/sys/permission/saveRolePermission", &grant, &h(&admin)).await, "grant").await;
        ok(
            app.post_json(
                "/boot/sys/role/datarule",
                &json!({"permissionId": "menu_system_user", "roleId": lead, "dataRuleIds": rule["id"]}),
                &h(&admin),
            )
            .await,
            "select rule",
        )
        .await;
        let chosen = ok(app.get(&format!("/boot/sys/role/datarule/menu_system_user/{lead}"), &h(&admin)).await, "rules").await;
        assert_eq!(chosen["drChecked"], rule["id"]);

        add_user(&app, &admin, json!({"username": "lena", "realname": "Lena", "password": "Lena@20261", "selectedroles": lead, "selecteddeparts": sales_id})).await;
        let mate = add_user(
            &app,
            &admin,
            json!({"username": "mate", "realname": "Mate", "password": "Mate@20261", "selecteddeparts": sales_id}),
        )
        .await;
        let outsider = add_user(
            &app,
            &admin,
            json!({"username": "outsider", "realname": "Out", "password": "Out@202611", "selecteddeparts": "depart_A01"}),
        )
        .await;
        let lena = app.login("lena", "Lena@20261").await;
        let list = ok(app.get("/boot/sys/user/list?column=username&order=asc", &h(&lena)).await, "list").await;
        let names: Vec<&str> = list["records"].as_array().unwrap().iter().map(|u| u["username"].as_str().unwrap()).collect();
        assert_eq!(names, ["lena", "mate"]);
        // Writes obey the same rule: the outsider is "not found" for edit, freeze and delete.
        let out_id = outsider["id"].as_str().unwrap();
        assert_eq!(
            app.put_json("/boot/sys/user/edit", &json!({"id": out_id, "realname": "Hacked"}), &h(&lena)).await.status,
            404
        );
        assert_eq!(
            app.put_json(
                "/boot/sys/user/frozenBatch",
                &json!({"ids": format!("{},{}", mate["id"].as_str().unwrap(), out_id), "status": 2}),
                &h(&lena)
            )
            .await
            .status,
            404
        );
        assert_eq!(delete(&app, &format!("/boot/sys/user/deleteBatch?ids={out_id}"), &lena).await.status, 404);
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM sys_user WHERE username = 'outsider' AND realname = 'Out' AND status = 1 AND del_flag = 0").await, 1);
        assert_eq!(
            count(app.db(), "SELECT COUNT(*) AS n FROM sys_user WHERE username = 'mate' AND status = 1").await,
            1,
            "nothing of a refused batch happens"
        );
        ok(
            app.put_json("/boot/sys/user/edit", &json!({"id": mate["id"], "realname": "Mate Two"}), &h(&lena)).await,
            "edit inside",
        )
        .await;
        // The rule switched off: no filter.
        let rule_off = json!({"id": rule["id"], "permissionId": "menu_system_user", "ruleName": "本部门", "ruleColumn": "org_code", "ruleConditions": "=", "ruleValue": "#{sys_org_code}", "status": "0"});
        ok(app.put_json("/boot/sys/permission/editPermissionRule", &rule_off, &h(&admin)).await, "rule off").await;
        let list = ok(app.get("/boot/sys/user/list", &h(&lena)).await, "list").await;
        assert_eq!(list["total"], 4);
        // Departments with users are not deleted.
        assert_eq!(delete(&app, &format!("/boot/sys/sysDepart/delete?id={sales_id}"), &admin).await.status, 403);
        let by_dep = ok(app.get(&format!("/boot/sys/user/queryUserByDepId?id={sales_id}"), &h(&admin)).await, "by dep").await;
        assert_eq!(by_dep.as_array().unwrap().len(), 2);
        let filtered = ok(app.get("/boot/sys/user/list?departId=depart_A01", &h(&admin)).await, "by depart").await;
        assert_eq!(filtered["total"], 4, "A01 and its sub-departments");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn sub_accounts_hold_a_subset_of_their_main_account() {
    for app in TestApp::all().await {
        for (name, phone) in [("mainco", "13911110001"), ("otherco", "13911110002")] {
            let code = app.sms_code(phone, "register").await;
            let body = json!({"username": name, "password": "Main@20261", "confirmPassword": "Main@20261", "phone": phone, "smscode": code,
                "email": format!("{name}@co.cn"), "companyName": name, "contactPerson": "Li", "country": "CN", "address": "Shanghai"});
            assert_eq!(app.post_json("/boot/sys/user/register", &body, &[]).await.status, 200);
        }
        let main = app.login("mainco", "Main@20261").await;
        let other = app.login("otherco", "Main@20261").await;
        let tree = ok(app.get("/boot/erp/user/sub/permissionTree", &h(&main)).await, "tree").await;
        let ids: Vec<&str> = tree["ids"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        assert!(ids.contains(&"menu_dashboard") && !ids.contains(&"menu_account_sub") && !ids.contains(&"menu_system"));
        let res = app
            .post_json(
                "/boot/erp/user/sub/add",
                &json!({"username": "sub1", "realname": "Sub", "password": "Sub@202611", "permissionIds": "menu_system_user"}),
                &h(&main),
            )
            .await;
        assert_eq!(res.status, 403, "cannot give what it does not hold");
        let sub = ok(
            app.post_json(
                "/boot/erp/user/sub/add",
                &json!({"username": "sub1", "realname": "Sub", "password": "Sub@202611",
            "permissionIds": "menu_dashboard"}),
                &h(&main),
            )
            .await,
            "sub",
        )
        .await;
        assert_eq!(sub["userKind"], "sub_account");
        let sub_token = app.login("sub1", "Sub@202611").await;
        let me = ok(app.get("/boot/sys/permission/getUserPermissionByToken", &h(&sub_token)).await, "sub menu").await;
        assert_eq!(menu_ids(&me["menu"]), ["menu_dashboard"]);
        assert_eq!(app.get("/boot/erp/user/sub/list", &h(&sub_token)).await.status, 403, "a sub-account manages nothing");
        // The main account loses the dashboard: so does the sub-account, at once.
        exec(app.db(), "DELETE FROM sys_role_permission WHERE role_id = 'role_customer_1' AND permission_id = 'menu_dashboard'")
            .await;
        ok(
            app.post_json(
                "/boot/erp/user/sub/add",
                &json!({"username": "sub2", "realname": "Sub2", "password": "Sub@202611"}),
                &h(&main),
            )
            .await,
            "sub2",
        )
        .await;
        let me = ok(app.get("/boot/sys/permission/getUserPermissionByToken", &h(&sub_token)).await, "sub menu").await;
        assert!(me["menu"].as_array().unwrap().is_empty(), "{me}");
        // Another customer sees none of it, changes none of it.
        let theirs = ok(app.get("/boot/erp/user/sub/list", &h(&other)).await, "other list").await;
        assert_eq!(theirs["total"], 0);
        let sub_id = sub["id"].as_str().unwrap();
        assert_eq!(
            app.put_json("/boot/erp/user/sub/edit", &json!({"id": sub_id, "realname": "Mine"}), &h(&other)).await.status,
            404
        );
        assert_eq!(
            app.put_json("/boot/erp/user/sub/frozenBatch", &json!({"ids": sub_id, "status": 2}), &h(&other)).await.status,
            404
        );
        assert_eq!(delete(&app, &format!("/boot/erp/user/sub/delete?id={sub_id}"), &other).await.status, 404);
        assert_eq!(app.get(&format!("/boot/erp/user/sub/permissionTree?userId={sub_id}"), &h(&other)).await.status, 404);
        assert_eq!(app.get("/boot/sys/user/list", &h(&main)).await.status, 403, "customers do not administer users");
        // The owner freezes it: its session ends.
        ok(app.put_json("/boot/erp/user/sub/frozenBatch", &json!({"ids": sub_id, "status": 2}), &h(&main)).await, "freeze").await;
        assert_eq!(app.get("/boot/sys/permission/getUserPermissionByToken", &h(&sub_token)).await.status, 401);
        let list = ok(app.get("/boot/erp/user/sub/list?status=2", &h(&main)).await, "list").await;
        assert_eq!(list["total"], 1);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn menus_and_checks() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let menu = ok(
            app.post_json(
                "/boot/sys/permission/add",
                &json!({"name": "报表", "nameEn": "Reports", "menuType": 1, "parentId": "menu_system",
            "url": "/system/report", "component": "system/Report", "perms": "system:report:list"}),
                &h(&admin),
            )
            .await,
            "menu",
        )
        .await;
        let id = menu["id"].as_str().unwrap();
        let dup = app
            .post_json(
                "/boot/sys/permission/add",
                &json!({"name": "x", "menuType": 2, "parentId": id, "perms": "system:report:list"}),
                &h(&admin),
            )
            .await;
        assert_eq!(dup.status, 409);
        let loops = app
            .put_json(
                "/boot/sys/permission/edit",
                &json!({"id": "menu_system", "name": "系统", "menuType": 0, "parentId": id, "url": "/system"}),
                &h(&admin),
            )
            .await;
        assert_eq!(loops.status, 400, "{}", loops.text);
        ok(
            app.post_json(
                "/boot/sys/permission/add",
                &json!({"name": "导出", "nameEn": "Export", "menuType": 2, "parentId": id, "perms": "system:report:export"}),
                &h(&admin),
            )
            .await,
            "button",
        )
        .await;
        let subs = ok(
            app.get(&format!("/boot/sys/permission/getSystemSubmenuBatch?parentIds={id},menu_account"), &h(&admin)).await,
            "batch",
        )
        .await;
        assert_eq!(subs[id].as_array().unwrap().len(), 1);
        let tree = ok(app.get("/boot/sys/permission/list", &h(&admin)).await, "list").await;
        assert!(tree.as_array().unwrap().iter().any(|m| m["id"] == "menu_system"));
        ok(delete(&app, &format!("/boot/sys/permission/delete?id={id}"), &admin).await, "delete").await;
        assert_eq!(
            count(app.db(), "SELECT COUNT(*) AS n FROM sys_permission WHERE perms LIKE 'system:report%' AND del_flag = 0").await,
            0
        );
        // The search finds the seeded online reports menu, never the deleted one.
        let found = ok(app.get("/boot/sys/permission/list?name=report", &h(&admin)).await, "search").await;
        assert!(found.as_array().unwrap().iter().all(|m| m["id"] != id), "{found}");

        let check = |q: &str| format!("/boot/sys/duplicate/check?{q}");
        assert_eq!(app.get(&check("tableName=sys_user&fieldName=username&fieldVal=admin"), &h(&admin)).await.status, 400);
        assert_eq!(app.get(&check("tableName=sys_user&fieldName=username&fieldVal=free_name"), &h(&admin)).await.status, 200);
        assert_eq!(app.get(&check("tableName=sys_user&fieldName=username&fieldVal="), &h(&admin)).await.status, 200);
        let unsupported = app.get(&check("tableName=sys_user&fieldName=password&fieldVal=x"), &h(&admin)).await;
        assert_eq!(unsupported.status, 400);
        assert!(unsupported.text.contains("cannot be checked"));
        assert_eq!(app.get(&check("tableName=sys_role&fieldName=role_code&fieldVal=admin"), &h(&admin)).await.status, 400);
        assert_eq!(app.get("/boot/sys/checkRule/checkByCode?ruleCode=role_code&value=ok_code", &h(&admin)).await.status, 200);
        let bad = app.get("/boot/sys/checkRule/checkByCode?ruleCode=role_code&value=1bad", &h(&admin)).await;
        assert_eq!(bad.status, 400);
        assert!(bad.text.contains("role code"));
        assert_eq!(app.get("/boot/sys/checkRule/checkByCode?ruleCode=role_code&value=x", &[]).await.status, 401);
    }
}

/// Every endpoint of the issue with another tenant's administrator and with a customer's main
/// account: never data, always 403 or 404.
#[tokio::test(flavor = "multi_thread")]
async fn isolation_sweep() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let target = add_user(
            &app,
            &admin,
            json!({"username": "target", "realname": "Target", "password": "Target@2026", "selecteddeparts": "depart_A01"}),
        )
        .await;
        let tid = target["id"].as_str().unwrap().to_owned();
        let role =
            ok(app.post_json("/boot/sys/role/add", &json!({"roleCode": "secret", "roleName": "机密"}), &h(&admin)).await, "role")
                .await;
        let rid = role["id"].as_str().unwrap().to_owned();
        let rule = ok(
            app.post_json(
                "/boot/sys/permission/addPermissionRule",
                &json!({"permissionId": "menu_system_user", "ruleName": "r",
            "ruleColumn": "create_by", "ruleConditions": "=", "ruleValue": "#{sys_user_code}"}),
                &h(&admin),
            )
            .await,
            "rule",
        )
        .await;
        let rule_id = rule["id"].as_str().unwrap().to_owned();
        let position = ok(
            app.post_json("/boot/sys/position/add", &json!({"code": "secret_post", "name": "机密岗"}), &h(&admin)).await,
            "position",
        )
        .await;
        let pid = position["id"].as_str().unwrap().to_owned();
        let other_admin = second_tenant(&app, 7, "boss7").await;
        let code = app.sms_code("13911119999", "register").await;
        let body = json!({"username": "custy", "password": "Main@20261", "confirmPassword": "Main@20261", "phone": "13911119999", "smscode": code,
            "email": "custy@co.cn", "companyName": "C", "contactPerson": "Li", "country": "CN", "address": "Shanghai"});
        assert_eq!(app.post_json("/boot/sys/user/register", &body, &[]).await.status, 200);
        let customer = app.login("custy", "Main@20261").await;

        let gets = [
            format!("/boot/sys/user/queryById?id={tid}"),
            format!("/boot/sys/user/queryUserRole?userid={tid}"),
            format!("/boot/sys/user/userDepartList?userId={tid}"),
            "/boot/sys/user/queryUserByDepId?id=depart_A01".to_owned(),
            format!("/boot/sys/role/queryById?id={rid}"),
            format!("/boot/sys/permission/queryRolePermission?roleId={rid}"),
            format!("/boot/sys/role/datarule/menu_system_user/{rid}"),
            "/boot/sys/permission/queryDepartPermission?departId=depart_A01".to_owned(),
            "/boot/sys/permission/list".to_owned(),
            "/boot/sys/permission/getSystemMenuList".to_owned(),
            "/boot/sys/permission/getSystemSubmenu?parentId=menu_system".to_owned(),
            "/boot/sys/permission/getSystemSubmenuBatch?parentIds=menu_system".to_owned(),
            "/boot/sys/permission/getPermRuleListByPermId?permissionId=menu_system_user".to_owned(),
            "/boot/sys/permission/queryPermissionRule?permissionId=menu_system_user".to_owned(),
            format!("/boot/erp/user/sub/permissionTree?userId={tid}"),
            format!("/boot/sys/position/queryById?id={pid}"),
            "/boot/sys/tenant/list".to_owned(),
            "/boot/sys/tenant/queryById?id=1".to_owned(),
            "/boot/sys/sysDepartRole/list?deptId=depart_A01".to_owned(),
            "/boot/sys/sysDepartPermission/queryTreeListForDeptRole?departId=depart_A01".to_owned(),
            format!("/boot/sys/sysDepartRole/getDeptRoleByUserId?userId={tid}&departId=depart_A01"),
        ];
        for (who, token) in [("tenant 7 admin", &other_admin), ("customer", &customer)] {
            for path in &gets {
                let res = app.get(path, &h(token)).await;
                assert!(res.status == 403 || res.status == 404, "{who} GET {path}: {} {}", res.status, res.text);
                assert!(
                    !res.text.contains("target") && !res.text.contains("secret") && !res.text.contains(&rule_id),
                    "{who} {path} leaks"
                );
            }
            let writes: [(Method, &str, Value); 16] = [
                (
                    Method::POST,
                    "/boot/sys/sysDepartRole/add",
                    json!({"departId": "depart_A01", "roleCode": "intruder", "roleName": "X"}),
                ),
                (Method::POST, "/boot/sys/sysDepartRole/deptRoleUserAdd", json!({"userId": tid, "newRoleId": ""})),
                (Method::PUT, "/boot/sys/position/edit", json!({"id": pid, "code": "secret_post", "name": "X"})),
                (Method::PUT, "/boot/sys/tenant/edit", json!({"id": 1, "name": "X"})),
                (Method::PUT, "/boot/sys/user/edit", json!({"id": tid, "realname": "X"})),
                (Method::PUT, "/boot/sys/user/frozenBatch", json!({"ids": tid, "status": 2})),
                (Method::PUT, "/boot/sys/user/changePassword", json!({"username": "target", "password": "Hijack@2026"})),
                (Method::PUT, "/boot/sys/role/edit", json!({"id": rid, "roleCode": "secret", "roleName": "X"})),
                (
                    Method::POST,
                    "/boot/sys/permission/saveRolePermission",
                    json!({"roleId": rid, "permissionIds": "menu_dashboard"}),
                ),
                (
                    Method::POST,
                    "/boot/sys/role/datarule",
                    json!({"permissionId": "menu_system_user", "roleId": rid, "dataRuleIds": rule_id}),
                ),
                (
                    Method::POST,
                    "/boot/sys/permission/saveDepartPermission",
                    json!({"departId": "depart_A01", "permissionIds": ""}),
                ),
                (Method::PUT, "/boot/sys/sysDepart/edit", json!({"id": "depart_A01", "departName": "X"})),
                (
                    Method::PUT,
                    "/boot/sys/permission/edit",
                    json!({"id": "menu_dashboard", "name": "X", "menuType": 0, "url": "/x"}),
                ),
                (
                    Method::PUT,
                    "/boot/sys/permission/editPermissionRule",
                    json!({"id": rule_id, "ruleName": "x", "ruleColumn": "username", "ruleConditions": "=", "ruleValue": "x"}),
                ),
                (Method::PUT, "/boot/erp/user/sub/edit", json!({"id": tid, "realname": "X"})),
                (Method::PUT, "/boot/erp/user/sub/frozenBatch", json!({"ids": tid, "status": 2})),
            ];
            for (method, path, body) in writes {
                let mut headers = h(token).to_vec();
                headers.push(("content-type", "application/json"));
                let res = app.send(build(method, path, &headers, Body::from(body.to_string()))).await;
                assert!(res.status == 403 || res.status == 404, "{who} {path}: {} {}", res.status, res.text);
            }
            for path in [
                format!("/boot/sys/user/delete?id={tid}"),
                format!("/boot/sys/user/deleteBatch?ids={tid}"),
                format!("/boot/sys/role/delete?id={rid}"),
                format!("/boot/sys/role/deleteBatch?ids={rid}"),
                "/boot/sys/sysDepart/delete?id=depart_A01".to_owned(),
                "/boot/sys/permission/delete?id=menu_dashboard".to_owned(),
                format!("/boot/sys/permission/deletePermissionRule?id={rule_id}"),
                format!("/boot/erp/user/sub/delete?id={tid}"),
                format!("/boot/sys/position/delete?id={pid}"),
                format!("/boot/sys/position/deleteBatch?ids={pid}"),
                "/boot/sys/tenant/delete?id=1".to_owned(),
            ] {
                let res = delete(&app, &path, token).await;
                assert!(res.status == 403 || res.status == 404, "{who} DELETE {path}: {} {}", res.status, res.text);
            }
        }
        // Lists answer only the caller's own tenant.
        for path in [
            "/boot/sys/user/list",
            "/boot/sys/role/list",
            "/boot/sys/role/queryall",
            "/boot/sys/role/queryTreeList",
            "/boot/sys/sysDepart/queryTreeList",
            "/boot/sys/sysDepart/queryIdTree",
            "/boot/sys/sysDepart/searchBy?keyWord=A01",
            "/boot/sys/permission/queryTreeList",
        ] {
            let res = app.get(path, &h(&other_admin)).await;
            assert_eq!(res.status, 200, "{path}: {}", res.text);
            for secret in ["target", "secret", "Headquarters", "menu_system_permission", "menu_system_tenant"] {
                assert!(!res.text.contains(secret), "{path} leaks {secret}: {}", res.text);
            }
        }
        // Nothing changed.
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM sys_user WHERE username = 'target' AND realname = 'Target' AND status = 1 AND del_flag = 0").await, 1);
        assert_eq!(
            count(app.db(), &format!("SELECT COUNT(*) AS n FROM sys_role WHERE id = '{rid}' AND role_name = '机密'")).await,
            1
        );
        assert_eq!(
            count(
                app.db(),
                "SELECT COUNT(*) AS n FROM sys_permission WHERE id = 'menu_dashboard' AND del_flag = 0 AND name = '首页'"
            )
            .await,
            1
        );
        app.login("target", "Target@2026").await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn tenants_are_the_platforms_and_come_with_an_administrator() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let bad = app
            .post_json(
                "/boot/sys/tenant/add",
                &json!({"name": "X", "beginDate": "2026-05-01", "endDate": "2026-01-01"}),
                &h(&admin),
            )
            .await;
        assert_eq!(bad.status, 400);
        let weak = app
            .post_json(
                "/boot/sys/tenant/add",
                &json!({"name": "X", "adminUsername": "xadmin", "adminPassword": "weak"}),
                &h(&admin),
            )
            .await;
        assert_eq!(weak.status, 400);
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM sys_tenant WHERE name = 'X'").await, 0);
        let tenant = ok(
            app.post_json(
                "/boot/sys/tenant/add",
                &json!({"name": "快运", "nameEn": "Express", "adminUsername": "express_admin",
            "adminPassword": "Express@2026"}),
                &h(&admin),
            )
            .await,
            "tenant",
        )
        .await;
        let tid = tenant["id"].as_i64().unwrap();
        assert_eq!(tenant["userCount"], 1);
        let theirs = app.login("express_admin", "Express@2026").await;
        // Their administrator runs their tenant, sees none of the platform's, cannot run tenants or menus.
        let users = ok(app.get("/boot/sys/user/list", &h(&theirs)).await, "their users").await;
        assert_eq!(users["total"], 1);
        let me = ok(app.get("/boot/sys/permission/getUserPermissionByToken", &h(&theirs)).await, "menu").await;
        let ids = menu_ids(&me["menu"]);
        assert!(
            ids.contains(&"menu_system_user".to_owned())
                && !ids.contains(&"menu_system_tenant".to_owned())
                && !ids.contains(&"menu_system_permission".to_owned())
        );
        assert_eq!(app.get("/boot/sys/tenant/list", &h(&theirs)).await.status, 403);
        let depart = ok(
            app.post_json("/boot/sys/sysDepart/add", &json!({"departName": "仓库", "departNameEn": "Warehouse"}), &h(&theirs))
                .await,
            "depart",
        )
        .await;
        assert_eq!(depart["orgCode"], "A02", "codes are per tenant");
        ok(
            app.post_json(
                "/boot/sys/position/add",
                &json!({"code": "picker", "name": "拣货员", "nameEn": "Picker"}),
                &h(&theirs),
            )
            .await,
            "position",
        )
        .await;
        ok(
            app.post_json("/boot/sys/position/add", &json!({"code": "picker", "name": "拣货员"}), &h(&admin)).await,
            "same code, other tenant",
        )
        .await;
        let dup = app.post_json("/boot/sys/position/add", &json!({"code": "picker", "name": "again"}), &h(&theirs)).await;
        assert_eq!(dup.status, 409);
        let bad_rank =
            app.post_json("/boot/sys/position/add", &json!({"code": "boss", "name": "B", "postRank": "king"}), &h(&theirs)).await;
        assert_eq!(bad_rank.status, 400);
        let positions = ok(app.get("/boot/sys/position/list?column=code&order=asc", &h(&theirs)).await, "positions").await;
        assert_eq!(positions["total"], 1);
        // Deleting a tenant with users is refused; freezing it ends its sessions and sign-ins.
        assert_eq!(delete(&app, &format!("/boot/sys/tenant/delete?id={tid}"), &admin).await.status, 403);
        assert_eq!(delete(&app, "/boot/sys/tenant/delete?id=1", &admin).await.status, 403);
        let freeze = json!({"id": tid, "name": "快运", "nameEn": "Express", "status": 0});
        ok(app.put_json("/boot/sys/tenant/edit", &freeze, &h(&admin)).await, "freeze").await;
        assert_eq!(app.get("/boot/sys/user/list", &h(&theirs)).await.status, 401);
        let res = app.post_json("/boot/sys/login", &json!({"username": "express_admin", "password": "Express@2026"}), &[]).await;
        assert_eq!(res.status, 403, "{}", res.text);
        let platform_freeze =
            app.put_json("/boot/sys/tenant/edit", &json!({"id": 1, "name": "平台", "status": 0}), &h(&admin)).await;
        assert_eq!(platform_freeze.status, 403);
        let empty = ok(app.post_json("/boot/sys/tenant/add", &json!({"name": "空", "id": 99}), &h(&admin)).await, "empty").await;
        assert_eq!(empty["id"], 99);
        assert_eq!(app.post_json("/boot/sys/tenant/add", &json!({"name": "again", "id": 99}), &h(&admin)).await.status, 409);
        ok(delete(&app, "/boot/sys/tenant/delete?id=99", &admin).await, "delete empty").await;
        let list = ok(app.get("/boot/sys/tenant/list?status=0", &h(&admin)).await, "frozen list").await;
        assert_eq!(list["total"], 1);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn department_roles_grant_within_their_department() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let depart_perms =
            json!({"departId": "depart_A01", "permissionIds": "menu_system,menu_system_position,btn_position_add"});
        ok(app.post_json("/boot/sys/permission/saveDepartPermission", &depart_perms, &h(&admin)).await, "depart perms").await;
        let held = ok(app.get("/boot/sys/permission/queryDepartPermission?departId=depart_A01", &h(&admin)).await, "held").await;
        assert_eq!(held.as_array().unwrap().len(), 3);
        let role = ok(
            app.post_json(
                "/boot/sys/sysDepartRole/add",
                &json!({"departId": "depart_A01", "roleCode": "pos_admin", "roleName": "职务管理员"}),
                &h(&admin),
            )
            .await,
            "role",
        )
        .await;
        let rid = role["id"].as_str().unwrap().to_owned();
        let roles = ok(app.get("/boot/sys/sysDepartRole/list?deptId=depart_A01", &h(&admin)).await, "roles").await;
        assert_eq!(roles["total"], 1);
        let tree =
            ok(app.get("/boot/sys/sysDepartPermission/queryTreeListForDeptRole?departId=depart_A01", &h(&admin)).await, "tree")
                .await;
        assert_eq!(tree["ids"].as_array().unwrap().len(), 3);
        let beyond = app
            .post_json(
                "/boot/sys/sysDepartPermission/saveDeptRolePermission",
                &json!({"roleId": rid, "permissionIds": "menu_system,btn_user_add"}),
                &h(&admin),
            )
            .await;
        assert_eq!(beyond.status, 403, "only what the department holds");
        ok(
            app.post_json(
                "/boot/sys/sysDepartPermission/saveDeptRolePermission",
                &json!({"roleId": rid, "permissionIds": "menu_system,menu_system_position,btn_position_add"}),
                &h(&admin),
            )
            .await,
            "role perms",
        )
        .await;
        let user = add_user(
            &app,
            &admin,
            json!({"username": "poppy", "realname": "Poppy", "password": "Poppy@2026", "selecteddeparts": "depart_A01"}),
        )
        .await;
        let uid = user["id"].as_str().unwrap().to_owned();
        ok(
            app.post_json("/boot/sys/sysDepartRole/deptRoleUserAdd", &json!({"userId": uid, "newRoleId": rid}), &h(&admin)).await,
            "assign",
        )
        .await;
        let mine = ok(
            app.get(&format!("/boot/sys/sysDepartRole/getDeptRoleByUserId?userId={uid}&departId=depart_A01"), &h(&admin)).await,
            "of user",
        )
        .await;
        assert_eq!(mine, json!([rid]));
        let poppy = app.login("poppy", "Poppy@2026").await;
        let me = ok(app.get("/boot/sys/permission/getUserPermissionByToken", &h(&poppy)).await, "menu").await;
        assert_eq!(menu_ids(&me["menu"]), ["menu_system", "menu_system_position"]);
        ok(app.post_json("/boot/sys/position/add", &json!({"code": "driver", "name": "司机"}), &h(&poppy)).await, "she may add")
            .await;
        // The department loses the button: so do its roles and their members.
        ok(
            app.post_json(
                "/boot/sys/permission/saveDepartPermission",
                &json!({"departId": "depart_A01", "permissionIds": "menu_system,menu_system_position"}),
                &h(&admin),
            )
            .await,
            "shrink",
        )
        .await;
        let perms = ok(
            app.get(&format!("/boot/sys/sysDepartPermission/queryDeptRolePermission?roleId={rid}"), &h(&admin)).await,
            "role perms",
        )
        .await;
        assert_eq!(perms.as_array().unwrap().len(), 2);
        assert_eq!(
            app.post_json("/boot/sys/position/add", &json!({"code": "loader", "name": "装卸"}), &h(&poppy)).await.status,
            403
        );
        ok(delete(&app, &format!("/boot/sys/sysDepartRole/delete?id={rid}"), &admin).await, "delete role").await;
        assert_eq!(app.get("/boot/sys/position/list", &h(&poppy)).await.status, 403);
    }
}
