use axum::body::Body;
use axum::http::Method;
use serde_json::{Value, json};

use crate::common::{ADMIN_PASSWORD, TestApp, build, count};

fn registration(username: &str, phone: &str, code: &str) -> Value {
    json!({
        "username": username, "password": "Cargo@2026", "confirmPassword": "Cargo@2026",
        "phone": phone, "smscode": code, "email": format!("{username}@forwarder.cn"),
        "companyName": "深圳速达国际物流有限公司", "contactPerson": "王经理", "country": "CN",
        "address": "广东省深圳市宝安区福永街道 88 号", "taxNumber": "91440300MA5F000000"
    })
}

async fn users(app: &TestApp) -> i64 {
    count(app.db(), "SELECT COUNT(*) AS n FROM sys_user").await
}

#[tokio::test(flavor = "multi_thread")]
async fn uniqueness_checks_answer_live() {
    for app in TestApp::all().await {
        let check = async |query: &str| {
            app.get(&format!("/boot/sys/user/checkOnlyUser?{query}"), &[("cookie", "client_lang=zh-CN")]).await
        };
        assert_eq!(check("username=newbie").await.status, 200);
        let taken = check("username=admin").await;
        assert_eq!((taken.status.as_u16(), taken.json()["message"].as_str()), (409, Some("用户账号已存在!")));
        assert_eq!(check("username=a%20b").await.json()["result"]["key"], "username_invalid");
        assert_eq!(check("phone=13700137000").await.status, 200);
        assert_eq!(check("phone=123").await.status, 400);
        assert_eq!(check("email=x%40y.cn").await.status, 200);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_enterprise_registers_and_signs_in() {
    for app in TestApp::all().await {
        let code = app.sms_code("13700137000", "register").await;
        let res = app
            .post_json(
                "/boot/sys/user/register",
                &registration("speedy", "13700137000", &code),
                &[("cookie", "client_lang=zh-CN")],
            )
            .await;
        assert_eq!(res.status, 200, "{} {}", app.backend, res.text);
        assert_eq!(res.json()["message"], "注册成功!");
        let token = app.login("speedy", "Cargo@2026").await;
        let auth = [("x-access-token", token.as_str())];
        let info = app.get("/boot/sys/user/getUserInfo", &auth).await.json();
        let info = &info["result"];
        assert_eq!(info["userInfo"]["userKind"], "customer");
        assert_eq!(info["userInfo"]["phone"], "13700137000");
        assert_eq!(info["userInfo"]["realname"], "王经理");
        assert_eq!(info["company"]["companyName"], "深圳速达国际物流有限公司");
        assert_eq!(info["company"]["country"], "CN");
        assert_eq!(info["roles"][0]["roleCode"], "customer");
        assert_eq!(info["roles"][0]["roleName"], "Customer");
        assert_eq!(info["tenant"], json!({"id": 1, "name": "Platform"}));
        let zh = app
            .get("/boot/sys/user/getUserInfo", &[("x-access-token", token.as_str()), ("cookie", "client_lang=zh-CN")])
            .await
            .json();
        assert_eq!(
            (zh["result"]["roles"][0]["roleName"].as_str(), zh["result"]["tenant"]["name"].as_str()),
            (Some("客户"), Some("平台"))
        );
        let menu = app.get("/boot/sys/permission/getUserPermissionByToken", &auth).await.json();
        let top: Vec<&str> = menu["result"]["menu"].as_array().unwrap().iter().map(|m| m["path"].as_str().unwrap()).collect();
        assert_eq!(
            top,
            ["/dashboard/analysis", "/shipment", "/logistics", "/wms", "/reverse", "/account"],
            "a customer sees the seeded customer menus"
        );
        // The code was spent; registering again with it fails and creates nothing.
        let before = users(&app).await;
        let res = app.post_json("/boot/sys/user/register", &registration("speedy2", "13700137001", &code), &[]).await;
        assert_eq!(res.status, 400);
        assert_eq!(users(&app).await, before);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_registration_link_names_its_tenant_and_a_dead_link_is_refused() {
    for app in TestApp::all().await {
        for (id, status) in [(7, 1), (8, 0)] {
            crate::common::exec(
                app.db(),
                &format!("INSERT INTO sys_tenant (id, name, name_en, status, create_time) VALUES ({id}, '租户{id}', 'Tenant {id}', {status}, '2026-01-01 00:00:00')"),
            )
            .await;
        }
        let zh = [("cookie", "client_lang=zh-CN")];
        // The page checks its link at once: an active tenant passes; a disabled, unknown or
        // malformed one is refused under `tenantId`, in the caller's language.
        assert_eq!(app.get("/boot/sys/user/checkOnlyUser?tenantId=7", &[]).await.status, 200);
        for bad in ["8", "99", "0", "x"] {
            let res = app.get(&format!("/boot/sys/user/checkOnlyUser?tenantId={bad}"), &zh).await;
            assert_eq!(res.status, 400, "{bad}");
            assert_eq!(res.json()["result"]["field"], "tenantId");
            assert_eq!(res.json()["message"], "该注册链接已失效，请向您的服务商索取新的链接!");
        }
        // Registering through a dead link creates nothing and leaves the SMS code unspent, even
        // when the tenant-id header names an active tenant.
        let before = users(&app).await;
        let code = app.sms_code("13700137020", "register").await;
        let mut body = registration("linked", "13700137020", &code);
        body["tenantId"] = json!(8);
        let res = app.post_json("/boot/sys/user/register", &body, &[("tenant-id", "7")]).await;
        assert_eq!((res.status.as_u16(), res.json()["result"]["field"].as_str()), (400, Some("tenantId")), "{}", res.text);
        assert_eq!(res.json()["message"], "This registration link is no longer valid: ask your forwarder for a new one!");
        assert_eq!(users(&app).await, before);
        // The live link: the customer joins that tenant, whatever the header says.
        body["tenantId"] = json!(7);
        let res = app.post_json("/boot/sys/user/register", &body, &[("tenant-id", "1")]).await;
        assert_eq!(res.status, 200, "{}", res.text);
        let token = app.login("linked", "Cargo@2026").await;
        let info = app.get("/boot/sys/user/getUserInfo", &[("x-access-token", token.as_str())]).await.json();
        assert_eq!(info["result"]["tenant"]["id"], 7);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_bad_registration_field_is_named_and_nothing_is_created() {
    for app in TestApp::all().await {
        let code = app.sms_code("13700137000", "1").await;
        let before = users(&app).await;
        let cases: Vec<(&str, Value, &str, &str)> = vec![
            ("username", json!("a"), "username", "username_invalid"),
            ("password", json!("weakpass"), "password", "password_policy"),
            ("confirmPassword", json!("Cargo@2027"), "confirmpassword", "password_mismatch"),
            ("phone", json!("123"), "phone", "phone_invalid"),
            ("smscode", json!("12"), "smscode", "sms_code_format"),
            ("email", json!("nope"), "email", "email_invalid"),
            ("companyName", json!(" "), "companyName", "required"),
            ("contactPerson", json!("x".repeat(51)), "contactPerson", "too_long"),
            ("country", json!("China"), "country", "country_invalid"),
            ("address", json!(""), "address", "required"),
            ("username", json!("admin"), "username", "username_taken"),
        ];
        for (field, value, reported, key) in cases {
            let mut body = registration("speedy", "13700137000", &code);
            body[field] = value;
            let res = app.post_json("/boot/sys/user/register", &body, &[]).await;
            assert!(res.status == 400 || res.status == 409, "{field}: {}", res.text);
            assert_eq!(res.json()["result"], json!({"key": key, "field": reported}), "{field} on {}", app.backend);
        }
        let wrong = if code == "000000" { "111111" } else { "000000" };
        let res = app
            .post_json(
                "/boot/sys/user/register",
                &registration("speedy", "13700137000", wrong),
                &[("cookie", "client_lang=zh-CN")],
            )
            .await;
        assert_eq!(res.json()["message"], "您输入的验证码不正确!");
        assert_eq!(users(&app).await, before, "no bad registration created a user");
        let res = app.post_json("/boot/sys/user/register", &registration("speedy", "13700137000", &code), &[]).await;
        assert_eq!(res.status, 200, "the code survived the refused attempts: {}", res.text);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_forgotten_password_is_reset_by_sms_and_ends_every_session() {
    for app in TestApp::all().await {
        let code = app.sms_code("13700137000", "register").await;
        app.post_json("/boot/sys/user/register", &registration("speedy", "13700137000", &code), &[]).await;
        let old_session = app.login("speedy", "Cargo@2026").await;
        crate::common::exec(app.db(), "UPDATE sys_sms_code SET create_time = '2000-01-01 00:00:00'").await;

        let code = app.sms_code("13700137000", "forget").await;
        let res = app.post_json("/boot/sys/user/phoneVerification", &json!({"phone": "13700137000", "smscode": code}), &[]).await;
        assert_eq!(res.status, 200, "{}", res.text);
        assert_eq!(res.json()["result"]["username"], "speedy");
        let reset = json!({"username": "speedy", "password": "Fresh@2026", "confirmPassword": "Fresh@2026", "smscode": code, "phone": "13700137000"});
        let mut weak = reset.clone();
        weak["password"] = json!("weak");
        assert_eq!(app.put_json("/boot/sys/user/passwordChange", &weak, &[]).await.json()["result"]["key"], "password_policy");
        let res = app.put_json("/boot/sys/user/passwordChange", &reset, &[("cookie", "client_lang=zh-CN")]).await;
        assert_eq!((res.status.as_u16(), res.json()["message"].as_str()), (200, Some("密码修改成功!")));
        assert_eq!(app.get("/boot/sys/user/getUserInfo", &[("x-access-token", &old_session)]).await.status, 401);
        app.login("speedy", "Fresh@2026").await;
        let res = app.post_json("/boot/sys/login", &json!({"username": "speedy", "password": "Cargo@2026"}), &[]).await;
        assert_eq!(res.status, 401);
        assert_eq!(app.put_json("/boot/sys/user/passwordChange", &reset, &[]).await.status, 400, "the code is spent");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn changing_the_password_checks_each_field_and_keeps_only_this_session() {
    for app in TestApp::all().await {
        let other = app.login("admin", ADMIN_PASSWORD).await;
        let token = app.login("admin", ADMIN_PASSWORD).await;
        let auth = [("x-access-token", token.as_str()), ("cookie", "client_lang=zh-CN")];
        let change = |old: &str, new: &str, confirm: &str| json!({"username": "admin", "oldpassword": old, "password": new, "confirmpassword": confirm});
        let cases = [
            (change("", "", ""), "请输入旧密码!"),
            (change(ADMIN_PASSWORD, "", ""), "请输入新密码!"),
            (change(ADMIN_PASSWORD, "New@12345", ""), "请确认新密码!"),
            (change(ADMIN_PASSWORD, "New@12345", "New@12346"), "两次输入的密码不一样！"),
            (change(ADMIN_PASSWORD, "newpassword", "newpassword"), "密码由8位数字、大小写字母和特殊符号组成!"),
            (change("Wrong@12345", "New@12345", "New@12345"), "旧密码输入错误!"),
        ];
        for (body, message) in cases {
            let res = app.put_json("/boot/sys/user/updatePassword", &body, &auth).await;
            assert_eq!((res.status.as_u16(), res.json()["message"].as_str()), (400, Some(message)), "{}", app.backend);
        }
        let mut someone_else = change(ADMIN_PASSWORD, "New@12345", "New@12345");
        someone_else["username"] = json!("ops");
        assert_eq!(
            app.put_json("/boot/sys/user/updatePassword", &someone_else, &auth).await.json()["message"],
            "当前系统无登陆用户!"
        );
        app.login("admin", ADMIN_PASSWORD).await;

        let res = app.put_json("/boot/sys/user/updatePassword", &change(ADMIN_PASSWORD, "New@12345", "New@12345"), &auth).await;
        assert_eq!((res.status.as_u16(), res.json()["message"].as_str()), (200, Some("密码修改成功!")));
        assert_eq!(app.get("/boot/sys/user/getUserInfo", &auth).await.status, 200, "this session goes on");
        assert_eq!(app.get("/boot/sys/user/getUserInfo", &[("x-access-token", &other)]).await.status, 401, "others end");
        app.login("admin", "New@12345").await;
        let res = app.post_json("/boot/sys/login", &json!({"username": "admin", "password": ADMIN_PASSWORD}), &[]).await;
        assert_eq!(res.status, 401);
        let res = app.put_json("/boot/sys/user/updatePassword", &change("x", "New@12345", "New@12345"), &[]).await;
        assert_eq!(res.status, 401, "nobody signed in");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_profile_is_validated_and_saved() {
    for app in TestApp::all().await {
        let token = app.login("admin", ADMIN_PASSWORD).await;
        let auth = [("x-access-token", token.as_str()), ("cookie", "client_lang=zh-CN")];
        let good = json!({"realname": "李四", "phone": "+86 139 0013 9000", "email": "Ops@Forwarder.CN", "sex": 2, "birthday": "1990-05-01"});
        let res = app.put_json("/boot/sys/user/appEdit", &good, &auth).await;
        assert_eq!(res.status, 200, "{}", res.text);
        let info = &res.json()["result"]["userInfo"];
        assert_eq!(
            (info["phone"].as_str(), info["email"].as_str(), info["birthday"].as_str()),
            (Some("13900139000"), Some("ops@forwarder.cn"), Some("1990-05-01"))
        );
        for (field, value, key) in [
            ("realname", json!(""), "required"),
            ("phone", json!("139"), "phone_invalid"),
            ("email", json!("a@b"), "email_invalid"),
            ("sex", json!(3), "sex_invalid"),
            ("birthday", json!("2999-01-01"), "birthday_invalid"),
            ("birthday", json!("1990-13-01"), "birthday_invalid"),
            ("avatar", json!("https://evil.example/x.png"), "bad_request"),
        ] {
            let mut body = good.clone();
            body[field] = value;
            body["realname"] = if field == "realname" { json!("") } else { json!("王五") };
            let res = app.put_json("/boot/sys/user/appEdit", &body, &auth).await;
            assert_eq!(res.status, 400, "{field}");
            assert_eq!(res.json()["result"], json!({"key": key, "field": field}));
        }
        let unchanged = count(app.db(), "SELECT COUNT(*) AS n FROM sys_user WHERE realname = '李四'").await;
        assert_eq!(unchanged, 1, "refused edits changed nothing");

        let code = app.sms_code("13700137000", "register").await;
        app.post_json("/boot/sys/user/register", &registration("speedy", "13700137000", &code), &[]).await;
        let mut taken = good.clone();
        taken["phone"] = json!("13700137000");
        assert_eq!(app.put_json("/boot/sys/user/appEdit", &taken, &auth).await.status, 409);
    }
}

fn multipart(file: &[u8], name: &str) -> (String, Vec<u8>) {
    let boundary = "----logisticsboundary";
    let mut body = Vec::new();
    body.extend_from_slice(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"biz\"\r\n\r\navatar\r\n").as_bytes());
    body.extend_from_slice(
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n").as_bytes(),
    );
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

#[tokio::test(flavor = "multi_thread")]
async fn avatars_are_checked_by_content_and_size() {
    let app = TestApp::sqlite().await;
    let token = app.login("admin", ADMIN_PASSWORD).await;
    let upload = async |bytes: &[u8], name: &str, token: Option<&str>| {
        let (content_type, body) = multipart(bytes, name);
        let mut headers = vec![("content-type", content_type.as_str()), ("cookie", "client_lang=zh-CN")];
        if let Some(t) = token {
            headers.push(("x-access-token", t));
        }
        app.send(build(Method::POST, "/boot/sys/common/upload", &headers, Body::from(body))).await
    };
    let png = [&[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a][..], &[0u8; 64]].concat();
    let res = upload(&png, "me.png", Some(&token)).await;
    assert_eq!(res.status, 200, "{}", res.text);
    let url = res.json()["result"]["url"].as_str().unwrap().to_owned();
    assert!(url.starts_with("/boot/sys/common/static/avatar/") && url.ends_with(".png"));
    assert_eq!(res.json()["message"], url.as_str());
    let served = app.get(&url, &[]).await;
    assert_eq!((served.status.as_u16(), served.headers["content-type"].to_str().unwrap()), (200, "image/png"));

    let res = upload(b"<script>alert(1)</script>", "evil.png", Some(&token)).await;
    assert_eq!(res.status, 400, "a name is not a type");
    assert_eq!(res.json()["message"], "不支持的文件类型，仅支持 PNG, JPEG, GIF, WebP!");
    let big = [&png[..], &vec![0u8; 2 * 1024 * 1024]].concat();
    let res = upload(&big, "big.png", Some(&token)).await;
    assert_eq!((res.status.as_u16(), res.json()["message"].as_str()), (413, Some("文件不能超过2 MB!")));
    assert_eq!(upload(&png, "me.png", None).await.status, 401);
    assert_eq!(app.get("/boot/sys/common/static/avatar/../../etc/passwd", &[]).await.status, 404);
    let res =
        app.put_json("/boot/sys/user/appEdit", &json!({"realname": "Admin", "avatar": url}), &[("x-access-token", &token)]).await;
    assert_eq!(res.json()["result"]["userInfo"]["avatar"], url.as_str());
}
