//! Partitions on both databases: rate cards reference them (a card saved with zones of its own
//! gets the partition with exactly these zones, or a new one); bad input names its field and
//! changes nothing; a change that would strand a card's prices, or deleting one in use, is refused;
//! cards from before partitions are filed as partitions at start-up without changing a quote
//! (10,000 seeded shipments quoted before and after, answer for answer).

use serde_json::{Value, json};

use super::pricing::card;
use crate::common::{ADMIN_PASSWORD, TestApp, count, exec};
use crate::system::admin::{h, ok};

#[tokio::test(flavor = "multi_thread")]
async fn rate_cards_price_partitions() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let zh = [("x-access-token", admin.as_str()), ("accept-language", "zh-CN")];
        let en = [("x-access-token", admin.as_str()), ("accept-language", "en-US")];

        // A card with zones of its own files them as a partition named after it; a second card with
        // the same zones shares it.
        let pt = ok(app.post_json("/boot/logistics/rateCard/add", &card("PT", "120"), &h(&admin)).await, "card").await;
        assert_eq!(pt["partitionCode"], "PT", "{pt}");
        assert_eq!(pt["zones"][1]["countries"], json!(["DE", "FR"]));
        let pt2 = ok(app.post_json("/boot/logistics/rateCard/add", &card("PT2", "99"), &h(&admin)).await, "card2").await;
        assert_eq!(pt2["partitionId"], pt["partitionId"]);
        let listed = ok(app.get("/boot/logistics/partition/list", &h(&admin)).await, "list").await;
        assert_eq!(listed["total"], 1, "{listed}");
        let filed = &listed["records"][0];
        assert_eq!(
            (filed["code"].as_str(), filed["zoneCount"].as_i64(), filed["countries"].as_str()),
            (Some("PT"), Some(2), Some("US,DE,FR"))
        );
        assert_eq!(filed["cardCount"], 2);
        // The stored body keeps no zones: they live in the partition.
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_rate_card WHERE body LIKE '%\"zones\"%'").await, 0);

        // Bad partitions name their field in the caller's language and store nothing.
        let world = |zones: Value| json!({"code": "world", "name": "全球分区", "nameEn": "World", "zones": zones});
        for (body, headers, field, message) in [
            (world(json!([])), &zh, "zones", "分区不能为空!"),
            (world(json!([{"code": "US", "countries": ["USA"]}])), &en, "zones[0].countries", ""),
            (world(json!([{"code": "US", "countries": ["US"]}, {"code": "US", "countries": ["CA"]}])), &zh, "zones[1].code", ""),
            (json!({"code": "1X", "name": "n", "zones": [{"code": "A", "countries": ["US"]}]}), &zh, "code", ""),
        ] {
            let res = app.post_json("/boot/logistics/partition/add", &body, headers).await;
            assert_eq!((res.status.as_u16(), res.json()["result"]["field"].as_str()), (400, Some(field)), "{}", res.json());
            if !message.is_empty() {
                assert_eq!(res.json()["message"], message);
            }
        }
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_partition").await, 1);
        let zones =
            json!([{"code": "US", "countries": ["US", "CA"]}, {"code": "EU", "countries": ["DE", "FR"], "postalPrefixes": []}]);
        let w = ok(app.post_json("/boot/logistics/partition/add", &world(zones.clone()), &h(&admin)).await, "world").await;
        assert_eq!((w["code"].as_str(), w["countries"].as_str()), (Some("WORLD"), Some("US,CA,DE,FR")));
        assert_eq!(app.post_json("/boot/logistics/partition/add", &world(zones.clone()), &zh).await.status, 409);

        // A card on a partition: its zones are the partition's, whatever zones it sends.
        let mut on_world = card("PT", "120");
        on_world["id"] = pt["id"].clone();
        on_world["partitionId"] = w["id"].clone();
        on_world["zones"] = json!([{"code": "ZZ", "countries": ["JP"]}]);
        let edited = ok(app.put_json("/boot/logistics/rateCard/edit", &on_world, &h(&admin)).await, "edit").await;
        assert_eq!(
            (edited["partitionCode"].as_str(), edited["zones"][0]["countries"].clone()),
            (Some("WORLD"), json!(["US", "CA"]))
        );
        // A partition that is not there (or another tenant's) is refused on partitionId.
        let mut nowhere = on_world.clone();
        nowhere["partitionId"] = json!("nope");
        let res = app.put_json("/boot/logistics/rateCard/edit", &nowhere, &en).await;
        assert_eq!((res.status.as_u16(), res.json()["result"]["field"].as_str()), (400, Some("partitionId")));
        assert_eq!(res.json()["message"], "This partition does not exist or was deleted!");

        // Removing a zone a card prices is refused, naming the card; nothing changes.
        let mut shrink = world(json!([{"code": "US", "countries": ["US"]}]));
        shrink["id"] = w["id"].clone();
        let res = app.put_json("/boot/logistics/partition/edit", &shrink, &en).await;
        assert_eq!((res.status.as_u16(), res.json()["result"]["field"].as_str()), (400, Some("zones")), "{}", res.json());
        assert_eq!(
            res.json()["message"],
            "Rate card PT (from 2026-01-01) still prices zone EU: change that card before removing the zone from this partition!"
        );
        // Widening a zone re-zones the card (and changes the forecast's prices).
        let mut wider =
            world(json!([{"code": "US", "countries": ["US", "CA", "MX"]}, {"code": "EU", "countries": ["DE", "FR", "IT"]}]));
        wider["id"] = w["id"].clone();
        let after = ok(app.put_json("/boot/logistics/partition/edit", &wider, &h(&admin)).await, "wider").await;
        assert_eq!((after["cardCount"].as_i64(), after["zoneCount"].as_i64()), (Some(1), Some(2)));
        let detail =
            ok(app.get(&format!("/boot/logistics/rateCard/queryById?id={}", pt["id"].as_str().unwrap()), &h(&admin)).await, "d")
                .await;
        assert_eq!(detail["zones"][1]["countries"], json!(["DE", "FR", "IT"]));

        // In use: not deleted; once free, deleted.
        let res = app.delete(&format!("/boot/logistics/partition/delete?id={}", w["id"].as_str().unwrap()), &zh).await;
        assert_eq!(res.status, 400, "{}", res.json());
        let mut back = card("PT", "120");
        back["id"] = pt["id"].clone();
        back["partitionId"] = pt["partitionId"].clone();
        ok(app.put_json("/boot/logistics/rateCard/edit", &back, &h(&admin)).await, "back").await;
        ok(app.delete(&format!("/boot/logistics/partition/delete?id={}", w["id"].as_str().unwrap()), &h(&admin)).await, "del")
            .await;

        // Listed by country, exported with its titles.
        let found = ok(app.get("/boot/logistics/partition/list?country=fr", &h(&admin)).await, "by country").await;
        assert_eq!(found["total"], 1);
        let res = app.get("/boot/logistics/partition/exportXls", &zh).await;
        assert_eq!(res.status, 200);
        let rows = crate::platform::resource::sheet(res.bytes.clone());
        assert_eq!(rows[0], ["编码", "名称", "英文名称", "分区", "国家/地区", "使用的报价卡", "备注"], "{rows:?}");
        assert_eq!(rows[1], ["PT", "测试报价", "", "2", "US,DE,FR", "2", ""]);
    }
}

/// A small seeded generator (xorshift64*): the cases are random, the same at every run.
struct Seeded(u64);

impl Seeded {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
    }
    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() * (hi - lo + 1) as f64) as i64
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.int(0, items.len() as i64 - 1) as usize]
    }
    /// A decimal between lo and hi with up to `places` places, as text.
    fn dec(&mut self, lo: f64, hi: f64, places: u32) -> String {
        let places = self.int(0, i64::from(places)) as u32;
        let scale = 10f64.powi(places as i32);
        let n = self.int((lo * scale).round() as i64, (hi * scale).round() as i64);
        format!("{:.*}", places as usize, n as f64 / scale)
    }
}

const COUNTRIES: [&str; 8] = ["US", "GB", "DE", "FR", "JP", "CA", "AU", "CN"];

/// One of five zone sets (cards share them, as carriers' cards do).
fn zone_set(n: usize) -> Value {
    let mut set = Seeded(0x5eed + n as u64);
    let zones: Vec<Value> = (0..set.int(1, 3))
        .map(|i| {
            let countries: Vec<&str> = if i == 0 {
                vec!["US", "GB", "DE", "FR", "JP"]
            } else {
                (0..set.int(1, 3)).map(|_| set.pick(&COUNTRIES)).collect()
            };
            let prefixes: Vec<&str> =
                if set.next() < 0.3 { vec![set.pick(&["99", "967", "9", "SW", "IV", "1"])] } else { vec![] };
            json!({"code": format!("S{n}Z{i}"), "countries": countries, "postalPrefixes": prefixes})
        })
        .collect();
    Value::Array(zones)
}

/// A card as the server stored it before partitions: the normalized body, zones inside.
fn legacy_card(g: &mut Seeded, zones: &Value) -> (String, Value) {
    let mut prices = Vec::new();
    for z in zones.as_array().unwrap() {
        let edges = [0.0, g.dec(0.5, 5.0, 1).parse::<f64>().unwrap(), g.dec(6.0, 40.0, 0).parse::<f64>().unwrap(), 300.0];
        for w in edges.windows(2) {
            let mode = g.pick(&["fixed", "firstAdditional", "perKg"]);
            let mut row = json!({"zone": z["code"], "fromWeight": w[0].to_string(), "toWeight": w[1].to_string(), "mode": mode});
            match mode {
                "fixed" => row["price"] = json!(g.dec(1.0, 500.0, 4)),
                "firstAdditional" => {
                    row["firstWeight"] = json!(g.dec(0.1, 2.0, 3));
                    row["firstPrice"] = json!(g.dec(1.0, 200.0, 4));
                    row["stepWeight"] = json!(g.pick(&["0", "0.5", "0.25", "1", "0.333"]));
                    row["stepPrice"] = json!(g.dec(0.0, 50.0, 4));
                }
                _ => {
                    row["price"] = json!(g.dec(0.1, 80.0, 4));
                    row["minCharge"] = json!(g.dec(0.0, 100.0, 2));
                }
            }
            prices.push(row);
        }
    }
    let mut surcharges = Vec::new();
    if g.next() < 0.6 {
        surcharges.push(json!({"type": "fuel", "percent": g.dec(0.0, 30.0, 4)}));
    }
    if g.next() < 0.6 {
        surcharges.push(json!({"type": "remoteArea", "countries": [g.pick(&COUNTRIES)], "postalCodes": [g.pick(&["99*", "967", "IV*", "1*"])], "amount": g.dec(0.0, 60.0, 2)}));
    }
    if g.next() < 0.6 {
        surcharges.push(json!({"type": "oversize", "maxSide": g.dec(40.0, 150.0, 1), "maxWeight": g.dec(10.0, 40.0, 1), "amount": g.dec(1.0, 80.0, 2)}));
    }
    let rounding = if g.next() < 0.5 {
        json!([{"upTo": "20", "increment": g.pick(&["0.5", "0.1", "0", "0.25"])}, {"upTo": "300", "increment": "1"}])
    } else {
        json!([])
    };
    let body = json!({"currency": g.pick(&["USD", "CNY", "EUR", "JPY"]), "weightRounding": rounding, "minChargeableWeight": g.pick(&["0", "0.5", "1"]),
        "roundingScope": g.pick(&["parcel", "ticket"]), "zones": zones, "prices": prices, "surcharges": surcharges});
    let (currency, normalized) = logistics_core::rate_card::checked(&(&body).into()).expect("a valid card");
    (currency, (&normalized).into())
}

fn shipment(g: &mut Seeded) -> String {
    let parcels: Vec<Value> = (0..g.int(1, 4))
        .map(|_| {
            json!({"length": g.dec(1.0, 200.0, 2), "width": g.dec(1.0, 120.0, 2), "height": g.dec(1.0, 120.0, 2),
                "weight": g.dec(0.0, 80.0, 3), "quantity": if g.next() < 0.7 { 1 } else { g.int(1, 12) }})
        })
        .collect();
    json!({"countryCode": g.pick(&COUNTRIES), "postalCode": g.pick(&["10001", "99501", "96799", "90210", "SW1A 1AA", "IV2 3AB", "75001", "M5V 2T6", ""]),
        "tradeType": g.pick(&["B2C", "B2B", "FBA"]), "parcels": parcels, "declaredValue": if g.next() < 0.5 { g.dec(0.0, 5000.0, 2) } else { String::new() }})
    .to_string()
}

/// The admin's bundle (every enabled product at cost).
async fn bundle(app: &TestApp, token: &str) -> Value {
    let res = app.get("/boot/logistics/priceForecast/bundle", &h(token)).await;
    assert_eq!(res.status, 200);
    res.json()["result"].clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn zones_move_to_partitions_without_changing_a_quote() {
    const CARDS: usize = 24;
    const CASES: usize = 10_000;
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let sup =
            ok(app.post_json("/boot/logistics/supplier/add", &json!({"code": "DHL", "name": "DHL"}), &h(&admin)).await, "s")
                .await;
        let ch = ok(
            app.post_json(
                "/boot/logistics/channel/add",
                &json!({"supplierId": sup["id"], "code": "DHL-SZ", "name": "DHL深圳"}),
                &h(&admin),
            )
            .await,
            "c",
        )
        .await;
        // Cards as they were stored before partitions: zones in the body, no partition.
        let mut g = Seeded(20_261_206);
        for i in 0..CARDS {
            let zones = zone_set(i % 5);
            let (currency, body) = legacy_card(&mut g, &zones);
            let sql = format!(
                "INSERT INTO logistics_rate_card (id, tenant_id, code, name, currency, effective_from, body, create_time) \
                 VALUES ('legacy{i}', 1, 'OLD{i}', '旧报价{i}', '{currency}', '2026-01-01', '{}', '2026-01-01 00:00:00')",
                body.to_string().replace('\'', "''")
            );
            assert_eq!(exec(app.db(), &sql).await, 1);
            let product = json!({"channelId": ch["id"], "code": format!("OLD-{i}"), "name": format!("旧产品{i}"), "tradeType": "", "feeId": format!("OLD{i}"),
                "thWeightRatio": if i % 2 == 0 { 5000 } else { 0 }, "izMult": true});
            ok(app.post_json("/boot/logistics/channelProduct/add", &product, &h(&admin)).await, "product").await;
        }
        assert_eq!(
            count(app.db(), "SELECT COUNT(*) AS n FROM logistics_rate_card WHERE partition_id IS NULL").await,
            CARDS as i64
        );
        let before = bundle(&app, &admin).await;
        let shipments: Vec<String> = (0..CASES).map(|_| shipment(&mut g)).collect();
        let quote = |bundle: &Value| -> Vec<String> {
            let text = bundle.to_string();
            shipments
                .iter()
                .enumerate()
                .map(|(i, s)| logistics_core::api::forecast(&text, s, if i % 2 == 0 { "zh-CN" } else { "en-US" }))
                .collect()
        };
        let quoted = quote(&before);
        assert!(quoted.iter().filter(|q| q.contains("\"total\"")).count() > CASES / 4, "most shipments find a price");

        // The next start files every card's zones as partitions: one per distinct set.
        let again = TestApp::with_config(app.config.clone(), app.backend, tempfile::TempDir::new().unwrap()).await;
        assert_eq!(count(again.db(), "SELECT COUNT(*) AS n FROM logistics_rate_card WHERE partition_id IS NULL").await, 0);
        assert_eq!(count(again.db(), "SELECT COUNT(*) AS n FROM logistics_rate_card WHERE body LIKE '%\"zones\"%'").await, 0);
        assert_eq!(count(again.db(), "SELECT COUNT(*) AS n FROM logistics_partition").await, 5);
        let admin2 = again.login("admin", ADMIN_PASSWORD).await;
        let after = bundle(&again, &admin2).await;
        assert_eq!(
            (&after["cards"], &after["products"], &after["version"]),
            (&before["cards"], &before["products"], &before["version"])
        );
        let requoted = quote(&after);
        let differing: Vec<usize> = (0..CASES).filter(|&i| quoted[i] != requoted[i]).collect();
        assert!(differing.is_empty(), "{} of {CASES} quotes changed, e.g. {}", differing.len(), shipments[differing[0]]);
        // Idempotent: a third start files nothing more.
        let third = TestApp::with_config(app.config.clone(), app.backend, tempfile::TempDir::new().unwrap()).await;
        assert_eq!(count(third.db(), "SELECT COUNT(*) AS n FROM logistics_partition").await, 5);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_demo_network_prices_partitions() {
    let dir = tempfile::TempDir::new().unwrap();
    let mut config = crate::common::sqlite_config(&dir);
    config.demo = true;
    let app = TestApp::with_config(config, "sqlite", dir).await;
    // Its cards (one coded 4PX-EXP: a partition code starts with a letter) were filed at start.
    assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_rate_card WHERE partition_id IS NULL").await, 0);
    assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_partition WHERE code = 'P4PX-EXP'").await, 1);
}
