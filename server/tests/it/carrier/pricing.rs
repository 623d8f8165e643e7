//! Channel products, rate cards, price levels and the price forecast, on both databases: bad input
//! names its field and stores nothing; a customer gets only its own products at its own level
//! (never cost); the server's forecast equals the browser's engine on the served bundle; a
//! changed card changes the bundle's version; rate cards go to xlsx and back.

use serde_json::{Value, json};

use crate::common::{ADMIN_PASSWORD, TestApp, count};
use crate::system::admin::{delete, h, ok, second_tenant};

pub(crate) fn card(code: &str, first_price: &str) -> Value {
    json!({
        "code": code, "name": "测试报价", "currency": "CNY", "effectiveFrom": "2026-01-01",
        "weightRounding": [{"upTo": "20", "increment": "0.5"}, {"upTo": "300", "increment": "1"}],
        "minChargeableWeight": "0.5", "roundingScope": "parcel",
        "zones": [{"code": "US", "countries": ["US"], "postalPrefixes": []}, {"code": "EU", "countries": "DE, FR", "postalPrefixes": []}],
        "prices": [
            {"zone": "US", "fromWeight": "0", "toWeight": "20", "mode": "firstAdditional", "firstWeight": "0.5", "firstPrice": first_price, "stepWeight": "0.5", "stepPrice": "20"},
            {"zone": "US", "fromWeight": "20", "toWeight": "300", "mode": "perKg", "price": "35", "minCharge": "700"},
            {"zone": "EU", "fromWeight": "0", "toWeight": "30", "mode": "fixed", "price": "260"}
        ],
        "surcharges": [{"type": "fuel", "percent": "12.5"}, {"type": "insurance", "percent": "1"}]
    })
}

pub(crate) async fn register(app: &TestApp, username: &str, phone: &str) -> (String, String) {
    let code = app.sms_code(phone, "register").await;
    let body = json!({"username": username, "password": "Main@20261", "confirmPassword": "Main@20261", "phone": phone, "smscode": code,
        "email": format!("{username}@co.cn"), "companyName": "C", "contactPerson": "Li", "country": "CN", "address": "Shanghai"});
    assert_eq!(app.post_json("/boot/sys/user/register", &body, &[]).await.status, 200);
    let token = app.login(username, "Main@20261").await;
    let info = ok(app.get("/boot/sys/user/getUserInfo", &h(&token)).await, "info").await;
    let id = info["userInfo"]["id"].as_str().or(info["id"].as_str()).unwrap_or_default().to_owned();
    (token, id)
}

/// The browser's engine on a served bundle, as the web calls it.
fn browser(bundle: &Value, shipment: &Value, lang: &str) -> Value {
    serde_json::from_str(&logistics_core::api::forecast(&bundle.to_string(), &shipment.to_string(), lang)).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_network_prices_customers_apart() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let zh = [("x-access-token", admin.as_str()), ("accept-language", "zh-CN")];

        // Rate cards: each error names its field; nothing is stored.
        let mut bad = card("EXP", "120");
        bad["prices"][2]["zone"] = json!("ASIA");
        let res = app.post_json("/boot/logistics/rateCard/add", &bad, &zh).await;
        assert_eq!(res.status, 400, "{}", res.text);
        assert_eq!(res.json()["result"]["field"], "prices[2].zone");
        assert_eq!(res.json()["message"], "分区ASIA未在本报价卡中定义!");
        let mut bad = card("EXP", "120");
        bad["effectiveFrom"] = json!("2026-13-01");
        assert_eq!(
            app.post_json("/boot/logistics/rateCard/add", &bad, &h(&admin)).await.json()["result"]["field"],
            "effectiveFrom"
        );
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_rate_card").await, 0);
        let exp = ok(app.post_json("/boot/logistics/rateCard/add", &card("exp", "120"), &h(&admin)).await, "card").await;
        assert_eq!(
            (exp["code"].as_str(), exp["state"].as_str(), exp["zoneCount"].as_u64()),
            (Some("EXP"), Some("current"), Some(2))
        );
        assert_eq!(exp["zones"][1]["countries"], json!(["DE", "FR"]));
        let again = app.post_json("/boot/logistics/rateCard/add", &card("EXP", "1"), &h(&admin)).await;
        assert_eq!((again.status.as_u16(), again.json()["result"]["field"].as_str()), (409, Some("effectiveFrom")));
        // A later version is scheduled, not in force.
        let mut later = card("EXP", "999");
        later["effectiveFrom"] = json!("2099-01-01");
        let scheduled = ok(app.post_json("/boot/logistics/rateCard/add", &later, &h(&admin)).await, "later").await;
        assert_eq!(scheduled["state"], "scheduled");
        let versions =
            ok(app.get("/boot/logistics/rateCard/list?code=EXP&column=effectiveFrom&order=desc", &h(&admin)).await, "v").await;
        assert_eq!(versions["total"], 2);
        assert_eq!(versions["records"][1]["state"], "current");

        // Channel products with rules.
        let sup =
            ok(app.post_json("/boot/logistics/supplier/add", &json!({"code": "UPS", "name": "UPS"}), &h(&admin)).await, "s")
                .await;
        let ch = ok(
            app.post_json(
                "/boot/logistics/channel/add",
                &json!({"supplierId": sup["id"], "code": "UPS-SZ", "name": "UPS深圳"}),
                &h(&admin),
            )
            .await,
            "c",
        )
        .await;
        let product = |code: &str, name_en: &str, divisor: i64| {
            json!({"channelId": ch["id"], "code": code, "name": format!("{code}产品"), "nameEn": name_en, "tradeType": "B2C", "feeId": "EXP",
                "thWeightRatio": divisor, "izMult": true,
                "rules": [{"validType": "weight", "max": "70"}, {"validType": "longestSide", "min": null, "max": 150}],
                "postalRules": [{"country": "us", "postalCode": "96799", "allow": false}]})
        };
        for (change, field, message) in [
            (json!({"feeId": "NOPE"}), "feeId", "报价卡的值不正确!"),
            (json!({"thWeightRatio": -1}), "thWeightRatio", "材积除数须为0到1000000之间的整数!"),
            (json!({"tradeType": "C2C"}), "tradeType", "贸易类型的值不正确!"),
            (json!({"rules": [{"validType": "weight", "min": "5", "max": "2"}]}), "rules[0].max", "下限不能大于上限!"),
            (json!({"rules": [{"validType": "volume", "max": "2"}]}), "rules[0].validType", "validType的值不正确!"),
            (
                json!({"postalRules": [{"country": "USA", "postalCode": "1"}]}),
                "postalRules[0].country",
                "国家代码须为2位大写字母（ISO 3166-1）!",
            ),
            (
                json!({"postalRules": [{"country": "US", "postalCode": "9*9"}]}),
                "postalRules[0].postalCode",
                "邮编只能含字母、数字、空格或短横线，前缀以*结尾!",
            ),
        ] {
            let mut body = product("P1", "P1", 5000);
            for (k, v) in change.as_object().unwrap() {
                body[k] = v.clone();
            }
            let res = app.post_json("/boot/logistics/channelProduct/add", &body, &zh).await;
            assert_eq!(
                (res.status.as_u16(), res.json()["result"]["field"].as_str(), res.json()["message"].as_str()),
                (400, Some(field), Some(message))
            );
        }
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_channel_product").await, 0);
        let p1 = ok(
            app.post_json("/boot/logistics/channelProduct/add", &product("EXP-5000", "Express 5000", 5000), &h(&admin)).await,
            "p1",
        )
        .await;
        assert_eq!((p1["rules"][1]["max"].as_str(), p1["postalRules"][0]["country"].as_str()), (Some("150"), Some("US")));
        let p2 = ok(
            app.post_json("/boot/logistics/channelProduct/add", &product("EXP-6000", "Express 6000", 6000), &h(&admin)).await,
            "p2",
        )
        .await;
        let p3 = ok(
            app.post_json("/boot/logistics/channelProduct/add", &product("EXP-HIDDEN", "Hidden", 8000), &h(&admin)).await,
            "p3",
        )
        .await;
        let listed = ok(app.get("/boot/logistics/channelProduct/list?keyWord=6000", &h(&admin)).await, "list").await;
        assert_eq!((listed["total"].as_i64(), listed["records"][0]["channelCode"].as_str()), (Some(1), Some("UPS-SZ")));

        // Two customers: Ann gets p1 at +10 % and p2 at −5 %; Bob gets nothing.
        let (ann, ann_id) = register(&app, "ann", "13911110001").await;
        let (bob, _) = register(&app, "bob", "13911110002").await;
        let level =
            |product: &Value, markup: &str| json!({"customerId": ann_id, "productId": product["id"], "markupPercent": markup});
        let res = app.post_json("/boot/logistics/priceLevel/add", &level(&p1, "-100"), &zh).await;
        assert_eq!((res.status.as_u16(), res.json()["message"].as_str()), (400, Some("加价百分比须在-99.99到1000之间!")));
        let res = app
            .post_json("/boot/logistics/priceLevel/add", &json!({"customerId": "u_nobody", "productId": p1["id"]}), &h(&admin))
            .await;
        assert_eq!(res.json()["result"]["field"], "customerId");
        ok(app.post_json("/boot/logistics/priceLevel/add", &level(&p1, "10"), &h(&admin)).await, "l1").await;
        ok(app.post_json("/boot/logistics/priceLevel/add", &level(&p2, "-5"), &h(&admin)).await, "l2").await;
        assert_eq!(app.post_json("/boot/logistics/priceLevel/add", &level(&p2, "3"), &h(&admin)).await.status, 409);
        // Listed and exported with the customer's and product's names; found by the product's name.
        let listed = ok(
            app.get("/boot/logistics/priceLevel/list?keyWord=6000&column=markupPercent&order=asc", &h(&admin)).await,
            "levels",
        )
        .await;
        assert_eq!(listed["total"], 1, "{listed}");
        assert_eq!(
            (listed["records"][0]["productCode"].as_str(), listed["records"][0]["markupPercent"].as_str()),
            (Some("EXP-6000"), Some("-5"))
        );
        assert!(listed["records"][0]["customerName"].as_str().unwrap().starts_with("ann"));
        let res = app.get("/boot/logistics/priceLevel/exportXls?column=markupPercent&order=desc", &zh).await;
        assert_eq!(res.status, 200);
        let rows = crate::platform::resource::sheet(res.bytes.clone());
        assert_eq!(rows[0], ["客户", "编码", "渠道产品", "百分比"], "{rows:?}");
        assert_eq!((rows[1][1].as_str(), rows[1][3].as_str(), rows[2][1].as_str()), ("EXP-5000", "10", "EXP-6000"));
        let customers = ok(app.get("/boot/logistics/priceLevel/customers?keyWord=an", &h(&admin)).await, "cust").await;
        assert_eq!(customers[0]["username"], "ann");

        // Ann's bundle: her two products, freight at her level, never the cost.
        let res = app.get("/boot/logistics/priceForecast/bundle", &h(&ann)).await;
        assert_eq!(res.status, 200, "{}", res.text);
        let etag = res.headers.get("etag").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
        let bundle = res.json()["result"].clone();
        assert_eq!(format!("\"{}\"", bundle["version"].as_str().unwrap()), etag);
        let codes: Vec<&str> = bundle["products"].as_array().unwrap().iter().map(|p| p["code"].as_str().unwrap()).collect();
        assert_eq!(codes, ["EXP-5000", "EXP-6000"]);
        let first_prices: Vec<&str> =
            bundle["cards"].as_array().unwrap().iter().map(|c| c["prices"][0]["firstPrice"].as_str().unwrap()).collect();
        assert_eq!(first_prices, ["132", "114"]);
        assert!(!res.text.contains("\"120\""), "cost price leaked: {}", res.text);
        let res = app
            .send(crate::common::build(
                axum::http::Method::GET,
                "/boot/logistics/priceForecast/bundle",
                &[("x-access-token", ann.as_str()), ("if-none-match", etag.as_str())],
                axum::body::Body::empty(),
            ))
            .await;
        assert_eq!(res.status, 304);

        // The server's forecast is the browser's on that bundle, in both languages.
        let shipment = json!({"countryCode": "US", "postalCode": "10001", "tradeType": "B2C", "declaredValue": "200",
            "parcels": [{"length": 50, "width": 40, "height": 30, "weight": 8, "quantity": 1}]});
        for lang in ["zh-CN", "en-US"] {
            let res = app
                .post_json(
                    "/boot/logistics/priceForecast",
                    &shipment,
                    &[("x-access-token", ann.as_str()), ("accept-language", lang)],
                )
                .await;
            let server = res.json()["result"].clone();
            // The OpenAPI types are the real shape (they refuse unknown fields).
            let typed: logistics_server::carrier::forecast::ForecastResult = serde_json::from_value(server.clone()).unwrap();
            assert!(!typed.quotes.is_empty() && typed.quotes.iter().all(|q| !q.lines.is_empty() && !q.breakdown.is_empty()));
            let local = browser(&bundle, &shipment, lang);
            assert_eq!(server["quotes"], local["quotes"], "{lang}");
            assert_eq!(server["unavailable"], local["unavailable"], "{lang}");
            assert_eq!(server["rateVersion"], bundle["version"]);
        }
        let en = browser(&bundle, &shipment, "en-US");
        // 50×40×30 at 5000 is 12 kg: 132 + 23 × 22 = 638 freight; at 6000 10 kg: 114 + 19 × 19 = 475.
        assert_eq!(en["quotes"][0]["code"], "EXP-6000");
        assert_eq!(
            (en["quotes"][0]["chargeableWeight"].as_str(), en["quotes"][0]["lines"][0]["amount"].as_str()),
            (Some("10"), Some("475.00"))
        );
        assert_eq!(
            (en["quotes"][1]["chargeableWeight"].as_str(), en["quotes"][1]["lines"][0]["amount"].as_str()),
            (Some("12"), Some("638.00"))
        );
        assert_eq!(en["quotes"][1]["name"], "Express 5000");
        let denied = json!({"countryCode": "US", "postalCode": "96799", "tradeType": "B2C", "parcels": [{"length": 1, "width": 1, "height": 1, "weight": 1}]});
        let res = app.post_json("/boot/logistics/priceForecast", &denied, &h(&ann)).await;
        assert_eq!(res.json()["result"]["unavailable"][0]["reason"], "Postal code 96799 is not served");
        let res = app
            .post_json(
                "/boot/logistics/priceForecast",
                &json!({"countryCode": "US", "parcels": [{"length": 1, "width": 1, "height": 1, "weight": "x"}]}),
                &zh,
            )
            .await;
        assert_eq!((res.status.as_u16(), res.json()["result"]["field"].as_str()), (400, Some("parcels[0].weight")));

        // Bob has no level: an empty bundle, no quotes, no products; neither sees the admin lists.
        let bobs = ok(app.get("/boot/logistics/priceForecast/bundle", &h(&bob)).await, "bob").await;
        assert_eq!(bobs["products"], json!([]));
        assert_eq!(
            ok(app.post_json("/boot/logistics/priceForecast", &shipment, &h(&bob)).await, "bob").await["quotes"],
            json!([])
        );
        assert_eq!(ok(app.get("/boot/logistics/channelProduct/myList", &h(&bob)).await, "bob").await["total"], 0);
        let mine = ok(app.get("/boot/logistics/channelProduct/myList", &h(&ann)).await, "ann").await;
        assert_eq!((mine["total"].as_i64(), mine["records"][0]["currency"].as_str()), (Some(2), Some("CNY")));
        assert!(!mine.to_string().contains("markup"));
        for path in ["/boot/logistics/priceLevel/list", "/boot/logistics/rateCard/list", "/boot/logistics/channelProduct/list"] {
            assert_eq!(app.get(path, &h(&ann)).await.status, 403, "{path}");
        }

        // A changed card changes the bundle: a new version, new prices.
        let edit = json!({"id": exp["id"]})
            .as_object()
            .unwrap()
            .clone()
            .into_iter()
            .chain(card("EXP", "150").as_object().unwrap().clone())
            .collect::<serde_json::Map<_, _>>();
        ok(app.put_json("/boot/logistics/rateCard/edit", &Value::Object(edit), &h(&admin)).await, "edit").await;
        let fresh = ok(app.get("/boot/logistics/priceForecast/bundle", &h(&ann)).await, "fresh").await;
        assert_ne!(fresh["version"], bundle["version"]);
        assert_eq!(fresh["cards"][0]["prices"][0]["firstPrice"], "165");

        // In use: the card's last version and a priced product are kept; tenant 7 sees none of it.
        let res = delete(
            &app,
            &format!("/boot/logistics/rateCard/delete?ids={},{}", exp["id"].as_str().unwrap(), scheduled["id"].as_str().unwrap()),
            &admin,
        )
        .await;
        assert_eq!(res.status, 400);
        assert_eq!(
            delete(&app, &format!("/boot/logistics/channelProduct/delete?id={}", p1["id"].as_str().unwrap()), &admin)
                .await
                .status,
            400
        );
        assert_eq!(
            delete(&app, &format!("/boot/logistics/channelProduct/delete?id={}", p3["id"].as_str().unwrap()), &admin)
                .await
                .status,
            200
        );
        let boss7 = second_tenant(&app, 7, "boss7").await;
        for path in ["/boot/logistics/rateCard/list", "/boot/logistics/channelProduct/list", "/boot/logistics/priceLevel/list"] {
            assert_eq!(ok(app.get(path, &h(&boss7)).await, path).await["total"], 0, "{path}");
        }
        assert_eq!(
            app.get(&format!("/boot/logistics/rateCard/queryById?id={}", exp["id"].as_str().unwrap()), &h(&boss7)).await.status,
            404
        );
        assert_eq!(ok(app.get("/boot/logistics/priceForecast/bundle", &h(&boss7)).await, "t7").await["products"], json!([]));
        let res = app.post_json("/boot/logistics/channelProduct/add", &product("X7", "x", 0), &h(&boss7)).await;
        assert_eq!(res.json()["result"]["field"], "channelId");
    }
}

pub(crate) fn multipart(bytes: &[u8]) -> (String, Vec<u8>) {
    let boundary = "----logistics-test-boundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"card.xlsx\"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

#[tokio::test(flavor = "multi_thread")]
async fn rate_cards_go_to_excel_and_back() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let saved = ok(app.post_json("/boot/logistics/rateCard/add", &card("RT", "120"), &h(&admin)).await, "card").await;
        let res =
            app.get(&format!("/boot/logistics/rateCard/exportXls?id={}&token={admin}", saved["id"].as_str().unwrap()), &[]).await;
        assert_eq!(res.status, 200);
        assert!(res.headers["content-disposition"].to_str().unwrap().contains("rate-card-RT-2026-01-01.xlsx"));
        let bytes = res.bytes.clone();
        // Back in as the same version: replaced in place, equal in content.
        let (content_type, body) = multipart(&bytes);
        let res = app
            .post_raw(
                "/boot/logistics/rateCard/importExcel",
                body,
                &[("x-access-token", admin.as_str()), ("content-type", &content_type)],
            )
            .await;
        assert_eq!(res.status, 200, "{}", res.text);
        let imported = res.json()["result"].clone();
        assert_eq!(imported["id"], saved["id"]);
        for key in ["weightRounding", "zones", "prices", "surcharges", "minChargeableWeight", "roundingScope", "currency"] {
            assert_eq!(imported[key], saved[key], "{key}");
        }
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_rate_card").await, 1);

        // A workbook with bad rows: every one reported where Excel shows it, nothing saved.
        let mut broken = saved.clone();
        broken["currency"] = json!("DOLLARS");
        broken["prices"][0]["firstPrice"] = json!("abc");
        broken["prices"][2]["zone"] = json!("MARS");
        broken["effectiveFrom"] = json!("2026-02-01");
        let detail = detail_of(&broken);
        let book = logistics_server::carrier::rate_cards::xlsx::workbook(Some(&detail)).unwrap();
        let (content_type, body) = multipart(&book);
        let zh = [("x-access-token", admin.as_str()), ("content-type", content_type.as_str()), ("accept-language", "zh-CN")];
        let res = app.post_raw("/boot/logistics/rateCard/importExcel", body, &zh).await;
        assert_eq!(res.status, 400, "{}", res.text);
        assert_eq!(res.json()["message"], "导入失败：3处错误");
        let errors = res.json()["result"]["errors"].clone();
        assert_eq!(
            errors[0],
            json!({"sheet": "card", "row": 4, "column": "currency", "message": "币种须为3位字母代码（ISO 4217）!"})
        );
        assert_eq!(
            (errors[1]["sheet"].as_str(), errors[1]["row"].as_u64(), errors[1]["column"].as_str()),
            (Some("prices"), Some(2), Some("firstPrice"))
        );
        assert_eq!(
            (errors[2]["sheet"].as_str(), errors[2]["row"].as_u64(), errors[2]["column"].as_str()),
            (Some("prices"), Some(4), Some("zone"))
        );
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_rate_card").await, 1);
        let (content_type, body) = multipart(b"not a workbook");
        let res = app
            .post_raw(
                "/boot/logistics/rateCard/importExcel",
                body,
                &[("x-access-token", admin.as_str()), ("content-type", &content_type)],
            )
            .await;
        assert_eq!((res.status.as_u16(), res.json()["result"]["field"].as_str()), (400, Some("file")));
        // The template: headers only.
        assert_eq!(app.get(&format!("/boot/logistics/rateCard/exportXls?token={admin}"), &[]).await.status, 200);
    }
}

/// A detail as the export reads it, from a JSON card (test-only construction).
fn detail_of(v: &Value) -> logistics_server::carrier::rate_cards::RateCardDetail {
    use logistics_server::carrier::rate_cards::{RateCardDetail, RateCardRecord};
    let s = |k: &str| v[k].as_str().unwrap_or_default().to_owned();
    RateCardDetail {
        record: RateCardRecord {
            id: String::new(),
            code: s("code"),
            name: s("name"),
            currency: s("currency"),
            effective_from: s("effectiveFrom"),
            state: String::new(),
            zone_count: 0,
            price_count: 0,
            product_count: 0,
            partition_id: None,
            create_time: logistics_server::platform::http::time::DateTime(chrono::NaiveDateTime::default()),
            update_time: None,
        },
        partition_code: None,
        partition_name: None,
        weight_rounding: v["weightRounding"].clone(),
        min_chargeable_weight: s("minChargeableWeight"),
        rounding_scope: s("roundingScope"),
        zones: v["zones"].clone(),
        prices: v["prices"].clone(),
        surcharges: v["surcharges"].clone(),
    }
}
