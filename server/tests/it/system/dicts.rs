//! Dictionaries (cache fresh after every change), categories, countries and the logs with the
//! visit figures; bad input changes nothing; another tenant sees none of a tenant's data.

use axum::body::Body;
use axum::http::Method;
use serde_json::{Value, json};

use crate::common::{ADMIN_PASSWORD, TestApp, build, count};
use crate::system::admin::{delete, h, ok, second_tenant};

fn zh(token: &str) -> [(&'static str, &str); 2] {
    [("x-access-token", token), ("accept-language", "zh-CN")]
}

async fn items(app: &TestApp, token: &str, code: &str, lang: &str) -> Value {
    let res =
        app.get(&format!("/boot/sys/dict/getDictItems/{code}"), &[("x-access-token", token), ("accept-language", lang)]).await;
    ok(res, "getDictItems").await
}

#[tokio::test(flavor = "multi_thread")]
async fn dictionaries_are_seeded_edited_and_never_stale() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        // Seeded, in both languages, and in the login answer.
        let login = app
            .post_json(
                "/boot/sys/login",
                &json!({"username": "admin", "password": ADMIN_PASSWORD}),
                &[("accept-language", "zh-CN")],
            )
            .await;
        let all = &login.json()["result"]["sysAllDictItems"];
        assert_eq!(all["priority"][2], json!({"value": "H", "text": "紧急", "title": "紧急", "label": "紧急", "color": "red"}));
        for code in [
            "user_status",
            "sex",
            "priority",
            "msg_category",
            "msg_type",
            "send_status",
            "shipment_type",
            "currency",
            "weight_unit",
            "length_unit",
        ] {
            assert!(all[code].as_array().is_some_and(|a| !a.is_empty()), "{code} seeded");
        }
        assert_eq!(items(&app, &admin, "shipment_type", "en-US").await.as_array().unwrap().len(), 4);
        assert_eq!(items(&app, &admin, "sex", "en-US").await[1]["text"], "Female");
        assert_eq!(items(&app, &admin, "nope", "en-US").await, json!([]));
        let everything = ok(app.get("/boot/sys/dict/queryAllDictItems", &h(&admin)).await, "all").await;
        assert_eq!(everything["currency"][0]["value"], "CNY");

        // Bad input: the spec's message for an empty code, nothing stored.
        let before = count(app.db(), "SELECT COUNT(*) AS n FROM sys_dict").await;
        let cases = [
            (json!({"dictName": "Ports", "dictCode": ""}), "dictCode", "字典Code不能为空!"),
            (json!({"dictName": "Ports", "dictCode": "  "}), "dictCode", "字典Code不能为空!"),
            (
                json!({"dictName": "Ports", "dictCode": "9ports"}),
                "dictCode",
                "字典编码须以字母开头，仅含字母、数字或下划线，最多64个字符!",
            ),
            (json!({"dictName": "", "dictCode": "ports"}), "dictName", "字典名称不能为空!"),
        ];
        for (body, field, message) in cases {
            let res = app.post_json("/boot/sys/dict/add", &body, &zh(&admin)).await;
            assert_eq!(res.status, 400, "{body}");
            assert_eq!((res.json()["message"].as_str(), res.json()["result"]["field"].as_str()), (Some(message), Some(field)));
        }
        let res = app.get("/boot/sys/duplicate/check?tableName=sys_dict&fieldName=dict_code&fieldVal=priority", &h(&admin)).await;
        assert_eq!(res.status, 400, "the live check knows dictionary codes");
        let res = app.get("/boot/sys/duplicate/check?tableName=sys_dict&fieldName=dict_code&fieldVal=ports", &h(&admin)).await;
        assert_eq!(res.status, 200);
        let res = app.post_json("/boot/sys/dict/add", &json!({"dictName": "x", "dictCode": "priority"}), &zh(&admin)).await;
        assert_eq!((res.status.as_u16(), res.json()["message"].as_str()), (409, Some("字典编码已存在!")));
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM sys_dict").await, before);

        // A new dictionary with items; every change shows at once.
        let dict = ok(
            app.post_json(
                "/boot/sys/dict/add",
                &json!({"dictName": "港口", "dictNameEn": "Ports", "dictCode": "port"}),
                &h(&admin),
            )
            .await,
            "add",
        )
        .await;
        let dict_id = dict["id"].as_str().unwrap().to_owned();
        assert_eq!(items(&app, &admin, "port", "en-US").await, json!([]));
        let item = json!({"dictId": dict_id, "itemText": "上海", "itemTextEn": "Shanghai", "itemValue": "CNSHA", "itemColor": "blue", "sortOrder": 2});
        let sha = ok(app.post_json("/boot/sys/dictItem/add", &item, &h(&admin)).await, "item").await;
        let item = json!({"dictId": dict_id, "itemText": "宁波", "itemValue": "CNNGB", "sortOrder": 1});
        ok(app.post_json("/boot/sys/dictItem/add", &item, &h(&admin)).await, "item").await;
        let res = app
            .post_json("/boot/sys/dictItem/add", &json!({"dictId": dict_id, "itemText": "x", "itemValue": "CNSHA"}), &h(&admin))
            .await;
        assert_eq!(res.status, 409, "value taken within the dictionary");
        let res = app
            .post_json(
                "/boot/sys/dictItem/add",
                &json!({"dictId": dict_id, "itemText": "x", "itemValue": "X", "itemColor": "mauve"}),
                &h(&admin),
            )
            .await;
        assert_eq!(res.status, 400);
        let got = items(&app, &admin, "port", "en-US").await;
        assert_eq!(
            got,
            json!([{"value": "CNNGB", "text": "宁波", "title": "宁波", "label": "宁波", "color": null},
            {"value": "CNSHA", "text": "Shanghai", "title": "Shanghai", "label": "Shanghai", "color": "blue"}])
        );
        let edit = json!({"id": sha["id"], "itemText": "上海", "itemTextEn": "Shanghai port", "itemValue": "CNSHA", "sortOrder": 0, "status": 0});
        ok(app.put_json("/boot/sys/dictItem/edit", &edit, &h(&admin)).await, "disable").await;
        assert_eq!(items(&app, &admin, "port", "en-US").await.as_array().unwrap().len(), 1, "disabled items are not offered");
        let listed = ok(app.get(&format!("/boot/sys/dictItem/list?dictId={dict_id}&status=0"), &h(&admin)).await, "list").await;
        assert_eq!(listed["records"][0]["itemTextEn"], "Shanghai port");
        let listed = ok(app.get("/boot/sys/dict/list?dictName=Ports", &h(&admin)).await, "list").await;
        assert_eq!((listed["total"].as_i64(), listed["records"][0]["itemCount"].as_i64()), (Some(1), Some(2)));
        assert_eq!(ok(app.get("/boot/sys/dict/refleshCache", &zh(&admin)).await, "refresh").await, Value::Null);
        assert_eq!(app.get("/boot/sys/dict/refleshCache", &zh(&admin)).await.json()["message"], "刷新缓存完成！");

        // System dictionaries stay; others go with their items.
        let system =
            ok(app.get("/boot/sys/dict/list?dictCode=priority", &h(&admin)).await, "find").await["records"][0]["id"].clone();
        let res = delete(&app, &format!("/boot/sys/dict/delete?id={}", system.as_str().unwrap()), &admin).await;
        assert_eq!(res.status, 400);
        assert_eq!(res.json()["message"], "System dictionaries cannot be deleted!");
        assert_eq!(delete(&app, &format!("/boot/sys/dict/delete?id={dict_id}"), &admin).await.status, 200);
        assert_eq!(items(&app, &admin, "port", "en-US").await, json!([]));
        assert_eq!(count(app.db(), &format!("SELECT COUNT(*) AS n FROM sys_dict_item WHERE dict_id = '{dict_id}'")).await, 0);

        // Another tenant's administrator reads items but administers no dictionary (platform-wide).
        let boss7 = second_tenant(&app, 7, "boss7").await;
        assert_eq!(items(&app, &boss7, "sex", "zh-CN").await[0]["text"], "男");
        assert_eq!(app.get("/boot/sys/dict/list", &h(&boss7)).await.status, 403);
        assert_eq!(app.post_json("/boot/sys/dict/add", &json!({"dictName": "x", "dictCode": "x"}), &h(&boss7)).await.status, 403);
        let edit = json!({"id": sha["id"], "itemText": "x", "itemValue": "x"});
        assert_eq!(app.put_json("/boot/sys/dictItem/edit", &edit, &h(&boss7)).await.status, 403);
        assert_eq!(app.get("/boot/sys/dict/getDictItems/sex", &[]).await.status, 401);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn categories_are_a_coded_tree_per_tenant() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let add = |body: Value| {
            let app = &app;
            let admin = admin.clone();
            async move { ok(app.post_json("/boot/sys/category/add", &body, &h(&admin)).await, "add category").await }
        };
        let goods = add(json!({"name": "商品", "nameEn": "Goods"})).await;
        let docs = add(json!({"name": "文件", "nameEn": "Documents"})).await;
        assert_eq!((goods["code"].as_str(), docs["code"].as_str()), (Some("A01"), Some("A02")));
        let battery = add(json!({"pid": goods["id"], "name": "带电", "nameEn": "Batteries"})).await;
        let liquid = add(json!({"pid": goods["id"], "name": "液体", "nameEn": "Liquids", "sortOrder": -1})).await;
        assert_eq!((battery["code"].as_str(), liquid["code"].as_str()), (Some("A01A01"), Some("A01A02")));
        let roots = ok(app.get("/boot/sys/category/rootList", &h(&admin)).await, "roots").await;
        assert_eq!(roots["total"], 2);
        assert_eq!(roots["records"][0]["hasChild"], true);
        let children = ok(
            app.get(&format!("/boot/sys/category/childList?pid={}", goods["id"].as_str().unwrap()), &h(&admin)).await,
            "children",
        )
        .await;
        assert_eq!(children[0]["title"], "Liquids", "sorted by sort order first");
        let found = ok(app.get("/boot/sys/category/rootList?name=Batt", &h(&admin)).await, "search").await;
        assert_eq!((found["total"].as_i64(), found["records"][0]["code"].as_str()), (Some(1), Some("A01A01")));
        let tree = ok(app.get("/boot/sys/category/tree", &h(&admin)).await, "tree").await;
        assert_eq!(tree[0]["children"].as_array().unwrap().len(), 2);
        let sub = ok(app.get("/boot/sys/category/tree?code=A01", &h(&admin)).await, "subtree").await;
        assert_eq!(sub.as_array().unwrap().len(), 2);

        let res = app.post_json("/boot/sys/category/add", &json!({"name": " "}), &zh(&admin)).await;
        assert_eq!((res.status.as_u16(), res.json()["message"].as_str()), (400, Some("分类名称不能为空!")));
        let res = app.post_json("/boot/sys/category/add", &json!({"pid": "nope", "name": "x"}), &h(&admin)).await;
        assert_eq!(res.status, 404);
        let res = delete(&app, &format!("/boot/sys/category/delete?id={}", goods["id"].as_str().unwrap()), &admin).await;
        assert_eq!((res.status.as_u16(), res.json()["message"].as_str()), (400, Some("Delete its sub-categories first")));
        let edit = json!({"id": battery["id"], "name": "带电产品", "nameEn": "Battery goods"});
        assert_eq!(ok(app.put_json("/boot/sys/category/edit", &edit, &h(&admin)).await, "edit").await["code"], "A01A01");

        // Tenant 7 sees and touches none of it, and numbers its own from A01.
        let boss7 = second_tenant(&app, 7, "boss7").await;
        assert_eq!(ok(app.get("/boot/sys/category/rootList", &h(&boss7)).await, "t7").await["total"], 0);
        assert_eq!(
            app.get(&format!("/boot/sys/category/queryById?id={}", goods["id"].as_str().unwrap()), &h(&boss7)).await.status,
            404
        );
        assert_eq!(app.put_json("/boot/sys/category/edit", &edit, &h(&boss7)).await.status, 404);
        assert_eq!(
            delete(&app, &format!("/boot/sys/category/delete?id={}", liquid["id"].as_str().unwrap()), &boss7).await.status,
            404
        );
        let own = ok(app.post_json("/boot/sys/category/add", &json!({"name": "T7"}), &h(&boss7)).await, "t7 add").await;
        assert_eq!(own["code"], "A01");

        for id in [&battery["id"], &liquid["id"], &goods["id"]] {
            assert_eq!(delete(&app, &format!("/boot/sys/category/delete?id={}", id.as_str().unwrap()), &admin).await.status, 200);
        }
        let roots = ok(app.get("/boot/sys/category/rootList", &h(&admin)).await, "roots").await;
        assert_eq!(roots["total"], 1);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn countries_hold_the_iso_list_and_check_what_is_saved() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let all = ok(app.get("/boot/sys/country/queryAll", &h(&admin)).await, "all").await;
        assert!(all.as_array().unwrap().len() >= 249);
        let cn = ok(app.get("/boot/sys/country/queryById?id=CN", &zh(&admin)).await, "CN").await;
        assert_eq!(
            (cn["name"].as_str(), cn["phonePrefix"].as_str(), cn["postalPattern"].as_str()),
            (Some("中国"), Some("+86"), Some("^\\d{6}$"))
        );
        let page = ok(app.get("/boot/sys/country/list?name=King&pageSize=5", &h(&admin)).await, "search").await;
        assert!(page["records"].as_array().unwrap().iter().any(|r| r["code"] == "GB"), "{page}");
        let before = count(app.db(), "SELECT COUNT(*) AS n FROM sys_country").await;
        let cases = [
            (json!({"code": "xk", "nameZh": "科索沃", "nameEn": "Kosovo"}), "code", "国家代码须为2位大写字母（ISO 3166-1）!"),
            (json!({"code": "XZ", "nameZh": "", "nameEn": "Kosovo"}), "nameZh", "中文名称不能为空!"),
            (
                json!({"code": "XZ", "nameZh": "科索沃", "nameEn": "Kosovo", "phonePrefix": "383"}),
                "phonePrefix",
                "电话区号须为+加1-4位数字!",
            ),
            (
                json!({"code": "XZ", "nameZh": "科索沃", "nameEn": "Kosovo", "postalPattern": "^(\\d{5}$"}),
                "postalPattern",
                "邮编规则不是有效的正则表达式",
            ),
        ];
        for (body, field, message) in cases {
            let res = app.post_json("/boot/sys/country/add", &body, &zh(&admin)).await;
            assert_eq!(res.status, 400, "{body}");
            assert_eq!((res.json()["message"].as_str(), res.json()["result"]["field"].as_str()), (Some(message), Some(field)));
        }
        let res = app.post_json("/boot/sys/country/add", &json!({"code": "CN", "nameZh": "x", "nameEn": "x"}), &h(&admin)).await;
        assert_eq!(res.status, 409);
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM sys_country").await, before);
        let kosovo = json!({"code": "XZ", "nameZh": "科索沃", "nameEn": "Kosovo", "phonePrefix": "+383", "postalPattern": "^\\d{5}$", "enabled": false});
        ok(app.post_json("/boot/sys/country/add", &kosovo, &h(&admin)).await, "add").await;
        let all = ok(app.get("/boot/sys/country/queryAll", &h(&admin)).await, "all").await;
        assert!(!all.as_array().unwrap().iter().any(|c| c["code"] == "XZ"), "disabled countries are not offered");
        let edit = json!({"code": "XZ", "nameZh": "科索沃", "nameEn": "Kosovo", "enabled": true, "sortOrder": -5});
        ok(app.put_json("/boot/sys/country/edit", &edit, &h(&admin)).await, "edit").await;
        let all = ok(app.get("/boot/sys/country/queryAll", &h(&admin)).await, "all").await;
        assert_eq!(all[0]["code"], "XZ", "sort order first");
        let disabled = ok(app.get("/boot/sys/country/list?enabled=false", &h(&admin)).await, "disabled").await;
        assert_eq!(disabled["total"], 0);
        assert_eq!(delete(&app, "/boot/sys/country/delete?id=XZ", &admin).await.status, 200);
        assert_eq!(app.get("/boot/sys/country/queryById?id=XZ", &h(&admin)).await.status, 404);

        let boss7 = second_tenant(&app, 7, "boss7").await;
        assert!(ok(app.get("/boot/sys/country/queryAll", &h(&boss7)).await, "t7 reads").await.as_array().unwrap().len() >= 249);
        assert_eq!(app.get("/boot/sys/country/list", &h(&boss7)).await.status, 403);
        assert_eq!(app.put_json("/boot/sys/country/edit", &edit, &h(&boss7)).await.status, 403);
        assert_eq!(delete(&app, "/boot/sys/country/delete?id=CN", &boss7).await.status, 403);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn logs_and_visit_figures_belong_to_the_tenant() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let wrong = app.post_json("/boot/sys/login", &json!({"username": "admin", "password": "Wrong@12345"}), &[]).await;
        assert_eq!(wrong.status, 401, "{}", wrong.text);
        let second = app.login("admin", ADMIN_PASSWORD).await;
        assert_eq!(app.post_json("/boot/sys/logout", &json!({}), &h(&second)).await.status, 200);

        let info = ok(app.get("/boot/sys/loginfo", &h(&admin)).await, "loginfo").await;
        assert_eq!(
            info,
            json!({"todayIp": 1, "todayVisitCount": 2, "totalVisitCount": 2}),
            "sign-ins that worked, not sign-outs"
        );
        let days = ok(app.get("/boot/sys/visitInfo", &h(&admin)).await, "visitInfo").await;
        let days = days.as_array().unwrap();
        assert_eq!(days.len(), 7);
        assert_eq!((days[6]["visit"].as_i64(), days[6]["ip"].as_i64()), (Some(2), Some(1)));
        assert_eq!(days[6]["type"], chrono::Utc::now().format("%Y-%m-%d").to_string());
        assert_eq!(days[0]["visit"], 0);

        let logins = ok(app.get("/boot/sys/log/list?logType=1&pageSize=50", &h(&admin)).await, "sign-in log").await;
        let records = logins["records"].as_array().unwrap();
        assert!(records.iter().any(|r| r["ok"] == false), "failed attempts are logged");
        assert!(records.iter().any(|r| r["requestUrl"] == "/sys/logout"), "sign-outs are logged");
        let ops = ok(app.get("/boot/sys/log/list?logType=2", &h(&admin)).await, "operation log").await;
        let before = ops["total"].as_i64().unwrap();
        ok(app.post_json("/boot/sys/category/add", &json!({"name": "Audit me"}), &h(&admin)).await, "category").await;
        let ops =
            ok(app.get("/boot/sys/log/list?logType=2&keyWord=category&operateType=2", &h(&admin)).await, "operation log").await;
        assert_eq!(ops["total"].as_i64(), Some(1));
        assert!(ops["records"][0]["afterValue"].as_str().unwrap().contains("Audit me"));
        assert_eq!(
            ok(app.get("/boot/sys/log/list?logType=2", &h(&admin)).await, "ops").await["total"].as_i64(),
            Some(before + 1)
        );

        ok(app.post_json("/boot/sys/log/visit", &json!({"path": "/system/user", "title": "Users"}), &h(&admin)).await, "visit")
            .await;
        assert_eq!(app.post_json("/boot/sys/log/visit", &json!({"path": "javascript:x"}), &h(&admin)).await.status, 400);
        let visits = ok(app.get("/boot/sys/log/list?logType=3", &h(&admin)).await, "visits").await;
        assert_eq!((visits["total"].as_i64(), visits["records"][0]["requestUrl"].as_str()), (Some(1), Some("/system/user")));
        let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
        let dated = ok(
            app.get(&format!("/boot/sys/log/list?logType=3&createTime_begin={today}&createTime_end={today}"), &h(&admin)).await,
            "dated",
        )
        .await;
        assert_eq!(dated["total"], 1);
        let res = app.get("/boot/sys/log/list?logType=3&createTime_begin=yesterday", &h(&admin)).await;
        assert_eq!(res.status, 400);
        assert_eq!(app.get("/boot/sys/log/list?logType=9", &h(&admin)).await.status, 400);

        // Tenant 7 sees only its own: its administrator's sign-in, nothing of tenant 1.
        let boss7 = second_tenant(&app, 7, "boss7").await;
        let theirs = ok(app.get("/boot/sys/log/list?logType=1", &h(&boss7)).await, "t7 log").await;
        assert!(theirs["records"].as_array().unwrap().iter().all(|r| r["username"] == "boss7"), "{theirs}");
        assert_eq!(ok(app.get("/boot/sys/log/list?logType=3", &h(&boss7)).await, "t7 visits").await["total"], 0);
        assert_eq!(ok(app.get("/boot/sys/loginfo", &h(&boss7)).await, "t7 info").await["totalVisitCount"], 1);
        let res = app.send(build(Method::DELETE, "/boot/sys/log/delete?id=x", &h(&admin), Body::empty())).await;
        assert!(res.status == 404 || res.status == 405, "audit entries cannot be deleted: {}", res.status);
    }
}
