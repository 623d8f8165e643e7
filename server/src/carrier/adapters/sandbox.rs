//! The sandbox carrier: issues UPS-shaped numbers (`1ZSBX` + service + serial + check digit, valid
//! under core's `1Z` check) and a carrier-styled 100 x 150 mm label per parcel, drawn by the
//! platform's renderer from its own template; rates by weight, pickups and manifests with
//! references derived from what they carry. Deterministic: the same order gives the same number
//! and bytes. A service code containing `FAIL` is refused, and so is every call whose credentials
//! hold `"apiKey": "invalid"`, so failures can be exercised.

use std::collections::HashMap;

use futures_util::future::BoxFuture;
use logistics_core::check_digit;
use logistics_core::label::{self, Template};

use super::{
    CancelRequest, CarrierAdapter, CarrierEvent, CarrierLabel, CarrierRate, Credentials, LabelRequest, ManifestRequest,
    PickupRequest, RateRequest, TrackRequest,
};
use crate::printing::render::{self, Label};

pub struct Sandbox;

/// The sandbox carrier's label layout.
const TEMPLATE: &str = include_str!("sandbox_label.json");

pub fn template() -> Result<Template, String> {
    let value = logistics_core::json::parse(TEMPLATE).ok_or_else(|| "sandbox label template".to_owned())?;
    Template::from_json(&value).map_err(|_| "sandbox label template".to_owned())
}

/// FNV-1a: a stable serial from the order number.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// The sandbox's number for an order: `1ZSBX`, two service digits, eight serial digits, the check
/// digit.
pub fn number_for(serial_number: &str, service_code: &str) -> String {
    let service = fnv(service_code) % 100;
    let serial = fnv(serial_number) % 100_000_000;
    let body = format!("SBX{service:02}{serial:010}");
    let check = check_digit::ups(&body).unwrap_or(0);
    format!("1Z{body}{check}")
}

/// The sandbox's refusal of credentials it does not accept.
fn signed_in(credentials: &Credentials) -> Result<(), String> {
    match credentials.get("apiKey").map(String::as_str) {
        Some("invalid") => Err("the carrier refused the account's credentials".to_owned()),
        _ => Ok(()),
    }
}

/// A reference of `prefix` and ten digits derived from `text`.
fn reference(prefix: &str, text: &str) -> String {
    format!("{prefix}{:010}", fnv(text) % 10_000_000_000)
}

/// The sandbox's price: 18.00 plus 6.50 a kilogram, each parcel's weight rounded up to the half
/// kilogram (at least half a kilogram), in CNY.
pub fn price(parcels: &[super::Parcel]) -> Result<String, String> {
    use logistics_core::decimal;
    let mut halves: i64 = 0;
    for p in parcels {
        let kg = decimal::parse(&p.weight_kg).ok_or_else(|| format!("weight {} is not a number", p.weight_kg))?;
        let grams: i64 = decimal::fixed(kg, 3).replace('.', "").parse().map_err(|_| "weight out of range".to_owned())?;
        halves += ((grams + 499) / 500).max(1);
    }
    let cents = 1_800 + halves * 325;
    Ok(format!("{}.{:02}", cents / 100, cents % 100))
}

impl CarrierAdapter for Sandbox {
    fn code(&self) -> &'static str {
        "sandbox"
    }

    fn label<'a>(&'a self, request: &'a LabelRequest) -> BoxFuture<'a, Result<CarrierLabel, String>> {
        Box::pin(async move {
            if request.service_code.to_ascii_uppercase().contains("FAIL") {
                return Err(format!("service {} is not available for this address", request.service_code));
            }
            if request.parcels.is_empty() {
                return Err("no parcels".to_owned());
            }
            let track_no = request
                .track_no
                .clone()
                .filter(|n| !n.trim().is_empty())
                .unwrap_or_else(|| number_for(&request.serial_number, &request.service_code));
            let request = request.clone();
            let number = track_no.clone();
            let pdf = tokio::task::spawn_blocking(move || draw(&request, &number)).await.map_err(|e| e.to_string())??;
            Ok(CarrierLabel { track_no, pdf })
        })
    }

    fn track<'a>(&'a self, requests: &'a [TrackRequest], now: i64) -> BoxFuture<'a, Result<Vec<CarrierEvent>, String>> {
        Box::pin(async move { Ok(super::sandbox_track::events(requests, now)) })
    }

    fn rate<'a>(&'a self, request: &'a RateRequest) -> BoxFuture<'a, Result<CarrierRate, String>> {
        Box::pin(async move {
            signed_in(&request.credentials)?;
            if request.service_code.to_ascii_uppercase().contains("FAIL") {
                return Err(format!("service {} is not available for this address", request.service_code));
            }
            if request.parcels.is_empty() {
                return Err("no parcels".to_owned());
            }
            Ok(CarrierRate { amount: price(&request.parcels)?, currency: "CNY".to_owned() })
        })
    }

    fn cancel<'a>(&'a self, request: &'a CancelRequest) -> BoxFuture<'a, Result<(), String>> {
        Box::pin(async move { signed_in(&request.credentials) })
    }

    fn pickup<'a>(&'a self, request: &'a PickupRequest) -> BoxFuture<'a, Result<String, String>> {
        Box::pin(async move {
            signed_in(&request.credentials)?;
            if request.shipments == 0 {
                return Err("nothing to pick up".to_owned());
            }
            Ok(reference(
                "SBXP",
                &format!("{}|{}|{}", request.dispatch_no, request.date, request.depot.postal_code.as_deref().unwrap_or("")),
            ))
        })
    }

    fn manifest<'a>(&'a self, request: &'a ManifestRequest) -> BoxFuture<'a, Result<String, String>> {
        Box::pin(async move {
            signed_in(&request.credentials)?;
            if request.numbers.is_empty() {
                return Err("an empty manifest".to_owned());
            }
            Ok(reference("SBXM", &format!("{}|{}|{}", request.manifest_no, request.date, request.numbers.join(","))))
        })
    }
}

fn draw(request: &LabelRequest, track_no: &str) -> Result<Vec<u8>, String> {
    let template = template()?;
    let c = &request.consignee;
    let total = request.parcels.len();
    let values: Vec<HashMap<&'static str, String>> = request
        .parcels
        .iter()
        .map(|p| {
            let mut v = HashMap::new();
            v.insert("trackNo", track_no.to_owned());
            v.insert("serialNumber", request.serial_number.clone());
            v.insert("service", request.service_name.clone());
            v.insert("serviceCode", request.service_code.clone());
            v.insert("sortCode", format!("{} {}", c.country, c.postal_code.as_deref().unwrap_or("")).trim().to_owned());
            v.insert("consigneeName", c.name.clone());
            v.insert("consigneeCompany", c.company.clone().unwrap_or_default());
            v.insert("consigneePhone", c.phone.clone().unwrap_or_default());
            v.insert("consigneeAddress", c.street.clone());
            let city = [c.postal_code.as_deref(), Some(c.city.as_str()), c.state.as_deref()]
                .iter()
                .flatten()
                .filter(|s| !s.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join(" ");
            v.insert("consigneeCityLine", city);
            v.insert("consigneeCountry", c.country.clone());
            if let Some(s) = &request.sender {
                v.insert("senderName", s.name.clone());
                v.insert("senderAddress", format!("{} {} {}", s.street, s.city, s.country).trim().to_owned());
            }
            v.insert("pieces", format!("{}/{total}", p.seq));
            v.insert("weight", format!("{} kg", p.weight_kg));
            let (l, w, h) = &p.dimensions_cm;
            v.insert("dimensions", format!("{l}x{w}x{h} cm"));
            if let Some(r) = &p.reference {
                v.insert("reference", r.clone());
            }
            v.retain(|_, value| !value.trim().is_empty());
            v
        })
        .collect();
    let labels: Vec<Label<'_>> = values
        .iter()
        .map(|v| Label { template: &template, placed: label::place(&template, &|name| v.get(name).map(String::as_str)) })
        .collect();
    render::pdf(&labels, "100x150", 203).map_err(|e| match e {
        render::RenderError::FontMissing => "no label font".to_owned(),
        render::RenderError::Pdf(cause) => cause,
    })
}
