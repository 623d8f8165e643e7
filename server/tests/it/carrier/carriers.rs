//! Suppliers and channels: checked codes and names in the user's language, nothing stored on bad
//! input, in-use records kept, and another tenant never sees or touches them.

use serde_json::json;

use crate::common::{ADMIN_PASSWORD, TestApp, count};
use crate::system::admin::{delete, h, ok, second_tenant};

#[tokio::test(flavor = "multi_thread")]
async fn suppliers_and_channels() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let zh = [("x-access-token", admin.as_str()), ("accept-language", "zh-CN")];
        let cases = [
            (json!({"code": "", "name": "顺丰"}), "code", "编码不能为空!"),
            (json!({"code": "1SF", "name": "顺丰"}), "code", "编码须为2-32位字母、数字、下划线或短横线，并以字母开头!"),
            (json!({"code": "SF", "name": " "}), "name", "名称不能为空!"),
            (json!({"code": "SF", "name": "顺丰", "email": "not-an-email"}), "email", "邮箱格式不正确!"),
            (json!({"code": "SF", "name": "顺丰", "status": 7}), "status", "状态值不正确!"),
        ];
        for (body, field, message) in cases {
            let res = app.post_json("/boot/logistics/supplier/add", &body, &zh).await;
            assert_eq!(res.status, 400, "{body}: {}", res.text);
            assert_eq!(
                (res.json()["message"].as_str(), res.json()["result"]["field"].as_str()),
                (Some(message), Some(field)),
                "{body}"
            );
        }
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_supplier").await, 0);

        let sf = ok(
            app.post_json(
                "/boot/logistics/supplier/add",
                &json!({"code": "sf", "name": "顺丰", "nameEn": "SF Express", "contact": "Li"}),
                &h(&admin),
            )
            .await,
            "sf",
        )
        .await;
        assert_eq!((sf["code"].as_str(), sf["title"].as_str()), (Some("SF"), Some("SF Express")));
        let res = app.post_json("/boot/logistics/supplier/add", &json!({"code": "SF", "name": "x"}), &h(&admin)).await;
        assert_eq!((res.status.as_u16(), res.json()["message"].as_str()), (409, Some("This code already exists!")));
        let ups =
            ok(app.post_json("/boot/logistics/supplier/add", &json!({"code": "UPS", "name": "UPS"}), &h(&admin)).await, "ups")
                .await;
        let found = ok(app.get("/boot/logistics/supplier/list?keyWord=Express", &h(&admin)).await, "search").await;
        assert_eq!((found["total"].as_i64(), found["records"][0]["code"].as_str()), (Some(1), Some("SF")));
        let edit = json!({"id": ups["id"], "code": "UPS", "name": "UPS", "status": 0});
        assert_eq!(ok(app.put_json("/boot/logistics/supplier/edit", &edit, &h(&admin)).await, "edit").await["status"], 0);
        assert_eq!(ok(app.get("/boot/logistics/supplier/list?status=0", &h(&admin)).await, "stopped").await["total"], 1);

        let res = app
            .post_json("/boot/logistics/channel/add", &json!({"supplierId": "nope", "code": "SF-EXP", "name": "x"}), &zh)
            .await;
        assert_eq!((res.status.as_u16(), res.json()["message"].as_str()), (400, Some("物流商的值不正确!")));
        let channel = json!({"supplierId": sf["id"], "code": "SF-EXP", "name": "顺丰国际特快", "nameEn": "SF International Express", "transType": "air"});
        let exp = ok(app.post_json("/boot/logistics/channel/add", &channel, &h(&admin)).await, "channel").await;
        let listed = ok(
            app.get(&format!("/boot/logistics/channel/list?supplierId={}", sf["id"].as_str().unwrap()), &h(&admin)).await,
            "channels",
        )
        .await;
        assert_eq!((listed["total"].as_i64(), listed["records"][0]["code"].as_str()), (Some(1), Some("SF-EXP")));

        // In use: a supplier with a channel, a channel with a number segment.
        let res = delete(&app, &format!("/boot/logistics/supplier/delete?id={}", sf["id"].as_str().unwrap()), &admin).await;
        assert_eq!((res.status.as_u16(), res.json()["message"].as_str()), (400, Some("It is in use and cannot be deleted!")));
        let segment = json!({"channelId": exp["id"], "startNo": 1, "endNo": 9});
        ok(app.post_json("/boot/logistics/numberSegment/add", &segment, &h(&admin)).await, "segment").await;
        assert_eq!(
            delete(&app, &format!("/boot/logistics/channel/delete?id={}", exp["id"].as_str().unwrap()), &admin).await.status,
            400
        );

        // Tenant 7 sees nothing, touches nothing, and cannot hang a channel on tenant 1's supplier.
        let boss7 = second_tenant(&app, 7, "boss7").await;
        assert_eq!(ok(app.get("/boot/logistics/supplier/list", &h(&boss7)).await, "t7").await["total"], 0);
        assert_eq!(ok(app.get("/boot/logistics/channel/list", &h(&boss7)).await, "t7").await["total"], 0);
        assert_eq!(
            app.get(&format!("/boot/logistics/supplier/queryById?id={}", sf["id"].as_str().unwrap()), &h(&boss7)).await.status,
            404
        );
        assert_eq!(
            app.put_json(
                "/boot/logistics/channel/edit",
                &json!({"id": exp["id"], "supplierId": sf["id"], "code": "X1", "name": "x"}),
                &h(&boss7)
            )
            .await
            .status,
            404
        );
        assert_eq!(app.post_json("/boot/logistics/channel/add", &channel, &h(&boss7)).await.status, 400);
        assert_eq!(
            delete(&app, &format!("/boot/logistics/supplier/delete?id={}", ups["id"].as_str().unwrap()), &boss7).await.status,
            404
        );
        // Its own codes may repeat tenant 1's.
        ok(app.post_json("/boot/logistics/supplier/add", &json!({"code": "SF", "name": "顺丰"}), &h(&boss7)).await, "t7 sf")
            .await;

        assert_eq!(
            delete(&app, &format!("/boot/logistics/supplier/delete?id={}", ups["id"].as_str().unwrap()), &admin).await.status,
            200
        );
    }
}
