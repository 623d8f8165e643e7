use serde_json::json;

use crate::common::TestApp;

const PATH: &str = "/boot/logistics/weight/chargeable";

#[tokio::test(flavor = "multi_thread")]
async fn chargeable_weight_matches_core() {
    for app in TestApp::all().await {
        let body =
            json!({"length": 30, "width": "20", "height": 10, "weight": "1.01", "thWeightRatio": 5000, "increment": "0.5"});
        let res = app.post_json(PATH, &body, &[]).await;
        assert_eq!(res.status, 200, "{}", res.text);
        let result = &res.json()["result"];
        assert_eq!(result["actualWeight"], "1.010");
        assert_eq!(result["volumetricWeight"], "1.200");
        assert_eq!(result["chargeableWeight"], "1.500");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_weights_name_the_field_in_the_users_language() {
    let app = TestApp::sqlite().await;
    let body = json!({"length": 30, "width": 20, "height": 0, "weight": 1, "divisor": 5000});
    let res = app.post_json(PATH, &body, &[("cookie", "client_lang=zh-CN")]).await;
    assert_eq!(res.status, 400);
    let json = res.json();
    assert_eq!(json["success"], false);
    assert_eq!(json["message"], "高必须大于0!");
    assert_eq!(json["result"], json!({"key": "number_positive", "field": "height"}));

    let res = app.post_json(PATH, &json!({"length": 30, "width": 20, "height": 10, "weight": 1}), &[]).await;
    assert_eq!(res.json()["message"], "Volumetric divisor is required!");
    // Not a parcel at all: a 400 that says the body is not what the call reads.
    let res = app.post_json(PATH, &json!([1, 2]), &[]).await;
    assert_eq!((res.status.as_u16(), res.json()["success"].clone()), (400, json!(false)));
    let res = app.post_json(PATH, &json!({"length": true}), &[]).await;
    assert_eq!(res.status, 400);
}
