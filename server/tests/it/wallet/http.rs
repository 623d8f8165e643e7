//! The wallet's calls end to end, on SQLite and PostgreSQL: a recharge with its voucher confirmed
//! once and shown in the account, the trade records and the dashboards; staff terms and
//! adjustments; idempotency keys; the sandbox provider's signed callback; sub-accounts' grant to
//! spend; and no customer reaching another's wallet.

use axum::http::Method;
use serde_json::{Value, json};

use crate::carrier::pricing::register;
use crate::common::{ADMIN_PASSWORD, TestApp, TestResponse, build, count};
use crate::system::admin::{h, ok, second_tenant};
use logistics_server::wallet::provider::Sandbox;

fn with_key<'a>(token: &'a str, key: &'a str) -> Vec<(&'a str, &'a str)> {
    let mut headers = h(token).to_vec();
    headers.push(("idempotency-key", key));
    headers
}

async fn upload_voucher(app: &TestApp, token: &str, bytes: &[u8]) -> TestResponse {
    upload(app, token, "voucher", bytes).await
}

/// `POST /sys/common/upload` of `bytes` for the purpose `biz`.
pub(crate) async fn upload(app: &TestApp, token: &str, biz: &str, bytes: &[u8]) -> TestResponse {
    let boundary = "----walletboundary";
    let mut body = Vec::new();
    body.extend_from_slice(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"biz\"\r\n\r\n{biz}\r\n").as_bytes());
    body.extend_from_slice(
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"v.pdf\"\r\nContent-Type: application/pdf\r\n\r\n")
            .as_bytes(),
    );
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let content_type = format!("multipart/form-data; boundary={boundary}");
    let mut headers = h(token).to_vec();
    headers.push(("content-type", &content_type));
    app.post_raw("/boot/sys/common/upload", body, &headers).await
}

fn bank_recharge(amount: &str, reference: &str, voucher: &str) -> Value {
    json!({"currency": "CNY", "amount": amount, "paymentChannel": "bank", "outTradeNo": reference, "voucher": voucher})
}

async fn balance_of(app: &TestApp, token: &str) -> Value {
    let page = ok(app.get("/boot/logistics/wallet/account/list?currency=CNY", &h(token)).await, "accounts").await;
    page["records"][0].clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_recharge_with_a_voucher_is_confirmed_once_and_shows_in_the_account_trades_and_dashboard() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911112001").await;
        let (bob, _) = register(&app, "bob", "13911112002").await;

        // The voucher: a PDF is taken, a text file is not.
        let refused = upload_voucher(&app, &alice, b"just text").await;
        assert_eq!(refused.status, 400, "{}", refused.text);
        assert!(refused.text.contains("PDF"), "{}", refused.text);
        let voucher = ok(upload_voucher(&app, &alice, b"%PDF-1.7\n%bank slip\n").await, "voucher").await["url"]
            .as_str()
            .unwrap()
            .to_owned();

        // Bad input: a clear message naming the field, nothing stored.
        for (body, field) in [
            (bank_recharge("12.345", "B-1", &voucher), "amount"),
            (bank_recharge("0", "B-1", &voucher), "amount"),
            (bank_recharge("-5", "B-1", &voucher), "amount"),
            (bank_recharge("10", "", &voucher), "outTradeNo"),
            (bank_recharge("10", "B-1", ""), "voucher"),
            (
                json!({"currency": "XYZ", "amount": "10", "paymentChannel": "bank", "outTradeNo": "B-1", "voucher": voucher}),
                "currency",
            ),
            (
                json!({"currency": "CNY", "amount": "10", "paymentChannel": "cash", "outTradeNo": "B-1", "voucher": voucher}),
                "paymentChannel",
            ),
        ] {
            let res = app.post_json("/boot/logistics/wallet/recharge/add", &body, &h(&alice)).await;
            assert_eq!(res.status, 400, "{body}: {}", res.text);
            assert!(res.text.contains(field), "{field}: {}", res.text);
        }
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM wallet_recharge").await, 0, "{}", app.backend);

        // Submitted once, however often it is sent with its key.
        let body = bank_recharge("500.00", "BANK-0001", &voucher);
        let first = app.post_json("/boot/logistics/wallet/recharge/add", &body, &with_key(&alice, "rk-1")).await;
        assert_eq!(first.status, 200, "{}", first.text);
        let again = app.post_json("/boot/logistics/wallet/recharge/add", &body, &with_key(&alice, "rk-1")).await;
        assert_eq!(again.text, first.text, "the first answer, replayed");
        assert_eq!(again.headers.get("idempotent-replayed").map(|v| v.to_str().unwrap()), Some("true"));
        let other = bank_recharge("600.00", "BANK-0001", &voucher);
        assert_eq!(app.post_json("/boot/logistics/wallet/recharge/add", &other, &with_key(&alice, "rk-1")).await.status, 422);
        let dup = app.post_json("/boot/logistics/wallet/recharge/add", &body, &h(&alice)).await;
        assert_eq!(dup.status, 409, "the same payment reference twice: {}", dup.text);
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM wallet_recharge").await, 1, "{}", app.backend);
        let recharge = first.json()["result"].clone();
        assert_eq!(recharge["status"], "pending");
        assert_eq!(recharge["amount"], "500.00");
        let id = recharge["id"].as_str().unwrap().to_owned();

        // Customers never review; others never see it.
        let review = json!({"id": id});
        assert_eq!(app.post_json("/boot/logistics/wallet/recharge/confirm", &review, &h(&alice)).await.status, 403);
        assert_eq!(app.get(&format!("/boot/logistics/wallet/recharge/queryById?id={id}"), &h(&bob)).await.status, 404);
        assert_eq!(ok(app.get("/boot/logistics/wallet/recharge/list", &h(&bob)).await, "bob").await["total"], 0);

        // Staff's queue has it; confirmed once, credited once.
        let queue = ok(app.get("/boot/logistics/wallet/recharge/list?status=pending", &h(&admin)).await, "queue").await;
        assert_eq!(queue["total"], 1);
        assert_eq!(queue["records"][0]["customerUsername"], "alice");
        let posted = ok(app.post_json("/boot/logistics/wallet/recharge/confirm", &review, &h(&admin)).await, "confirm").await;
        assert_eq!(posted["balance"], "500.00");
        let twice = app.post_json("/boot/logistics/wallet/recharge/confirm", &review, &h(&admin)).await;
        assert_eq!(twice.status, 409, "{}", twice.text);
        assert!(twice.text.contains("already been reviewed"), "{}", twice.text);
        let reject = json!({"id": id, "reason": "late"});
        assert_eq!(app.post_json("/boot/logistics/wallet/recharge/reject", &reject, &h(&admin)).await.status, 409);

        let account = balance_of(&app, &alice).await;
        assert_eq!((account["balance"].as_str(), account["available"].as_str()), (Some("500.00"), Some("500.00")));
        let trades = ok(app.get("/boot/logistics/wallet/trade/list", &h(&alice)).await, "trades").await;
        assert_eq!(trades["total"], 1);
        let trade = &trades["records"][0];
        assert_eq!(
            (trade["tradeType"].as_str(), trade["money"].as_str(), trade["balance"].as_str()),
            (Some("recharge"), Some("500.00"), Some("500.00"))
        );
        assert_eq!(trade["tradeItem"], id.as_str());
        assert_eq!(trade["outTradeNo"], "BANK-0001");
        assert_eq!(ok(app.get("/boot/logistics/wallet/trade/list", &h(&bob)).await, "bob trades").await["total"], 0);
        assert_eq!(ok(app.get("/boot/logistics/wallet/account/list", &h(&bob)).await, "bob accounts").await["total"], 0);
        let filtered = ok(app.get("/boot/logistics/wallet/trade/list?tradeType=fee", &h(&alice)).await, "fee").await;
        assert_eq!(filtered["total"], 0);
        assert_eq!(app.get("/boot/logistics/wallet/trade/list?tradeType=bogus", &h(&alice)).await.status, 400);
        let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
        let ranged = ok(
            app.get(&format!("/boot/logistics/wallet/trade/list?createTime_begin=2000-01-01&createTime_end={today}"), &h(&alice))
                .await,
            "range",
        )
        .await;
        assert_eq!(ranged["total"], 1);
        let before = ok(app.get("/boot/logistics/wallet/trade/list?createTime_end=2000-01-01", &h(&alice)).await, "old").await;
        assert_eq!(before["total"], 0);
        let xlsx = app.get("/boot/logistics/wallet/trade/exportXls", &h(&alice)).await;
        assert_eq!(xlsx.status, 200, "{}", xlsx.text);
        assert!(xlsx.bytes.starts_with(b"PK"), "an xlsx");

        // A second one, rejected with its reason (required), credits nothing.
        let second = ok(
            app.post_json("/boot/logistics/wallet/recharge/add", &bank_recharge("80", "BANK-0002", &voucher), &h(&alice)).await,
            "second",
        )
        .await;
        let sid = second["id"].as_str().unwrap();
        assert_eq!(app.post_json("/boot/logistics/wallet/recharge/reject", &json!({"id": sid}), &h(&admin)).await.status, 400);
        let rejected = ok(
            app.post_json("/boot/logistics/wallet/recharge/reject", &json!({"id": sid, "reason": "无到账"}), &h(&admin)).await,
            "reject",
        )
        .await;
        assert_eq!((rejected["status"].as_str(), rejected["reason"].as_str()), (Some("rejected"), Some("无到账")));
        assert_eq!(balance_of(&app, &alice).await["balance"], "500.00");

        // The dashboards agree with the trade list; a customer sees its own, staff the tenant's.
        let payment = ok(app.post_json("/boot/sys/dashboard/payment", &json!({}), &h(&alice)).await, "payment").await;
        let cny = &payment["currencies"][0];
        assert_eq!((cny["currency"].as_str(), cny["balance"].as_str()), (Some("CNY"), Some("500.00")));
        assert_eq!((cny["today"]["amount"].as_str(), cny["today"]["count"].as_i64()), (Some("500.00"), Some(1)));
        assert_eq!(cny["month"]["amount"], "500.00");
        assert_eq!(cny["series"].as_array().unwrap().len(), 30);
        assert_eq!(cny["series"][29]["amount"], "500.00");
        let bobs = ok(app.post_json("/boot/sys/dashboard/payment", &json!({}), &h(&bob)).await, "bob payment").await;
        assert_eq!(bobs["currencies"].as_array().unwrap().len(), 0, "{bobs}");
        let staff = ok(app.post_json("/boot/sys/dashboard/trade", &json!({}), &h(&admin)).await, "trade").await;
        assert_eq!(staff["currencies"][0]["balance"], "500.00");
        assert_eq!(staff["currencies"][0]["today"]["amount"], "0.00");

        let report = ok(app.get("/boot/logistics/wallet/reconcile", &h(&admin)).await, "reconcile").await;
        assert_eq!(report["balanced"], true, "{report}");
        assert_eq!(report["currencies"][0]["total"], "0.00");
        assert_eq!(report["currencies"][0]["cash"], "-500.00");
        assert_eq!(app.get("/boot/logistics/wallet/reconcile", &h(&alice)).await.status, 403);
        assert_eq!(app.get("/boot/logistics/wallet/hold/list", &h(&alice)).await.status, 403);
        let _ = alice_id;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn staff_set_credit_limits_freeze_and_adjust_with_a_reason() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (carol, carol_id) = register(&app, "carol", "13911112003").await;
        let key = json!({"customerId": carol_id, "currency": "CNY"});
        let adjust = |direction: &str, amount: &str, reason: &str| json!({"customerId": carol_id, "currency": "CNY", "direction": direction, "amount": amount, "reason": reason});
        assert_eq!(
            app.post_json("/boot/logistics/wallet/adjust", &adjust("credit", "100", "补偿"), &h(&carol)).await.status,
            403
        );
        let no_reason = app.post_json("/boot/logistics/wallet/adjust", &adjust("credit", "100", " "), &h(&admin)).await;
        assert_eq!(no_reason.status, 400, "{}", no_reason.text);
        assert!(no_reason.text.contains("Reason"), "{}", no_reason.text);
        let posted =
            ok(app.post_json("/boot/logistics/wallet/adjust", &adjust("credit", "100", "补偿"), &h(&admin)).await, "credit")
                .await;
        assert_eq!(posted["balance"], "100.00");
        let over = app.post_json("/boot/logistics/wallet/adjust", &adjust("debit", "150", "运费差"), &h(&admin)).await;
        assert_eq!(over.status, 400, "{}", over.text);
        assert!(over.text.contains("Insufficient balance"), "{}", over.text);

        // Advance payment: a credit limit lets the balance go below zero, to the limit only.
        let mut credit = key.clone();
        credit["creditLimit"] = json!("100.00");
        credit["reason"] = json!("月结客户");
        let account = ok(app.post_json("/boot/logistics/wallet/account/creditLimit", &credit, &h(&admin)).await, "limit").await;
        assert_eq!((account["creditLimit"].as_str(), account["available"].as_str()), (Some("100.00"), Some("200.00")));
        ok(app.post_json("/boot/logistics/wallet/adjust", &adjust("debit", "150", "运费差"), &h(&admin)).await, "debit").await;
        let now = balance_of(&app, &carol).await;
        assert_eq!((now["balance"].as_str(), now["available"].as_str()), (Some("-50.00"), Some("50.00")));
        assert_eq!(app.post_json("/boot/logistics/wallet/adjust", &adjust("debit", "50.01", "x"), &h(&admin)).await.status, 400);
        credit["creditLimit"] = json!("-1");
        assert_eq!(app.post_json("/boot/logistics/wallet/account/creditLimit", &credit, &h(&admin)).await.status, 400);

        // Frozen: no debit; credits still land.
        let mut freeze = key.clone();
        freeze["status"] = json!(0);
        freeze["reason"] = json!("风控");
        let frozen = ok(app.post_json("/boot/logistics/wallet/account/frozen", &freeze, &h(&admin)).await, "freeze").await;
        assert_eq!(frozen["status"], 0);
        let refused = app.post_json("/boot/logistics/wallet/adjust", &adjust("debit", "1", "x"), &h(&admin)).await;
        assert_eq!(refused.status, 403, "{}", refused.text);
        assert!(refused.text.contains("frozen"), "{}", refused.text);
        ok(app.post_json("/boot/logistics/wallet/adjust", &adjust("credit", "1", "x"), &h(&admin)).await, "credit frozen").await;
        let unknown = json!({"customerId": "nobody", "currency": "CNY", "status": 0, "reason": "x"});
        assert_eq!(app.post_json("/boot/logistics/wallet/account/frozen", &unknown, &h(&admin)).await.status, 404);

        let trades = ok(
            app.get("/boot/logistics/wallet/trade/list?tradeType=adjustment&column=createTime&order=asc", &h(&carol)).await,
            "adj",
        )
        .await;
        let remarks: Vec<&str> = trades["records"].as_array().unwrap().iter().map(|r| r["remark"].as_str().unwrap()).collect();
        assert_eq!(remarks, ["补偿", "运费差", "x"]);
        assert_eq!(trades["records"][1]["operator"], "admin");

        // Another tenant's staff reach none of it.
        let other = second_tenant(&app, 9, "boss9").await;
        assert_eq!(app.post_json("/boot/logistics/wallet/adjust", &adjust("credit", "1", "x"), &h(&other)).await.status, 404);
        assert_eq!(ok(app.get("/boot/logistics/wallet/account/list", &h(&other)).await, "other").await["total"], 0);
        assert_eq!(ok(app.get("/boot/logistics/wallet/trade/list", &h(&other)).await, "other").await["total"], 0);
        let report = ok(app.get("/boot/logistics/wallet/reconcile", &h(&admin)).await, "reconcile").await;
        assert_eq!(report["balanced"], true, "{report}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn only_a_fresh_callback_the_sandbox_signed_credits_and_only_once() {
    for app in TestApp::all().await {
        let (dave, _) = register(&app, "dave", "13911112004").await;
        let recharge = ok(
            app.post_json(
                "/boot/logistics/wallet/recharge/add",
                &json!({"currency": "USD", "amount": "25.50", "paymentChannel": "sandbox"}),
                &h(&dave),
            )
            .await,
            "sandbox recharge",
        )
        .await;
        let id = recharge["id"].as_str().unwrap();
        let reference = recharge["outTradeNo"].as_str().unwrap();
        assert!(reference.starts_with("SBX"), "{recharge}");
        let sandbox = Sandbox::load(app.db()).await.unwrap();
        let now = chrono::Utc::now().timestamp();
        let notice = |amount: &str| {
            json!({"rechargeId": id, "outTradeNo": reference, "currency": "USD", "amount": amount, "paymentNo": "P-1"})
                .to_string()
        };
        let deliver = |body: String, signature: String| {
            let app = &app;
            async move {
                let headers = [("content-type", "application/json"), ("x-sandbox-signature", signature.as_str())];
                app.send(build(Method::POST, "/boot/logistics/wallet/callback/sandbox", &headers, body.into())).await
            }
        };
        let good = notice("25.50");
        // Forged: another secret, a changed body, an old timestamp, no header, another amount.
        let forged = Sandbox::with_secret("not the secret").sign(now, good.as_bytes());
        assert_eq!(deliver(good.clone(), forged).await.status, 400);
        let changed = notice("2550.00");
        assert_eq!(deliver(changed.clone(), sandbox.sign(now, good.as_bytes())).await.status, 400);
        assert_eq!(deliver(changed.clone(), sandbox.sign(now, changed.as_bytes())).await.status, 400, "amount differs");
        assert_eq!(deliver(good.clone(), sandbox.sign(now - 3600, good.as_bytes())).await.status, 400, "stale");
        assert_eq!(deliver(good.clone(), String::new()).await.status, 400);
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM wallet_entry").await, 0, "{}", app.backend);

        let first = deliver(good.clone(), sandbox.sign(now, good.as_bytes())).await;
        assert_eq!(first.status, 200, "{}", first.text);
        assert_eq!(first.json()["result"]["credited"], true);
        let replay = deliver(good.clone(), sandbox.sign(now, good.as_bytes())).await;
        assert_eq!(replay.json()["result"]["credited"], false, "a replay changes nothing");
        let account = ok(app.get("/boot/logistics/wallet/account/list?currency=USD", &h(&dave)).await, "usd").await;
        assert_eq!(account["records"][0]["balance"], "25.50");
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM wallet_entry WHERE customer_id <> ''").await, 1);

        // The sandbox's own pay button goes through the same callback.
        let another = ok(
            app.post_json(
                "/boot/logistics/wallet/recharge/add",
                &json!({"currency": "USD", "amount": "4.50", "paymentChannel": "sandbox"}),
                &h(&dave),
            )
            .await,
            "another",
        )
        .await;
        let paid =
            ok(app.post_json("/boot/logistics/wallet/sandbox/pay", &json!({"id": another["id"]}), &h(&dave)).await, "pay").await;
        assert_eq!(paid["credited"], true);
        assert_eq!(
            app.post_json("/boot/logistics/wallet/sandbox/pay", &json!({"id": another["id"]}), &h(&dave)).await.status,
            409
        );
        let account = ok(app.get("/boot/logistics/wallet/account/list?currency=USD", &h(&dave)).await, "usd").await;
        assert_eq!(account["records"][0]["balance"], "30.00");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_sub_account_spends_from_its_main_wallet_only_when_granted() {
    use axum::extract::FromRequestParts;
    use logistics_server::system::auth::CurrentUser;
    for app in TestApp::all().await {
        let (erin, erin_id) = register(&app, "erin", "13911112005").await;
        for (name, grants) in
            [("nospend", "menu_dashboard,menu_logistics_payment"), ("spender", "menu_logistics_payment,btn_wallet_spend")]
        {
            let body = json!({"username": name, "realname": name, "password": "Sub@202611", "permissionIds": grants});
            ok(app.post_json("/boot/erp/user/sub/add", &body, &h(&erin)).await, "sub").await;
        }
        let mut payers = Vec::new();
        for name in ["erin", "nospend", "spender", "admin"] {
            let password = match name {
                "erin" => "Main@20261",
                "admin" => ADMIN_PASSWORD,
                _ => "Sub@202611",
            };
            let token = app.login(name, password).await;
            let (mut parts, _) = build(Method::GET, "/", &h(&token), axum::body::Body::empty()).into_parts();
            let me = CurrentUser::from_request_parts(&mut parts, &app.started.state).await.unwrap();
            payers.push(logistics_server::wallet::payer(&app.started.state, &me).await.map_err(|e| e.status.as_u16()));
        }
        assert_eq!(payers, [Ok(erin_id.clone()), Err(403), Ok(erin_id.clone()), Err(403)], "{}", app.backend);
        // The sub-account reads its main account's wallet.
        let spender = app.login("spender", "Sub@202611").await;
        assert_eq!(app.get("/boot/logistics/wallet/account/list", &h(&spender)).await.status, 200);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn ten_thousand_money_posts_with_repeated_keys_have_one_effect_each() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (_, frank_id) = register(&app, "frank", "13911112006").await;
        let total: usize = 10_000;
        let unique = total * 4 / 5;
        // Requests 0..unique have their own key; the rest repeat one of them (some at once).
        let router = app.router();
        let tasks: Vec<_> = (0..total)
            .map(|i| {
                let key_no = if i < unique { i } else { (i * 7919) % unique };
                let body = json!({"customerId": frank_id, "currency": "CNY", "direction": "credit",
                    "amount": format!("{}.{:02}", key_no % 100 + 1, key_no % 100), "reason": format!("k{key_no}")});
                let headers: Vec<(String, String)> = vec![
                    ("content-type".into(), "application/json".into()),
                    ("x-access-token".into(), admin.clone()),
                    ("idempotency-key".into(), format!("key-{key_no}")),
                ];
                let router = router.clone();
                tokio::spawn(async move {
                    use tower::ServiceExt;
                    let headers: Vec<(&str, &str)> = headers.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
                    let request = build(Method::POST, "/boot/logistics/wallet/adjust", &headers, body.to_string().into());
                    let response = router.oneshot(request).await.unwrap();
                    let status = response.status().as_u16();
                    let bytes = http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes();
                    (key_no, status, String::from_utf8_lossy(&bytes).into_owned())
                })
            })
            .collect();
        let mut firsts: std::collections::HashMap<usize, String> = std::collections::HashMap::new();
        let mut in_flight = Vec::new();
        for task in tasks {
            let (key_no, status, text) = task.await.unwrap();
            match status {
                200 => {
                    if let Some(first) = firsts.get(&key_no) {
                        assert_eq!(first, &text, "a replay is the first answer");
                    } else {
                        firsts.insert(key_no, text);
                    }
                }
                409 => in_flight.push(key_no),
                other => panic!("{other}: {text}"),
            }
        }
        assert_eq!(firsts.len(), unique, "every key answered");
        let entries = count(app.db(), &format!("SELECT COUNT(*) AS n FROM wallet_entry WHERE customer_id = '{frank_id}'")).await;
        assert_eq!(entries as usize, unique, "one effect per key ({} answered 409 in flight)", in_flight.len());
        let expected: i64 = (0..unique).map(|k| ((k % 100 + 1) * 100 + k % 100) as i64).sum();
        let balance = count(app.db(), &format!("SELECT balance AS n FROM wallet_account WHERE customer_id = '{frank_id}'")).await;
        assert_eq!(balance, expected, "{}", app.backend);
    }
}

/// Every wallet call with another customer, its sub-account and another tenant's administrator:
/// never the first customer's data, never a change.
#[tokio::test(flavor = "multi_thread")]
async fn isolation_sweep() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (gina, gina_id) = register(&app, "gina", "13911112007").await;
        let (hank, _) = register(&app, "hank", "13911112008").await;
        let body = json!({"username": "hanksub", "realname": "s", "password": "Sub@202611",
            "permissionIds": "menu_logistics_payment,menu_logistics_recharge,menu_logistics_trade,btn_wallet_spend,btn_wallet_recharge_add"});
        ok(app.post_json("/boot/erp/user/sub/add", &body, &h(&hank)).await, "sub").await;
        let hank_sub = app.login("hanksub", "Sub@202611").await;
        let other_admin = second_tenant(&app, 8, "boss8").await;

        let recharge = ok(
            app.post_json(
                "/boot/logistics/wallet/recharge/add",
                &json!({"currency": "EUR", "amount": "77.70", "paymentChannel": "sandbox", "remark": "ginasecret"}),
                &h(&gina),
            )
            .await,
            "recharge",
        )
        .await;
        let rid = recharge["id"].as_str().unwrap().to_owned();
        let pending = ok(
            app.post_json(
                "/boot/logistics/wallet/recharge/add",
                &json!({"currency": "EUR", "amount": "1.00", "paymentChannel": "sandbox", "remark": "ginasecret"}),
                &h(&gina),
            )
            .await,
            "pending",
        )
        .await;
        let pid = pending["id"].as_str().unwrap().to_owned();
        ok(app.post_json("/boot/logistics/wallet/recharge/confirm", &json!({"id": rid}), &h(&admin)).await, "confirm").await;
        let account = ok(app.get("/boot/logistics/wallet/account/list", &h(&gina)).await, "acct").await["records"][0].clone();
        let aid = account["id"].as_str().unwrap().to_owned();
        let trade = ok(app.get("/boot/logistics/wallet/trade/list", &h(&gina)).await, "trade").await["records"][0].clone();
        let tid = trade["id"].as_str().unwrap().to_owned();
        let entries_before = count(app.db(), "SELECT COUNT(*) AS n FROM wallet_entry").await;

        let gets = [
            "/boot/logistics/wallet/account/list".to_owned(),
            format!("/boot/logistics/wallet/account/queryById?id={aid}"),
            "/boot/logistics/wallet/account/exportXls".to_owned(),
            "/boot/logistics/wallet/recharge/list".to_owned(),
            format!("/boot/logistics/wallet/recharge/queryById?id={rid}"),
            "/boot/logistics/wallet/recharge/exportXls".to_owned(),
            "/boot/logistics/wallet/trade/list".to_owned(),
            format!("/boot/logistics/wallet/trade/queryById?id={tid}"),
            "/boot/logistics/wallet/trade/exportXls".to_owned(),
            "/boot/logistics/wallet/hold/list".to_owned(),
            "/boot/logistics/wallet/reconcile".to_owned(),
        ];
        for (who, token) in [("customer", &hank), ("sub-account", &hank_sub), ("tenant 8 admin", &other_admin)] {
            for path in &gets {
                let res = app.get(path, &h(token)).await;
                assert!(matches!(res.status.as_u16(), 200 | 403 | 404), "{who} GET {path}: {} {}", res.status, res.text);
                assert!(
                    !res.text.contains("gina") && !res.text.contains("77.70") && !res.text.contains("ginasecret"),
                    "{who} {path} leaks: {}",
                    res.text
                );
                if path.ends_with("exportXls") && res.status == 200 {
                    assert!(!String::from_utf8_lossy(&res.bytes).contains("77.7"), "{who} {path} export leaks");
                }
            }
            for path in ["/boot/sys/dashboard/trade", "/boot/sys/dashboard/payment"] {
                let res = app.post_json(path, &json!({}), &h(token)).await;
                assert!(!res.text.contains("77.70") && !res.text.contains("EUR"), "{who} {path} leaks: {}", res.text);
            }
            let writes = [
                ("/boot/logistics/wallet/recharge/confirm", json!({"id": pid})),
                ("/boot/logistics/wallet/recharge/reject", json!({"id": pid, "reason": "x"})),
                ("/boot/logistics/wallet/sandbox/pay", json!({"id": pid})),
                (
                    "/boot/logistics/wallet/adjust",
                    json!({"customerId": gina_id, "currency": "EUR", "direction": "debit", "amount": "1", "reason": "x"}),
                ),
                (
                    "/boot/logistics/wallet/account/creditLimit",
                    json!({"customerId": gina_id, "currency": "EUR", "creditLimit": "999", "reason": "x"}),
                ),
                (
                    "/boot/logistics/wallet/account/frozen",
                    json!({"customerId": gina_id, "currency": "EUR", "status": 0, "reason": "x"}),
                ),
            ];
            for (path, body) in writes {
                let res = app.post_json(path, &body, &h(token)).await;
                assert!(res.status == 403 || res.status == 404, "{who} POST {path}: {} {}", res.status, res.text);
            }
        }
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM wallet_entry").await, entries_before, "{}", app.backend);
        let still = ok(app.get(&format!("/boot/logistics/wallet/recharge/queryById?id={pid}"), &h(&gina)).await, "pending").await;
        assert_eq!(still["status"], "pending");
        let account = ok(app.get("/boot/logistics/wallet/account/list", &h(&gina)).await, "acct").await["records"][0].clone();
        assert_eq!(
            (account["balance"].as_str(), account["creditLimit"].as_str(), account["status"].as_i64()),
            (Some("77.70"), Some("0.00"), Some(1))
        );
    }
}
