//! Tracking-number segments: checked input, numbers with their check digits, no number twice under
//! 1,000 concurrent allocations, a clear error when the pool is empty, and tenants apart.

use std::collections::HashSet;

use axum::body::Body;
use axum::http::Method;
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::common::{ADMIN_PASSWORD, TestApp, build, count, exec};
use crate::system::admin::{delete, h, ok, second_tenant};

async fn channel(app: &TestApp, tenant_id: i32, id: &str) {
    let db = app.db();
    exec(db, &format!("INSERT INTO logistics_supplier (id, tenant_id, code, name, status, create_time) VALUES ('sup_{id}', {tenant_id}, 'SUP{id}', 'Carrier {id}', 1, '2026-01-01 00:00:00')")).await;
    exec(db, &format!("INSERT INTO logistics_channel (id, tenant_id, supplier_id, code, name, status, create_time) VALUES ('{id}', {tenant_id}, 'sup_{id}', 'CH{id}', 'Channel {id}', 1, '2026-01-01 00:00:00')")).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn numbers_are_handed_out_once_each_even_all_at_once() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        channel(&app, 1, "ch_a").await;
        let zh = [("x-access-token", admin.as_str()), ("accept-language", "zh-CN")];
        let cases = [
            (json!({"channelId": "", "startNo": 1, "endNo": 10}), "channelId", "渠道不能为空!"),
            (json!({"channelId": "nope", "startNo": 1, "endNo": 10}), "channelId", "渠道的值不正确!"),
            (
                json!({"channelId": "ch_a", "startNo": 10, "endNo": 1}),
                "endNo",
                "号段的结束号须不小于起始号，且不超过999999999999999!",
            ),
            (
                json!({"channelId": "ch_a", "startNo": 1, "endNo": 100, "checkScheme": "s10", "prefix": "A", "suffix": "GB"}),
                "prefix",
                "S10 前缀须为 2 位字母!",
            ),
            (
                json!({"channelId": "ch_a", "startNo": 1, "endNo": 100, "checkScheme": "ups", "prefix": "1Z999AA101", "suffix": "GB"}),
                "suffix",
                "UPS 单号没有后缀!",
            ),
            (
                json!({"channelId": "ch_a", "startNo": 1, "endNo": 100_000_000, "checkScheme": "s10", "prefix": "AA", "suffix": "GB"}),
                "endNo",
                "号段的结束号须不小于起始号，且不超过99999999!",
            ),
            (
                json!({"channelId": "ch_a", "startNo": 1, "endNo": 10, "checkScheme": "luhn"}),
                "checkScheme",
                "校验规则的值不正确!",
            ),
        ];
        for (body, field, message) in cases {
            let res = app.post_json("/boot/logistics/numberSegment/add", &body, &zh).await;
            assert_eq!(res.status, 400, "{body}: {}", res.text);
            assert_eq!(
                (res.json()["message"].as_str(), res.json()["result"]["field"].as_str()),
                (Some(message), Some(field)),
                "{body}"
            );
        }
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_number_segment").await, 0, "nothing stored");

        let body = json!({"channelId": "ch_a", "prefix": "aa", "suffix": "gb", "startNo": 47_312_482, "endNo": 47_313_481, "checkScheme": "s10", "alertThreshold": 100});
        let segment = ok(app.post_json("/boot/logistics/numberSegment/add", &body, &h(&admin)).await, "add").await;
        assert_eq!((segment["remaining"].as_i64(), segment["nextNumber"].as_str()), (Some(1000), Some("AA473124829GB")));

        // 1,000 allocations at once: 1,000 different numbers, every one with a valid check digit.
        let mut tasks = Vec::new();
        for _ in 0..1000 {
            let router = app.router();
            let token = admin.clone();
            tasks.push(tokio::spawn(async move {
                let headers = [("x-access-token", token.as_str()), ("content-type", "application/json")];
                let request = build(
                    Method::POST,
                    "/boot/logistics/numberSegment/allocate",
                    &headers,
                    Body::from(json!({"channelId": "ch_a"}).to_string()),
                );
                let response = router.oneshot(request).await.unwrap();
                let status = response.status();
                let bytes = response.into_body().collect().await.unwrap().to_bytes();
                let value: Value = serde_json::from_slice(&bytes).unwrap();
                assert_eq!(status, 200, "{value}");
                value["result"]["numbers"][0].as_str().unwrap().to_owned()
            }));
        }
        let mut seen = HashSet::new();
        for task in tasks {
            let number = task.await.unwrap();
            assert!(logistics_core::check_digit::is_valid(logistics_core::check_digit::Scheme::S10, &number), "{number}");
            assert!(seen.insert(number.clone()), "{number} handed out twice on {}", app.backend);
        }
        assert_eq!(seen.len(), 1000);
        assert!(seen.contains("AA473124829GB"));

        let res = app.post_json("/boot/logistics/numberSegment/allocate", &json!({"channelId": "ch_a"}), &h(&admin)).await;
        assert_eq!(res.status, 400);
        assert_eq!(res.json()["message"], "No tracking numbers are left for this channel!");
        let listed = ok(app.get("/boot/logistics/numberSegment/list?channelId=ch_a", &h(&admin)).await, "list").await;
        assert_eq!((listed["records"][0]["remaining"].as_i64(), listed["records"][0]["alert"].as_bool()), (Some(0), Some(true)));
        let id = listed["records"][0]["id"].as_str().unwrap().to_owned();
        let res = delete(&app, &format!("/boot/logistics/numberSegment/delete?id={id}"), &admin).await;
        assert_eq!(
            (res.status.as_u16(), res.json()["message"].as_str()),
            (400, Some("Numbers of this segment were handed out; it cannot be deleted!"))
        );

        // Batches, UPS numbers, and a second pool taking over.
        let ups =
            json!({"channelId": "ch_a", "prefix": "1Z999AA101", "startNo": 2_345_678, "endNo": 2_345_687, "checkScheme": "ups"});
        ok(app.post_json("/boot/logistics/numberSegment/add", &ups, &h(&admin)).await, "ups").await;
        let batch = ok(
            app.post_json("/boot/logistics/numberSegment/allocate", &json!({"channelId": "ch_a", "count": 3}), &h(&admin)).await,
            "batch",
        )
        .await;
        assert_eq!(batch["numbers"][0], "1Z999AA10123456784");
        assert_eq!((batch["numbers"].as_array().unwrap().len(), batch["remaining"].as_i64()), (3, Some(7)));
        let res =
            app.post_json("/boot/logistics/numberSegment/allocate", &json!({"channelId": "ch_a", "count": 8}), &h(&admin)).await;
        assert_eq!(res.status, 400, "a batch never spans pools or overruns one");
        assert_eq!(
            app.post_json("/boot/logistics/numberSegment/allocate", &json!({"channelId": "ch_a", "count": 0}), &h(&admin))
                .await
                .status,
            400
        );

        // Another tenant sees none of it and cannot draw from it.
        let boss7 = second_tenant(&app, 7, "boss7").await;
        assert_eq!(ok(app.get("/boot/logistics/numberSegment/list", &h(&boss7)).await, "t7").await["total"], 0);
        assert_eq!(app.get(&format!("/boot/logistics/numberSegment/queryById?id={id}"), &h(&boss7)).await.status, 404);
        assert_eq!(
            app.post_json("/boot/logistics/numberSegment/allocate", &json!({"channelId": "ch_a"}), &h(&boss7)).await.status,
            404
        );
        assert_eq!(delete(&app, &format!("/boot/logistics/numberSegment/delete?id={id}"), &boss7).await.status, 404);

        // An unused pool can go.
        let spare = ok(
            app.post_json(
                "/boot/logistics/numberSegment/add",
                &json!({"channelId": "ch_a", "startNo": 1, "endNo": 9}),
                &h(&admin),
            )
            .await,
            "spare",
        )
        .await;
        let res =
            delete(&app, &format!("/boot/logistics/numberSegment/delete?id={}", spare["id"].as_str().unwrap()), &admin).await;
        assert_eq!(res.status, 200, "{}", res.text);
    }
}
