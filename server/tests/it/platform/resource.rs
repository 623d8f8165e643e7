//! The resource layer, through resources declared on it (positions, suppliers, announcements):
//! filters, sorting, export, tenant scope, the role's data rules on reads and writes,
//! all-or-nothing batch deletes, names in the caller's language, times in ISO-8601 UTC.

use std::io::Cursor;

use calamine::{Reader, Xlsx};
use serde_json::{Value, json};

use crate::common::{ADMIN_PASSWORD, TestApp};
use crate::system::admin::{add_user, delete, h, ok, second_tenant};

async fn add_position(app: &TestApp, token: &str, code: &str, name: &str, name_en: &str) -> String {
    let body = json!({"code": code, "name": name, "nameEn": name_en});
    let added = ok(app.post_json("/boot/sys/position/add", &body, &h(token)).await, "add position").await;
    added["id"].as_str().unwrap().to_owned()
}

fn codes(page: &Value) -> Vec<String> {
    page["records"].as_array().unwrap().iter().map(|r| r["code"].as_str().unwrap().to_owned()).collect()
}

/// The first sheet of a workbook as rows of text.
pub fn sheet(bytes: Vec<u8>) -> Vec<Vec<String>> {
    let mut book = Xlsx::new(Cursor::new(bytes)).unwrap();
    let name = book.sheet_names()[0].clone();
    let range = book.worksheet_range(&name).unwrap();
    range.rows().map(|r| r.iter().map(|c| c.to_string()).collect()).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_declared_resource_filters_sorts_exports_and_stays_in_its_tenant() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let a = add_position(&app, &admin, "wh_a", "仓管甲", "Keeper A").await;
        add_position(&app, &admin, "wh_b", "仓管乙", "Keeper B").await;
        add_position(&app, &admin, "whxc", "外勤", "Field").await;

        // `_` in a filter is a character, not a wildcard; sorting by a declared column.
        let page = ok(app.get("/boot/sys/position/list?code=wh_&column=code&order=desc", &h(&admin)).await, "list").await;
        assert_eq!(codes(&page), ["wh_b", "wh_a"]);
        assert_eq!(page["total"], 2);
        let page = ok(
            app.get("/boot/sys/position/list?name=Keeper&pageSize=1&pageNo=2&column=code&order=asc", &h(&admin)).await,
            "page 2",
        )
        .await;
        assert_eq!((codes(&page), page["total"].clone(), page["pages"].clone()), (vec!["wh_b".to_owned()], json!(2), json!(2)));
        let bad = app.get("/boot/sys/position/list?column=tenant_id", &h(&admin)).await;
        assert_eq!((bad.status.as_u16(), bad.json()["result"]["field"].clone()), (400, json!("column")), "{}", bad.text);
        let bad = app.get("/boot/logistics/supplier/list?status=7", &h(&admin)).await;
        assert_eq!((bad.status.as_u16(), bad.json()["result"]["field"].clone()), (400, json!("status")), "{}", bad.text);

        // The export has the list's filters and order, headed in the caller's language.
        let zh = [("x-access-token", admin.as_str()), ("accept-language", "zh-CN")];
        let res = app.get("/boot/sys/position/exportXls?code=wh_&column=code&order=asc", &zh).await;
        assert_eq!(res.status, 200);
        assert!(res.headers["content-type"].to_str().unwrap().contains("spreadsheetml"));
        assert!(res.headers["content-disposition"].to_str().unwrap().contains("positions.xlsx"));
        assert_eq!(sheet(res.bytes.clone()), [["职务编码", "职务名称"], ["wh_a", "仓管甲"], ["wh_b", "仓管乙"]]);
        let res = app.get("/boot/sys/position/exportXls?code=whx", &h(&admin)).await;
        assert_eq!(sheet(res.bytes.clone()), [["Position code", "Position name"], ["whxc", "外勤"]]);

        // Another tenant sees none of it, and cannot touch it: one foreign id spoils the batch.
        let theirs = second_tenant(&app, 7, "boss7").await;
        assert_eq!(ok(app.get("/boot/sys/position/list", &h(&theirs)).await, "theirs").await["total"], 0);
        assert_eq!(app.get(&format!("/boot/sys/position/queryById?id={a}"), &h(&theirs)).await.status, 404);
        let export = app.get("/boot/sys/position/exportXls", &h(&theirs)).await;
        assert_eq!(sheet(export.bytes.clone()).len(), 1, "headings only");
        let own = add_position(&app, &theirs, "mine", "我的", "Mine").await;
        assert_eq!(delete(&app, &format!("/boot/sys/position/deleteBatch?ids={own},{a}"), &theirs).await.status, 404);
        assert_eq!(ok(app.get("/boot/sys/position/list", &h(&theirs)).await, "kept").await["total"], 1);
        assert_eq!(ok(app.get("/boot/sys/position/list", &h(&admin)).await, "kept").await["total"], 3);
        let edit = json!({"id": a, "code": "stolen", "name": "X"});
        assert_eq!(app.put_json("/boot/sys/position/edit", &edit, &h(&theirs)).await.status, 404);
        assert_eq!(ok(app.get(&format!("/boot/sys/position/queryById?id={a}"), &h(&admin)).await, "a").await["code"], "wh_a");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn data_rules_on_a_declared_resource_filter_reads_and_writes() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let a = add_position(&app, &admin, "wh_a", "仓管甲", "Keeper A").await;
        let drv = add_position(&app, &admin, "drv", "司机", "Driver").await;

        // A rule may name the resource's own columns only.
        let rule = |column: &str| {
            json!({"permissionId": "menu_system_position", "ruleName": "仓库岗", "ruleColumn": column,
                "ruleConditions": "RIGHT_LIKE", "ruleValue": "wh_"})
        };
        let bad = app.post_json("/boot/sys/permission/addPermissionRule", &rule("username"), &h(&admin)).await;
        assert_eq!((bad.status.as_u16(), bad.json()["result"]["field"].clone()), (400, json!("ruleColumn")), "{}", bad.text);
        let rule = ok(app.post_json("/boot/sys/permission/addPermissionRule", &rule("code"), &h(&admin)).await, "rule").await;

        let role =
            ok(app.post_json("/boot/sys/role/add", &json!({"roleCode": "keeper", "roleName": "仓管"}), &h(&admin)).await, "role")
                .await;
        let rid = role["id"].as_str().unwrap().to_owned();
        let grant = json!({"roleId": rid,
            "permissionIds": "menu_system,menu_system_position,btn_position_add,btn_position_edit,btn_position_delete"});
        ok(app.post_json("/boot/sys/permission/saveRolePermission", &grant, &h(&admin)).await, "grant").await;
        let select = json!({"permissionId": "menu_system_position", "roleId": rid, "dataRuleIds": rule["id"]});
        ok(app.post_json("/boot/sys/role/datarule", &select, &h(&admin)).await, "select rule").await;
        add_user(&app, &admin, json!({"username": "kim", "realname": "Kim", "password": "Kim@202611", "selectedroles": rid}))
            .await;
        let kim = app.login("kim", "Kim@202611").await;

        assert_eq!(codes(&ok(app.get("/boot/sys/position/list", &h(&kim)).await, "kim's list").await), ["wh_a"]);
        assert_eq!(app.get(&format!("/boot/sys/position/queryById?id={drv}"), &h(&kim)).await.status, 404);
        let edit = json!({"id": drv, "code": "drv", "name": "改"});
        assert_eq!(app.put_json("/boot/sys/position/edit", &edit, &h(&kim)).await.status, 404);
        assert_eq!(delete(&app, &format!("/boot/sys/position/deleteBatch?ids={a},{drv}"), &kim).await.status, 404);
        assert_eq!(ok(app.get("/boot/sys/position/list", &h(&admin)).await, "all kept").await["total"], 2);
        let edit = json!({"id": a, "code": "wh_a", "name": "仓管"});
        assert_eq!(ok(app.put_json("/boot/sys/position/edit", &edit, &h(&kim)).await, "own edit").await["name"], "仓管");
        ok(delete(&app, &format!("/boot/sys/position/delete?id={a}"), &kim).await, "own delete").await;
        assert_eq!(codes(&ok(app.get("/boot/sys/position/list", &h(&admin)).await, "left").await), ["drv"]);
    }
}

/// A workbook whose first row is `heading` and then `rows`.
fn workbook(heading: &[&str], rows: &[&[&str]]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (c, text) in heading.iter().enumerate() {
        sheet.write_string(0, c as u16, *text).unwrap();
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, text) in row.iter().enumerate() {
            if !text.is_empty() {
                sheet.write_string(r as u32 + 1, c as u16, *text).unwrap();
            }
        }
    }
    book.save_to_buffer().unwrap()
}

async fn count(app: &TestApp, token: &str) -> i64 {
    ok(app.get("/boot/sys/position/list", &h(token)).await, "list").await["total"].as_i64().unwrap()
}

async fn import(app: &TestApp, token: &str, query: &str, bytes: &[u8]) -> crate::common::TestResponse {
    let (content_type, body) = crate::carrier::pricing::multipart(bytes);
    let path = format!("/boot/sys/position/importExcel{query}");
    app.post_raw(&path, body, &[("x-access-token", token), ("content-type", &content_type), ("accept-language", "en-US")]).await
}

#[tokio::test(flavor = "multi_thread")]
async fn a_declared_resource_imports_a_workbook_all_or_none() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        // Headings: an export's (either language) or the field names.
        let heading = ["职务编码", "Position name", "nameEn", "postRank"];
        let good = workbook(&heading, &[&["imp_a", "导入甲", "Import A", "staff"], &["imp_b", "导入乙", "", "manager"]]);

        let dry = import(&app, &admin, "?dryRun=true", &good).await;
        assert_eq!(dry.status, 200, "{}", dry.text);
        assert_eq!(dry.json()["result"], json!({"rows": 2, "dryRun": true}));
        assert_eq!(count(&app, &admin).await, 0, "a dry run saves nothing");

        // Every bad row is reported; nothing is saved.
        let bad = workbook(&heading, &[&["imp_c", "好的", "", "staff"], &["imp_d", "职务", "", "king"], &["", "无编码", "", ""]]);
        let res = import(&app, &admin, "", &bad).await;
        assert_eq!(res.status, 400, "{}", res.text);
        let errors = res.json()["result"]["errors"].clone();
        let cells: Vec<(i64, &str)> =
            errors.as_array().unwrap().iter().map(|e| (e["row"].as_i64().unwrap(), e["column"].as_str().unwrap())).collect();
        assert_eq!(cells, [(3, "postRank"), (4, "code")], "{errors}");
        assert_eq!(res.json()["message"], "Import failed: 2 errors");
        assert_eq!(count(&app, &admin).await, 0);

        let res = import(&app, &admin, "", &good).await;
        assert_eq!((res.status.as_u16(), res.json()["result"]["rows"].clone()), (200, json!(2)), "{}", res.text);
        let page = ok(app.get("/boot/sys/position/list?column=code&order=asc", &h(&admin)).await, "imported").await;
        assert_eq!(codes(&page), ["imp_a", "imp_b"]);
        assert_eq!(page["records"][1]["postRank"], "manager");

        // A taken code is found by the dry run too, and refuses the file.
        let again = workbook(&heading, &[&["imp_z", "新", "", ""], &["imp_b", "重复", "", ""]]);
        for query in ["?dryRun=true", ""] {
            let res = import(&app, &admin, query, &again).await;
            assert_eq!(res.status, 400, "{query}: {}", res.text);
            assert_eq!(res.json()["result"]["errors"][0]["row"], 3, "{}", res.text);
            assert_eq!(res.json()["result"]["errors"][0]["column"], "code", "{}", res.text);
        }
        assert_eq!(count(&app, &admin).await, 2);

        // An unknown heading, or a file that is no workbook, is refused as a whole.
        let res = import(&app, &admin, "", &workbook(&["code", "salary"], &[&["x1", "9"]])).await;
        assert_eq!((res.status.as_u16(), res.json()["result"]["field"].clone()), (400, json!("file")), "{}", res.text);
        let res = import(&app, &admin, "", b"not a workbook").await;
        assert_eq!(res.status, 400);
        // Importing takes the right to add.
        let theirs = second_tenant(&app, 8, "boss8").await;
        assert_eq!(import(&app, &theirs, "", &good).await.status, 200, "another tenant has its own codes");
        assert_eq!(count(&app, &theirs).await, 2);
        assert_eq!(count(&app, &admin).await, 2);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn deep_pages_continue_by_keyset_after_the_last_record() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        for i in 0..7 {
            add_position(&app, &admin, &format!("ks_{i}"), &format!("同名{}", i % 2), "Same").await;
        }
        // Sorted by a column with ties (name), in both directions: walking by `after` visits every
        // record once, in the order OFFSET paging shows them.
        for order in ["asc", "desc"] {
            let all = ok(
                app.get(&format!("/boot/sys/position/list?code=ks_&column=name&order={order}&pageSize=100"), &h(&admin)).await,
                "all",
            )
            .await;
            let expected = codes(&all);
            assert_eq!(expected.len(), 7);
            let mut walked = Vec::new();
            let mut after = String::new();
            loop {
                let url = format!("/boot/sys/position/list?code=ks_&column=name&order={order}&pageSize=3&after={after}");
                let page = ok(app.get(&url, &h(&admin)).await, "keyset page").await;
                assert_eq!(page["total"], 7);
                let records = page["records"].as_array().unwrap().clone();
                if records.is_empty() {
                    break;
                }
                walked.extend(codes(&page));
                after = records.last().unwrap()["id"].as_str().unwrap().to_owned();
            }
            assert_eq!(walked, expected, "{order}");
        }
        // Another tenant's id continues from nothing.
        let other = second_tenant(&app, 9, "boss9").await;
        let page = ok(app.get("/boot/sys/position/list?code=ks_&pageSize=3", &h(&admin)).await, "first").await;
        let last = page["records"][2]["id"].as_str().unwrap().to_owned();
        let page = ok(app.get(&format!("/boot/sys/position/list?after={last}"), &h(&other)).await, "other").await;
        assert_eq!(page["records"], json!([]));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn records_speak_the_callers_language_and_iso_utc_and_exports_the_callers_zone() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let id = add_position(&app, &admin, "iso_a", "仓管甲", "Keeper A").await;
        add_position(&app, &admin, "iso_b", "仓管乙", " ").await;
        let zh = [("x-access-token", admin.as_str()), ("accept-language", "zh-CN")];

        // The name in the request's language (Chinese when there is no English one), the time in UTC.
        let one = ok(app.get(&format!("/boot/sys/position/queryById?id={id}"), &h(&admin)).await, "one").await;
        assert_eq!((one["title"].as_str(), one["name"].as_str()), (Some("Keeper A"), Some("仓管甲")), "{one}");
        let created = one["createTime"].as_str().unwrap_or_default();
        let at =
            chrono::NaiveDateTime::parse_from_str(created, "%Y-%m-%dT%H:%M:%SZ").unwrap_or_else(|e| panic!("{created}: {e}"));
        assert!((chrono::Utc::now().naive_utc() - at).num_minutes().abs() < 5, "{created} is UTC now");
        let titles = |page: &Value| -> Vec<String> {
            page["records"].as_array().unwrap().iter().map(|r| r["title"].as_str().unwrap().to_owned()).collect()
        };
        let url = "/boot/sys/position/list?code=iso_&column=code&order=asc";
        assert_eq!(titles(&ok(app.get(url, &h(&admin)).await, "en").await), ["Keeper A", "仓管乙"]);
        assert_eq!(titles(&ok(app.get(url, &zh).await, "zh").await), ["仓管甲", "仓管乙"]);

        // Instants come in with any offset and go out in UTC; an export shows them in the caller's
        // time zone (`X-Time-Zone`), else in UTC.
        let body = json!({"titile": "Power cut", "msgContent": "<p>Tonight</p>",
            "startTime": "2026-11-24T16:30:00Z", "endTime": "2026-11-25T09:00:00+08:00"});
        let added = ok(app.post_json("/boot/sys/annountCement/add", &body, &h(&admin)).await, "announcement").await;
        assert_eq!(
            (added["startTime"].as_str(), added["endTime"].as_str()),
            (Some("2026-11-24T16:30:00Z"), Some("2026-11-25T01:00:00Z"))
        );
        let times = |rows: Vec<Vec<String>>| -> (String, String) {
            let at = |title: &str| rows[0].iter().position(|c| c == title).unwrap_or_else(|| panic!("{title}: {rows:?}"));
            (rows[1][at("Start time")].clone(), rows[1][at("End time")].clone())
        };
        let shanghai = [("x-access-token", admin.as_str()), ("accept-language", "en-US"), ("x-time-zone", "Asia/Shanghai")];
        let res = app.get("/boot/sys/annountCement/exportXls", &shanghai).await;
        assert_eq!(res.status, 200, "{}", res.text);
        assert_eq!(
            times(sheet(res.bytes)),
            ("2026-11-25 00:30:00".to_owned(), "2026-11-25 09:00:00".to_owned()),
            "8 hours ahead"
        );
        let res = app.get("/boot/sys/annountCement/exportXls", &h(&admin)).await;
        assert_eq!(times(sheet(res.bytes)), ("2026-11-24 16:30:00".to_owned(), "2026-11-25 01:00:00".to_owned()), "UTC");
    }
}
