//! Seeds the pricing benchmark (`DATABASE_URL`, after `bench_seed`): in the platform tenant, 10
//! channels, 50 rate cards (10 zones over 30 countries, 6 weight brackets each, in all three
//! freight modes, fuel, remote-area, oversize and insurance surcharges) and 500 channel products
//! (divisors 5000, 6000, 8000 and actual weight) with validity rules, all open to the customer
//! `bench` in three price tiers (0, +5 and +12.5 %): the bundle and forecast of a large forwarder; and a
//! customer `bench20` (same password) with 20 of them, a typical account.

#![expect(clippy::expect_used, reason = "a benchmark fixture fails loudly")]

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_server::platform::config::DatabaseUrl;
use logistics_server::platform::db::Db;
use logistics_server::platform::db::schema::{
    logistics_channel as channel, logistics_channel_product as product, logistics_price_level as level,
    logistics_product_validity as validity, logistics_rate_card as card, logistics_supplier as supplier, sys_user,
};
use logistics_server::{platform::secrets, with_conn, with_write};
use serde_json::json;

const COUNTRIES: [&str; 30] = [
    "US", "CA", "MX", "GB", "DE", "FR", "IT", "ES", "NL", "BE", "PL", "SE", "NO", "DK", "FI", "AT", "CH", "IE", "PT", "CZ", "JP",
    "KR", "SG", "MY", "TH", "AU", "NZ", "AE", "SA", "BR",
];

fn card_body(n: usize) -> serde_json::Value {
    let zones: Vec<_> = (0..10)
        .map(|z| json!({"code": format!("Z{z}"), "countries": COUNTRIES[z * 3..z * 3 + 3], "postalPrefixes": if z == 0 { json!(["99", "1"]) } else { json!([]) }}))
        .collect();
    let mut prices = Vec::new();
    for z in 0..10 {
        let base = 20.0 + (n * 7 + z * 13) as f64 % 60.0;
        let edges = [0.0, 0.5, 2.0, 5.0, 20.0, 70.0, 300.0];
        for b in 0..6 {
            let (from, to) = (edges[b], edges[b + 1]);
            let row = match b % 3 {
                0 => json!({"mode": "fixed", "price": format!("{:.2}", base + b as f64 * 9.5)}),
                1 => json!({"mode": "firstAdditional", "firstWeight": "0.5", "firstPrice": format!("{:.2}", base * 1.2),
                    "stepWeight": "0.5", "stepPrice": format!("{:.3}", base / 7.0)}),
                _ => json!({"mode": "perKg", "price": format!("{:.4}", base / 5.0), "minCharge": format!("{:.2}", base * 2.0)}),
            };
            let mut row = row;
            row["zone"] = json!(format!("Z{z}"));
            row["fromWeight"] = json!(from.to_string());
            row["toWeight"] = json!(to.to_string());
            prices.push(row);
        }
    }
    json!({
        "currency": "CNY",
        "weightRounding": [{"upTo": "2", "increment": "0.1"}, {"upTo": "20", "increment": "0.5"}, {"upTo": "300", "increment": "1"}],
        "minChargeableWeight": "0.1",
        "roundingScope": if n.is_multiple_of(4) { "ticket" } else { "parcel" },
        "zones": zones,
        "prices": prices,
        "surcharges": [
            {"type": "fuel", "percent": format!("{}.5", 5 + n % 15)},
            {"type": "remoteArea", "countries": ["US", "GB"], "postalCodes": ["995*", "IV*", "HS*"], "amount": "35"},
            {"type": "oversize", "maxSide": "120", "maxWeight": "30", "amount": "80"},
            {"type": "insurance", "percent": "0.8"},
            {"type": "perTicket", "amount": "5"},
        ],
    })
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let url = std::env::var("DATABASE_URL").expect("DATABASE_URL");
    let db = Db::connect(&DatabaseUrl::parse(&url).expect("url"), 2).await.expect("connect");
    seed(&db).await.expect("seed the pricing benchmark");
}

async fn seed(db: &Db) -> Result<(), logistics_server::platform::db::DbError> {
    let customer: String =
        with_conn!(db, |conn| sys_user::table.filter(sys_user::username.eq("bench")).select(sys_user::id).first(conn).await?);
    let hash = logistics_server::system::users::password::hash("Bench@12345").await.expect("hash");
    let typical = "bench20user";
    with_write!(db, |conn| {
        diesel::sql_query(format!(
            "INSERT INTO sys_user (id, username, realname, password, status, del_flag, user_kind, tenant_id, create_time, login_fail_count) \
             VALUES ('{typical}', 'bench20', 'Bench 20', '{hash}', 1, 0, 'customer', 1, '2026-01-01 00:00:00', 0)"
        ))
        .execute(conn)
        .await?;
        diesel::sql_query(format!("INSERT INTO sys_user_role (user_id, role_id) VALUES ('{typical}', 'role_customer_1')"))
            .execute(conn)
            .await?;
    });
    let now = chrono::Utc::now().naive_utc();
    let start = chrono::NaiveDate::from_ymd_opt(2026, 1, 1).expect("date");
    let tenant = 1;
    let supplier_id = secrets::new_id();
    let mut bodies = Vec::new();
    for n in 0..50 {
        let (_, body) = logistics_core::rate_card::checked(&(&card_body(n)).into()).expect("a valid card");
        bodies.push(body.to_string());
    }
    {
        with_write!(db, |conn| {
            diesel::insert_into(supplier::table)
                .values((
                    supplier::id.eq(&supplier_id),
                    supplier::tenant_id.eq(tenant),
                    supplier::code.eq("BENCH"),
                    supplier::name.eq("压测物流商"),
                    supplier::status.eq(1i16),
                    supplier::create_time.eq(now),
                ))
                .execute(conn)
                .await?;
            let mut channels = Vec::new();
            for c in 0..10 {
                let id = secrets::new_id();
                diesel::insert_into(channel::table)
                    .values((
                        channel::id.eq(&id),
                        channel::tenant_id.eq(tenant),
                        channel::supplier_id.eq(&supplier_id),
                        channel::code.eq(format!("BCH-{c}")),
                        channel::name.eq(format!("压测渠道{c}")),
                        channel::status.eq(1i16),
                        channel::create_time.eq(now),
                    ))
                    .execute(conn)
                    .await?;
                channels.push(id);
            }
            for (n, body) in bodies.iter().enumerate() {
                diesel::insert_into(card::table)
                    .values((
                        card::id.eq(secrets::new_id()),
                        card::tenant_id.eq(tenant),
                        card::code.eq(format!("CARD-{n}")),
                        card::name.eq(format!("压测报价{n}")),
                        card::currency.eq("CNY"),
                        card::effective_from.eq(start),
                        card::body.eq(body),
                        card::create_time.eq(now),
                    ))
                    .execute(conn)
                    .await?;
            }
            for p in 0..500usize {
                let id = secrets::new_id();
                diesel::insert_into(product::table)
                    .values((
                        product::id.eq(&id),
                        product::tenant_id.eq(tenant),
                        product::channel_id.eq(&channels[p % 10]),
                        product::code.eq(format!("BP-{p:03}")),
                        product::name.eq(format!("压测产品{p}")),
                        product::name_en.eq(format!("Bench product {p}")),
                        product::iz_subsist.eq(false),
                        product::iz_single.eq(false),
                        product::iz_mult.eq(p % 7 != 0),
                        product::iz_enable.eq(true),
                        product::fee_id.eq(format!("CARD-{}", p % 50)),
                        product::th_weight_ratio.eq([5000, 6000, 8000, 0][p % 4]),
                        product::create_time.eq(now),
                    ))
                    .execute(conn)
                    .await?;
                for (kind, max) in [("weight", "70"), ("longestSide", "150")] {
                    diesel::insert_into(validity::table)
                        .values((
                            validity::id.eq(secrets::new_id()),
                            validity::product_id.eq(&id),
                            validity::valid_type.eq(kind),
                            validity::max_value.eq(max),
                        ))
                        .execute(conn)
                        .await?;
                }
                if p < 20 {
                    diesel::insert_into(level::table)
                        .values((
                            level::id.eq(secrets::new_id()),
                            level::tenant_id.eq(tenant),
                            level::customer_id.eq(typical),
                            level::product_id.eq(&id),
                            level::markup_percent.eq("8"),
                            level::enabled.eq(true),
                            level::create_time.eq(now),
                        ))
                        .execute(conn)
                        .await?;
                }
                diesel::insert_into(level::table)
                    .values((
                        level::id.eq(secrets::new_id()),
                        level::tenant_id.eq(tenant),
                        level::customer_id.eq(&customer),
                        level::product_id.eq(&id),
                        level::markup_percent.eq(["0", "5", "12.5"][p % 3]),
                        level::enabled.eq(true),
                        level::create_time.eq(now),
                    ))
                    .execute(conn)
                    .await?;
            }
        });
    }
    Ok(())
}
