//! The demo carrier network (`LOGISTICS_DEMO=1`), in the demo forwarder's tenant: three
//! suppliers, five channels, five rate cards (zones for twelve countries, fuel surcharges), eight
//! channel products with divisors 5000, 6000 and 8000, the demo customer's price levels, and
//! tracking-number segments. Seeded once, when the tenant has no supplier yet.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde_json::{Value, json};

use crate::platform::db::schema::{
    logistics_channel as channel, logistics_channel_product as product, logistics_number_segment as segment,
    logistics_price_level as level, logistics_product_validity as validity, logistics_rate_card as card,
    logistics_supplier as supplier,
};
use crate::platform::db::{Db, DbResult};
use crate::{platform::secrets, with_conn, with_write};

/// Economy zones: (code, countries, postal prefixes), and per zone (first 0.5 kg, each further 0.5 kg).
fn economy_card(code: &str, fuel: &str, scale: f64) -> Value {
    let zones = [
        ("Z1", vec!["US"], vec![], 38.0, 9.5),
        ("Z1R", vec!["US"], vec!["995", "996", "997", "998", "999", "967", "968"], 58.0, 14.0),
        ("Z2", vec!["GB", "DE", "FR", "NL"], vec![], 32.0, 8.0),
        ("Z3", vec!["IT", "ES", "PL", "SE"], vec![], 36.0, 9.0),
        ("Z4", vec!["CA", "AU"], vec![], 42.0, 11.0),
        ("Z5", vec!["JP", "KR"], vec![], 22.0, 5.5),
    ];
    let mut prices = Vec::new();
    for (zone, _, _, first, step) in &zones {
        let (first, step) = (first * scale, step * scale);
        prices.push(json!({"zone": zone, "fromWeight": "0", "toWeight": "2", "mode": "firstAdditional",
            "firstWeight": "0.5", "firstPrice": format!("{first:.2}"), "stepWeight": "0.5", "stepPrice": format!("{step:.2}")}));
        prices.push(json!({"zone": zone, "fromWeight": "2", "toWeight": "30", "mode": "perKg",
            "price": format!("{:.2}", step * 1.8), "minCharge": format!("{:.2}", first + step * 3.0)}));
    }
    json!({
        "code": code,
        "currency": "CNY",
        "weightRounding": [{"upTo": "2", "increment": "0.1"}, {"upTo": "30", "increment": "0.5"}],
        "minChargeableWeight": "0.1",
        "roundingScope": "parcel",
        "zones": zones.iter().map(|(c, countries, prefixes, ..)| json!({"code": c, "countries": countries, "postalPrefixes": prefixes})).collect::<Vec<_>>(),
        "prices": prices,
        "surcharges": [
            {"type": "fuel", "percent": fuel},
            {"type": "perTicket", "amount": "8"},
            {"type": "remoteArea", "countries": ["GB"], "postalCodes": ["IV*", "HS*", "ZE*", "KW*"], "amount": "45"},
        ],
    })
}

/// Express: half-kilo steps to 20 kg then whole kilos, brackets up to 70 kg, oversize and insurance.
fn express_card(code: &str, currency: &str, fuel: &str) -> Value {
    let zones = [
        ("A", vec!["US", "CA"], 128.0, 29.5, 48.0),
        ("B", vec!["GB", "DE", "FR", "NL", "IT", "ES", "PL", "SE"], 106.0, 25.5, 41.5),
        ("C", vec!["AU", "JP", "KR"], 116.0, 27.5, 43.5),
    ];
    let mut prices = Vec::new();
    for (zone, _, first, step, per_kg) in &zones {
        prices.push(json!({"zone": zone, "fromWeight": "0", "toWeight": "20", "mode": "firstAdditional",
            "firstWeight": "0.5", "firstPrice": format!("{first:.2}"), "stepWeight": "0.5", "stepPrice": format!("{step:.2}")}));
        prices.push(json!({"zone": zone, "fromWeight": "20", "toWeight": "70", "mode": "perKg",
            "price": format!("{per_kg:.2}"), "minCharge": format!("{:.2}", per_kg * 21.0)}));
    }
    json!({
        "code": code,
        "currency": currency,
        "weightRounding": [{"upTo": "20", "increment": "0.5"}, {"upTo": "70", "increment": "1"}],
        "minChargeableWeight": "0.5",
        "roundingScope": "parcel",
        "zones": zones.iter().map(|(c, countries, ..)| json!({"code": c, "countries": countries, "postalPrefixes": []})).collect::<Vec<_>>(),
        "prices": prices,
        "surcharges": [
            {"type": "fuel", "percent": fuel},
            {"type": "oversize", "maxSide": "120", "maxWeight": "32", "amount": "320"},
            {"type": "insurance", "percent": "1.2"},
            {"type": "remoteArea", "countries": ["US"], "postalCodes": ["995*", "967*", "968*"], "amount": "198"},
        ],
    })
}

/// FBA freight to Amazon warehouses: per kg by the ticket, with a 12 kg minimum.
fn fba_card() -> Value {
    json!({
        "code": "FBA-SEA",
        "currency": "CNY",
        "weightRounding": [{"upTo": "100000", "increment": "1"}],
        "minChargeableWeight": "12",
        "roundingScope": "ticket",
        "zones": [
            {"code": "US-W", "countries": ["US"], "postalPrefixes": ["9", "8"]},
            {"code": "US-E", "countries": ["US"], "postalPrefixes": []},
            {"code": "EU", "countries": ["GB", "DE", "FR", "IT", "ES", "PL"], "postalPrefixes": []},
        ],
        "prices": [
            {"zone": "US-W", "fromWeight": "0", "toWeight": "100", "mode": "perKg", "price": "11.5", "minCharge": "138"},
            {"zone": "US-W", "fromWeight": "100", "toWeight": "5000", "mode": "perKg", "price": "9.8", "minCharge": "0"},
            {"zone": "US-E", "fromWeight": "0", "toWeight": "100", "mode": "perKg", "price": "12.8", "minCharge": "153.6"},
            {"zone": "US-E", "fromWeight": "100", "toWeight": "5000", "mode": "perKg", "price": "10.9", "minCharge": "0"},
            {"zone": "EU", "fromWeight": "0", "toWeight": "5000", "mode": "perKg", "price": "13.6", "minCharge": "163.2"},
        ],
        "surcharges": [{"type": "fuel", "percent": "5"}, {"type": "perTicket", "amount": "150"}],
    })
}

struct DemoProduct {
    channel: usize,
    code: &'static str,
    name: &'static str,
    name_en: &'static str,
    trade_type: Option<&'static str>,
    card: &'static str,
    divisor: i32,
    multi: bool,
    /// (validType, min, max)
    rules: &'static [(&'static str, Option<&'static str>, Option<&'static str>)],
    markup: &'static str,
}

const PRODUCTS: [DemoProduct; 8] = [
    DemoProduct {
        channel: 0,
        code: "YT-ECO",
        name: "云途经济小包",
        name_en: "YunExpress Economy",
        trade_type: Some("B2C"),
        card: "YT-ECO",
        divisor: 8000,
        multi: false,
        rules: &[("weight", None, Some("2")), ("longestSide", None, Some("60")), ("declaredValue", None, Some("800"))],
        markup: "12",
    },
    DemoProduct {
        channel: 0,
        code: "YT-STD",
        name: "云途标准专线",
        name_en: "YunExpress Standard",
        trade_type: Some("B2C"),
        card: "YT-STD",
        divisor: 6000,
        multi: false,
        rules: &[("weight", None, Some("30")), ("longestSide", None, Some("120")), ("girth", None, Some("300"))],
        markup: "10",
    },
    DemoProduct {
        channel: 1,
        code: "YT-PLUS",
        name: "云途特惠专线",
        name_en: "YunExpress Plus",
        trade_type: Some("B2C"),
        card: "YT-STD",
        divisor: 8000,
        multi: true,
        rules: &[("weight", None, Some("30")), ("pieces", None, Some("5"))],
        markup: "-5",
    },
    DemoProduct {
        channel: 2,
        code: "4PX-EXP",
        name: "递四方联邮通",
        name_en: "4PX Express",
        trade_type: Some("B2C"),
        card: "4PX-EXP",
        divisor: 5000,
        multi: true,
        rules: &[("weight", None, Some("70")), ("longestSide", None, Some("150"))],
        markup: "8",
    },
    DemoProduct {
        channel: 2,
        code: "4PX-B2B",
        name: "递四方商业快递",
        name_en: "4PX Business Express",
        trade_type: Some("B2B"),
        card: "4PX-EXP",
        divisor: 6000,
        multi: true,
        rules: &[("weight", Some("0.5"), Some("70")), ("declaredValue", None, Some("20000"))],
        markup: "5",
    },
    DemoProduct {
        channel: 3,
        code: "UPS-SAVER",
        name: "UPS红单",
        name_en: "UPS Worldwide Saver",
        trade_type: None,
        card: "UPS-SAVER",
        divisor: 5000,
        multi: true,
        rules: &[("weight", None, Some("70")), ("longestSide", None, Some("274")), ("girth", None, Some("400"))],
        markup: "15",
    },
    DemoProduct {
        channel: 3,
        code: "UPS-EXPD",
        name: "UPS蓝单",
        name_en: "UPS Worldwide Expedited",
        trade_type: None,
        card: "UPS-SAVER",
        divisor: 6000,
        multi: true,
        rules: &[("weight", None, Some("70")), ("longestSide", None, Some("274"))],
        markup: "0",
    },
    DemoProduct {
        channel: 4,
        code: "FBA-SEA",
        name: "美森海运FBA",
        name_en: "Matson sea freight to FBA",
        trade_type: Some("FBA"),
        card: "FBA-SEA",
        divisor: 6000,
        multi: true,
        rules: &[("weight", Some("12"), None), ("pieces", None, Some("200"))],
        markup: "6",
    },
];

/// Seeds the network in `tenant_id` for the demo customer (main account) `customer_id`.
pub async fn seed(db: &Db, tenant_id: i32, customer_id: &str) -> DbResult<bool> {
    let existing: i64 =
        with_conn!(db, |conn| supplier::table.filter(supplier::tenant_id.eq(tenant_id)).count().get_result(conn).await?);
    if existing > 0 {
        return Ok(false);
    }
    let now = chrono::Utc::now().naive_utc();
    let start = chrono::NaiveDate::from_ymd_opt(2026, 1, 1).unwrap_or_default();
    let suppliers = [
        ("YUNEXPRESS", "云途物流", "YunExpress", "api"),
        ("4PX", "递四方", "4PX Worldwide Express", "api"),
        // Its labels come from the carrier (the local sandbox adapter stands in for UPS's API).
        ("UPS", "联合包裹", "UPS", "sandbox"),
    ];
    let channels = [
        (0, "YT-CN-US", "云途中美专线", "YunExpress China–US line", "express"),
        (0, "YT-CN-EU", "云途中欧专线", "YunExpress China–Europe line", "express"),
        (1, "4PX-GLOBAL", "递四方全球专线", "4PX global line", "express"),
        (2, "UPS-SZ", "UPS深圳出口", "UPS export from Shenzhen", "air"),
        (1, "4PX-SEA", "递四方海运头程", "4PX sea line-haul", "sea"),
    ];
    let cards = [
        ("YT-ECO", "云途经济报价", economy_card("YT-ECO", "8", 0.55)),
        ("YT-STD", "云途标准报价", economy_card("YT-STD", "10.5", 1.0)),
        ("4PX-EXP", "递四方快递报价", express_card("4PX-EXP", "CNY", "14.5")),
        ("UPS-SAVER", "UPS出口报价", express_card("UPS-SAVER", "CNY", "18.75")),
        ("FBA-SEA", "FBA海运报价", fba_card()),
    ];
    with_write!(db, |conn| {
        let mut supplier_ids = Vec::new();
        for (code, name, name_en, api) in suppliers {
            let id = secrets::new_id();
            diesel::insert_into(supplier::table)
                .values((
                    supplier::id.eq(&id),
                    supplier::tenant_id.eq(tenant_id),
                    supplier::code.eq(code),
                    supplier::name.eq(name),
                    supplier::name_en.eq(name_en),
                    supplier::api_type.eq(api),
                    supplier::status.eq(1i16),
                    supplier::create_by.eq("demo"),
                    supplier::create_time.eq(now),
                ))
                .execute(conn)
                .await?;
            supplier_ids.push(id);
        }
        let mut channel_ids = Vec::new();
        for (s, code, name, name_en, trans) in channels {
            let id = secrets::new_id();
            diesel::insert_into(channel::table)
                .values((
                    channel::id.eq(&id),
                    channel::tenant_id.eq(tenant_id),
                    channel::supplier_id.eq(&supplier_ids[s]),
                    channel::code.eq(code),
                    channel::name.eq(name),
                    channel::name_en.eq(name_en),
                    channel::trans_type.eq(trans),
                    channel::status.eq(1i16),
                    channel::create_by.eq("demo"),
                    channel::create_time.eq(now),
                ))
                .execute(conn)
                .await?;
            channel_ids.push(id);
        }
        for (code, name, body) in &cards {
            // Through the same checks as the API: the demo is a valid card by construction.
            let Ok((currency, normalized)) = logistics_core::rate_card::checked(&body.into()) else { continue };
            diesel::insert_into(card::table)
                .values((
                    card::id.eq(secrets::new_id()),
                    card::tenant_id.eq(tenant_id),
                    card::code.eq(code),
                    card::name.eq(name),
                    card::currency.eq(&currency),
                    card::effective_from.eq(start),
                    card::body.eq(normalized.to_string()),
                    card::create_by.eq("demo"),
                    card::create_time.eq(now),
                ))
                .execute(conn)
                .await?;
        }
        for p in &PRODUCTS {
            let id = secrets::new_id();
            diesel::insert_into(product::table)
                .values((
                    product::id.eq(&id),
                    product::tenant_id.eq(tenant_id),
                    product::channel_id.eq(&channel_ids[p.channel]),
                    product::code.eq(p.code),
                    product::name.eq(p.name),
                    product::name_en.eq(p.name_en),
                    product::trade_type.eq(p.trade_type),
                    product::trans_type.eq(channels[p.channel].4),
                    product::push_method.eq("api"),
                    product::label_type.eq(if channels[p.channel].0 == 2 { "carrier" } else { "system" }),
                    product::deduct_method.eq("onOrder"),
                    product::iz_subsist.eq(false),
                    product::iz_single.eq(!p.multi),
                    product::iz_mult.eq(p.multi),
                    product::iz_enable.eq(true),
                    product::fee_id.eq(p.card),
                    product::th_weight_ratio.eq(p.divisor),
                    product::create_by.eq("demo"),
                    product::create_time.eq(now),
                ))
                .execute(conn)
                .await?;
            for (kind, min, max) in p.rules {
                diesel::insert_into(validity::table)
                    .values((
                        validity::id.eq(secrets::new_id()),
                        validity::product_id.eq(&id),
                        validity::valid_type.eq(*kind),
                        validity::min_value.eq(*min),
                        validity::max_value.eq(*max),
                    ))
                    .execute(conn)
                    .await?;
            }
            diesel::insert_into(level::table)
                .values((
                    level::id.eq(secrets::new_id()),
                    level::tenant_id.eq(tenant_id),
                    level::customer_id.eq(customer_id),
                    level::product_id.eq(&id),
                    level::markup_percent.eq(p.markup),
                    level::enabled.eq(true),
                    level::create_by.eq("demo"),
                    level::create_time.eq(now),
                ))
                .execute(conn)
                .await?;
        }
        // UPU S10 numbers for the China–US line, UPS 1Z numbers for the UPS channel.
        for (c, prefix, suffix, scheme, start_no, end_no) in
            [(0, "LX", "CN", "s10", 10_000_000i64, 10_009_999i64), (3, "1Z999AA101", "", "ups", 1_000_000, 1_004_999)]
        {
            diesel::insert_into(segment::table)
                .values((
                    segment::id.eq(secrets::new_id()),
                    segment::tenant_id.eq(tenant_id),
                    segment::channel_id.eq(&channel_ids[c]),
                    segment::prefix.eq(prefix),
                    segment::suffix.eq(suffix),
                    segment::start_no.eq(start_no),
                    segment::end_no.eq(end_no),
                    segment::current_no.eq(start_no - 1),
                    segment::check_scheme.eq(scheme),
                    segment::alert_threshold.eq(500i64),
                    segment::status.eq(1i16),
                    segment::create_by.eq("demo"),
                    segment::create_time.eq(now),
                ))
                .execute(conn)
                .await?;
        }
    });
    Ok(true)
}
