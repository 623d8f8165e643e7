//! Warehouse management (WMS): the goods customers store with the forwarder. The same rules on the
//! pages (through WebAssembly) and on the server: what a location, a SKU, a stock movement, an
//! inbound forecast (advance shipping notice) and its receiving must carry; which locations an
//! order's pieces are taken from (allocation); what a day's storage costs.
//!
//! Stock is kept per SKU and location as a quantity and the part of it allocated to orders; every
//! change is a line of the stock log (`in`, `out`, `move`, `adjust`, with who and when), and the
//! log's lines sum to the stock. Nothing here reads the database: the server applies each change
//! as one conditional update, so stock never goes negative however many change it at once.

use crate::decimal::{self, Bounds, Decimal};
use crate::i18n::MessageKey;
use crate::json::Value;
use crate::prelude::*;
use crate::validate::{self, FieldError, note, one_of, text_of as text};

/// What a location is for. Orders are allocated from `pick`, then `storage`, then `bulk`;
/// `receiving` (the dock), `returns` and `quarantine` hold stock that is not for sale.
pub const LOCATION_TYPES: &[&str] = &["receiving", "storage", "pick", "bulk", "returns", "quarantine"];
/// The stock log's kinds: goods in (receiving), out (picked, shipped), moved between locations
/// (putaway, replenishment) and adjusted (a count, damage, loss), the last with a reason.
pub const MOVE_KINDS: &[&str] = &["in", "out", "move", "adjust"];
/// Why stock is adjusted.
pub const ADJUST_REASONS: &[&str] = &["count", "damaged", "lost", "found", "other"];
/// An inbound forecast's statuses: announced, partly received, received in full (or closed with
/// its discrepancies), cancelled before anything arrived.
pub const FORECAST_STATUSES: &[&str] = &["pending", "receiving", "received", "cancelled"];

/// Longest code segment (warehouse, zone, aisle, shelf, bin).
pub const MAX_SEGMENT: usize = 10;
/// Most pieces one location, one movement or one forecast line holds.
pub const MAX_QUANTITY: u64 = 1_000_000;
/// Most lines one forecast has.
pub const MAX_LINES: usize = 200;
/// Longest note.
pub const MAX_NOTE: usize = 500;

const SIZE_BOUNDS: Bounds = Bounds { allow_zero: false, max: Decimal::int(1_000), max_scale: 1 };
const WEIGHT_BOUNDS: Bounds = Bounds { allow_zero: false, max: Decimal::int(10_000), max_scale: 3 };
const VALUE_BOUNDS: Bounds = Bounds { allow_zero: true, max: Decimal::int(1_000_000), max_scale: 2 };

fn required(form: &Value, key: &str, label: &str, max: usize) -> Result<String, FieldError> {
    let value = text(form, key);
    validate::required(key, label, value)?;
    validate::max_chars(key, label, value, max)?;
    Ok(value.to_owned())
}

/// A whole number in `min..=max` (a JSON number or its text).
fn whole(form: &Value, key: &str, label: &str, min: i64, max: i64) -> Result<i64, FieldError> {
    let value = form.get(key);
    let blank = matches!(value, None | Some(Value::Null)) || value.and_then(Value::as_str).is_some_and(|s| s.trim().is_empty());
    if blank {
        return Err(FieldError::new(key, MessageKey::Required).with("field", label));
    }
    let n = value.and_then(|q| q.as_i64().or_else(|| q.as_str().and_then(|s| s.trim().parse::<i64>().ok())));
    match n {
        Some(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(FieldError::new(key, MessageKey::WholeNumberRange)
            .with("field", label)
            .with("min", min.to_string())
            .with("max", max.to_string())),
    }
}

const MAX: i64 = MAX_QUANTITY as i64;

/// A storage location, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    pub warehouse: String,
    pub zone: String,
    pub aisle: Option<String>,
    pub shelf: Option<String>,
    pub bin: Option<String>,
    /// The segments joined by `-` (`SZ1-A-01-02-03`): what its label's barcode carries.
    pub code: String,
    /// Most pieces it holds.
    pub capacity: i64,
    pub location_type: String,
    pub remark: Option<String>,
}

/// One code segment: 1 to [`MAX_SEGMENT`] letters or digits, upper-cased.
fn segment(form: &Value, key: &str, label: &str, needed: bool) -> Result<Option<String>, FieldError> {
    let value = text(form, key).to_ascii_uppercase();
    if value.is_empty() {
        return if needed { Err(FieldError::new(key, MessageKey::Required).with("field", label)) } else { Ok(None) };
    }
    if value.len() > MAX_SEGMENT || !value.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(FieldError::new(key, MessageKey::WmsSegmentInvalid)
            .with("field", label)
            .with("max", MAX_SEGMENT.to_string()));
    }
    Ok(Some(value))
}

/// Checks a location (`{warehouse, zone, aisle, shelf, bin, capacity, locationType, remark}`):
/// warehouse and zone required, then aisle, shelf and bin each only below the one before
/// (a bulk area may stop at its zone); a capacity; a type from [`LOCATION_TYPES`].
pub fn location(form: &Value) -> Result<Location, FieldError> {
    let warehouse = segment(form, "warehouse", "@field_wms_warehouse", true)?.unwrap_or_default();
    let zone = segment(form, "zone", "@field_wms_zone", true)?.unwrap_or_default();
    let aisle = segment(form, "aisle", "@field_wms_aisle", false)?;
    let shelf = segment(form, "shelf", "@field_wms_shelf", false)?;
    let bin = segment(form, "bin", "@field_wms_bin", false)?;
    if (shelf.is_some() && aisle.is_none()) || (bin.is_some() && shelf.is_none()) {
        let field = if shelf.is_some() && aisle.is_none() { "aisle" } else { "shelf" };
        return Err(FieldError::new(field, MessageKey::WmsSegmentOrder));
    }
    let capacity = whole(form, "capacity", "@field_wms_capacity", 1, MAX)?;
    let location_type = one_of(form, "locationType", "@field_wms_location_type", LOCATION_TYPES)?;
    let remark = note(form, "remark", "@field_remark", MAX_NOTE)?;
    let code = [Some(&warehouse), Some(&zone), aisle.as_ref(), shelf.as_ref(), bin.as_ref()]
        .into_iter()
        .flatten()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join("-");
    Ok(Location { warehouse, zone, aisle, shelf, bin, code, capacity, location_type, remark })
}

/// Whether a GS1 number (GTIN-8, UPC-A, EAN-13, GTIN-14) has the right check digit.
pub fn gtin_valid(digits: &str) -> bool {
    if !matches!(digits.len(), 8 | 12 | 13 | 14) || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let bytes = digits.as_bytes();
    let (body, check) = bytes.split_at(bytes.len() - 1);
    let sum: u32 = body.iter().rev().enumerate().map(|(i, b)| u32::from(b - b'0') * if i % 2 == 0 { 3 } else { 1 }).sum();
    (10 - sum % 10) % 10 == u32::from(check[0] - b'0')
}

/// A SKU, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sku {
    pub sku_code: String,
    pub barcode: Option<String>,
    pub name_zh: String,
    pub name_en: String,
    /// Centimetres.
    pub length: Decimal,
    pub width: Decimal,
    pub height: Decimal,
    /// Kilograms.
    pub weight: Decimal,
    pub hs_code: Option<String>,
    /// One unit's declared value, in `currency`.
    pub declared_value: Decimal,
    pub currency: String,
    pub remark: Option<String>,
}

/// Checks a SKU (`{skuCode, barcode, nameZh, nameEn, length, width, height, weight, hsCode,
/// declaredValue, currency, remark}`): the code (letters, digits, `-`, `_`, `.`), a barcode
/// whose check digit is right when it is a GTIN (8, 12, 13 or 14 digits), both names, the size
/// in cm and weight in kg of one unit, an HS code of 6 to 10 digits, the declared value.
pub fn sku(form: &Value) -> Result<Sku, FieldError> {
    let sku_code = required(form, "skuCode", "@field_sku", 40)?.to_ascii_uppercase();
    if !sku_code.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')) {
        return Err(FieldError::new("skuCode", MessageKey::WmsCodeInvalid).with("field", "@field_sku"));
    }
    let barcode = text(form, "barcode");
    if barcode.chars().count() > 40 || !barcode.chars().all(|c| c.is_ascii_graphic()) {
        return Err(FieldError::new("barcode", MessageKey::WmsCodeInvalid).with("field", "@field_wms_barcode"));
    }
    let all_digits = !barcode.is_empty() && barcode.bytes().all(|b| b.is_ascii_digit());
    if all_digits && matches!(barcode.len(), 8 | 12 | 13 | 14) && !gtin_valid(barcode) {
        return Err(FieldError::new("barcode", MessageKey::WmsBarcodeCheck).with("barcode", barcode));
    }
    let name_zh = required(form, "nameZh", "@field_name_zh", 200)?;
    let name_en = required(form, "nameEn", "@field_name_en", 200)?;
    let length = decimal::read("length", MessageKey::FieldLength, form.get("length"), SIZE_BOUNDS)?;
    let width = decimal::read("width", MessageKey::FieldWidth, form.get("width"), SIZE_BOUNDS)?;
    let height = decimal::read("height", MessageKey::FieldHeight, form.get("height"), SIZE_BOUNDS)?;
    let weight = decimal::read("weight", MessageKey::FieldWeightKg, form.get("weight"), WEIGHT_BOUNDS)?;
    let hs = text(form, "hsCode");
    let hs_code = if hs.is_empty() { None } else { Some(crate::shipment::hs_code("hsCode", hs)?) };
    let declared_value = decimal::read("declaredValue", MessageKey::FieldUnitPrice, form.get("declaredValue"), VALUE_BOUNDS)?;
    let currency = text(form, "currency").to_ascii_uppercase();
    if crate::wallet::minor_places(&currency).is_none() {
        return Err(FieldError::new("currency", MessageKey::ReturnOptionInvalid)
            .with("field", "@field_currency")
            .with("value", currency.chars().take(10).collect::<String>()));
    }
    let remark = note(form, "remark", "@field_remark", MAX_NOTE)?;
    Ok(Sku {
        sku_code,
        barcode: (!barcode.is_empty()).then(|| barcode.to_owned()),
        name_zh,
        name_en,
        length,
        width,
        height,
        weight,
        hs_code,
        declared_value,
        currency,
        remark,
    })
}

/// A stock movement staff make by hand, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Movement {
    /// One of [`MOVE_KINDS`].
    pub kind: String,
    pub sku_id: String,
    pub location_id: String,
    /// `move`: where to.
    pub to_location_id: Option<String>,
    /// Pieces: positive, except an adjustment, which is signed (never zero).
    pub quantity: i64,
    /// `adjust`: one of [`ADJUST_REASONS`].
    pub reason: Option<String>,
    pub remark: Option<String>,
}

/// Checks a movement (`{kind, skuId, locationId, toLocationId, quantity, reason, remark}`): `in`
/// and `out` a positive quantity; `move` one to another location; `adjust` a signed, non-zero
/// quantity and a reason (`other` with a note).
pub fn movement(form: &Value) -> Result<Movement, FieldError> {
    let kind = one_of(form, "kind", "@field_wms_move_kind", MOVE_KINDS)?;
    let sku_id = required(form, "skuId", "@field_sku", 64)?;
    let location_id = required(form, "locationId", "@field_wms_location", 64)?;
    let to_location_id = if kind == "move" {
        let to = required(form, "toLocationId", "@field_wms_to_location", 64)?;
        if to == location_id {
            return Err(FieldError::new("toLocationId", MessageKey::WmsMoveSameLocation));
        }
        Some(to)
    } else {
        None
    };
    let quantity = if kind == "adjust" {
        let n = whole(form, "quantity", "@field_quantity", -MAX, MAX)?;
        if n == 0 {
            return Err(FieldError::new("quantity", MessageKey::WmsAdjustZero));
        }
        n
    } else {
        whole(form, "quantity", "@field_quantity", 1, MAX)?
    };
    let remark = note(form, "remark", "@field_remark", MAX_NOTE)?;
    let reason = if kind == "adjust" {
        let reason = one_of(form, "reason", "@field_reason", ADJUST_REASONS)?;
        if reason == "other" && remark.is_none() {
            return Err(FieldError::new("remark", MessageKey::ReturnDetailRequired));
        }
        Some(reason)
    } else {
        None
    };
    Ok(Movement { kind, sku_id, location_id, to_location_id, quantity, reason, remark })
}

/// One line of a forecast: the SKU and the pieces expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForecastLine {
    pub sku_id: String,
    pub quantity: i64,
}

/// A forecast, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forecast {
    /// The warehouse code the goods go to.
    pub warehouse: String,
    /// The carrier's tracking number or the container number, when known.
    pub reference: Option<String>,
    pub lines: Vec<ForecastLine>,
    pub remark: Option<String>,
}

/// Checks a forecast (`{warehouse, reference, lines: [{skuId, quantity}], remark}`): 1 to
/// [`MAX_LINES`] lines, each SKU once, each with 1 to [`MAX_QUANTITY`] pieces.
pub fn forecast(form: &Value) -> Result<Forecast, FieldError> {
    let warehouse = segment(form, "warehouse", "@field_wms_warehouse", true)?.unwrap_or_default();
    let reference = note(form, "reference", "@field_reference", 60)?;
    let empty = Vec::new();
    let lines = form.get("lines").and_then(Value::as_array).unwrap_or(&empty);
    if lines.is_empty() {
        return Err(FieldError::new("lines", MessageKey::WmsLinesRequired));
    }
    if lines.len() > MAX_LINES {
        return Err(FieldError::new("lines", MessageKey::WmsTooManyLines).with("max", MAX_LINES.to_string()));
    }
    let mut checked: Vec<ForecastLine> = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        let at = |e: FieldError| FieldError { field: format!("lines[{i}].{}", e.field), ..e };
        let sku_id = required(line, "skuId", "@field_sku", 64).map_err(at)?;
        if checked.iter().any(|l| l.sku_id == sku_id) {
            return Err(FieldError::new(format!("lines[{i}].skuId"), MessageKey::WmsSkuTwice));
        }
        let quantity = whole(line, "quantity", "@field_quantity", 1, MAX).map_err(at)?;
        checked.push(ForecastLine { sku_id, quantity });
    }
    let remark = note(form, "remark", "@field_remark", MAX_NOTE)?;
    Ok(Forecast { warehouse, reference, lines: checked, remark })
}

/// One line received against a forecast: its id, the pieces counted now and where they are put.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Received {
    pub line_id: String,
    pub quantity: i64,
}

/// Checks a receiving (`{id, locationId, lines: [{lineId, quantity}]}`): the receiving location and
/// for each line counted 0 to [`MAX_QUANTITY`] pieces (more than expected is allowed: it is a
/// discrepancy, recorded); at least one piece in all.
pub fn receiving(form: &Value) -> Result<(String, Vec<Received>), FieldError> {
    let location_id = required(form, "locationId", "@field_wms_location", 64)?;
    let empty = Vec::new();
    let lines = form.get("lines").and_then(Value::as_array).unwrap_or(&empty);
    if lines.len() > MAX_LINES {
        return Err(FieldError::new("lines", MessageKey::WmsTooManyLines).with("max", MAX_LINES.to_string()));
    }
    let mut checked: Vec<Received> = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        let at = |e: FieldError| FieldError { field: format!("lines[{i}].{}", e.field), ..e };
        let line_id = required(line, "lineId", "@field_sku", 64).map_err(at)?;
        if checked.iter().any(|l| l.line_id == line_id) {
            return Err(FieldError::new(format!("lines[{i}].lineId"), MessageKey::WmsSkuTwice));
        }
        let quantity = whole(line, "quantity", "@field_quantity", 0, MAX).map_err(at)?;
        checked.push(Received { line_id, quantity });
    }
    if checked.iter().all(|l| l.quantity == 0) {
        return Err(FieldError::new("lines", MessageKey::WmsNothingReceived));
    }
    Ok((location_id, checked))
}

/// A forecast's status once its lines have `received` of `expected` pieces each: nothing yet is
/// `pending`, every line at least what was expected is `received`, anything between `receiving`.
pub fn forecast_status(lines: &[(i64, i64)]) -> &'static str {
    if lines.iter().all(|(_, received)| *received == 0) {
        "pending"
    } else if lines.iter().all(|(expected, received)| received >= expected) {
        "received"
    } else {
        "receiving"
    }
}

/// A line's discrepancy: pieces received beyond (positive) or short of (negative) the forecast.
pub fn discrepancy(expected: i64, received: i64) -> i64 {
    received - expected
}

/// Where a location of `location_type` comes in an order's allocation (None: never, it holds no
/// stock for sale).
fn rank(location_type: &str) -> Option<u8> {
    match location_type {
        "pick" => Some(0),
        "storage" => Some(1),
        "bulk" => Some(2),
        _ => None,
    }
}

/// Whether orders are allocated from a location of `location_type`.
pub fn allocatable(location_type: &str) -> bool {
    rank(location_type).is_some()
}

/// Stock an order may be allocated from: one SKU's row at one location.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot<'a> {
    pub code: &'a str,
    pub location_type: &'a str,
    /// Pieces there not allocated yet.
    pub available: i64,
}

/// Where an order's `quantity` pieces of one SKU are taken from, as (index into `slots`, pieces):
/// `pick` locations first, then `storage`, then `bulk` (never the dock, returns or quarantine);
/// within a type the location with the fewest pieces first, so bins are emptied and freed; ties
/// by code. Err when the SKU has fewer pieces available in all.
pub fn allocate(slots: &[Slot<'_>], quantity: i64) -> Result<Vec<(usize, i64)>, MessageKey> {
    let mut order: Vec<usize> =
        (0..slots.len()).filter(|&i| slots[i].available > 0 && rank(slots[i].location_type).is_some()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (&slots[a], &slots[b]);
        rank(x.location_type).cmp(&rank(y.location_type)).then(x.available.cmp(&y.available)).then(x.code.cmp(y.code))
    });
    let mut left = quantity;
    let mut plan = Vec::new();
    for i in order {
        if left == 0 {
            break;
        }
        let take = left.min(slots[i].available);
        plan.push((i, take));
        left -= take;
    }
    if left > 0 || quantity <= 0 { Err(MessageKey::WmsStockShort) } else { Ok(plan) }
}

/// A WMS order's allocation lines: `allocated` (reserved at submission), `picked` (taken from
/// the shelf), `released` (the order was cancelled before picking).
pub const PICK_STATUSES: &[&str] = &["allocated", "picked", "released"];
/// What the daily fee job charges: storage by volume and day, inbound and outbound handling by
/// piece.
pub const FEE_TYPES: &[&str] = &["storage", "inbound", "outbound"];
/// A user fee is `due` from its assessment until the wallet pays it (`charged`).
pub const FEE_STATUSES: &[&str] = &["due", "charged"];

const RATE_BOUNDS: Bounds = Bounds { allow_zero: true, max: Decimal::int(10_000), max_scale: 4 };

/// What a WMS order asks of stock: the pieces of each SKU code (upper case, trimmed), summed
/// over its goods, in the order first named. Goods without a code or pieces ask nothing.
pub fn order_lines<'a>(goods: impl IntoIterator<Item = (&'a str, i64)>) -> Vec<(String, i64)> {
    let mut lines: Vec<(String, i64)> = Vec::new();
    for (code, pieces) in goods {
        let code = code.trim().to_ascii_uppercase();
        if code.is_empty() || pieces <= 0 {
            continue;
        }
        match lines.iter_mut().find(|(c, _)| *c == code) {
            Some(line) => line.1 = line.1.saturating_add(pieces),
            None => lines.push((code, pieces)),
        }
    }
    lines
}

/// A customer's fee rates (or the default for every customer), checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeeRate {
    pub currency: String,
    /// Per cubic metre per day.
    pub storage: Decimal,
    /// Per piece received.
    pub inbound: Decimal,
    /// Per piece picked.
    pub outbound: Decimal,
    pub remark: Option<String>,
}

/// Checks fee rates (`{currency, storageRate, inboundRate, outboundRate, remark}`): a wallet
/// currency and three rates from 0 to 10,000 with up to 4 places.
pub fn fee_rate(form: &Value) -> Result<FeeRate, FieldError> {
    let currency = text(form, "currency").to_ascii_uppercase();
    if crate::wallet::minor_places(&currency).is_none() {
        return Err(FieldError::new("currency", MessageKey::ReturnOptionInvalid)
            .with("field", "@field_currency")
            .with("value", currency.chars().take(10).collect::<String>()));
    }
    let storage = decimal::read("storageRate", MessageKey::FieldWmsStorageRate, form.get("storageRate"), RATE_BOUNDS)?;
    let inbound = decimal::read("inboundRate", MessageKey::FieldWmsInboundRate, form.get("inboundRate"), RATE_BOUNDS)?;
    let outbound = decimal::read("outboundRate", MessageKey::FieldWmsOutboundRate, form.get("outboundRate"), RATE_BOUNDS)?;
    let remark = note(form, "remark", "@field_remark", MAX_NOTE)?;
    Ok(FeeRate { currency, storage, inbound, outbound, remark })
}

/// The day a fee run charges (`feeDate`, `YYYY-MM-DD`): a day of the calendar before `today`
/// (the business day now), for a day's stock is only known once it is over.
pub fn fee_day(form: &Value, today: &str) -> Result<String, FieldError> {
    let day = text(form, "feeDate");
    validate::required("feeDate", "@field_wms_fee_date", day)?;
    if !crate::rate_card::is_date(day) || day.len() != 10 {
        return Err(FieldError::new("feeDate", MessageKey::ReturnOptionInvalid)
            .with("field", "@field_wms_fee_date")
            .with("value", day.chars().take(20).collect::<String>()));
    }
    if day >= today {
        return Err(FieldError::new("feeDate", MessageKey::WmsFeeDayOpen).with("today", today));
    }
    Ok(day.to_owned())
}

/// One day's storage of goods held as (pieces, length, width, height in cm) at `rate` per cubic
/// metre per day: their volume in cubic metres and its charge in the currency's minor units,
/// rounded once (half up) on the total.
pub fn storage_charge(items: &[(i64, Decimal, Decimal, Decimal)], rate: Decimal, minor_places: u32) -> Option<(Decimal, i64)> {
    let mut cm3 = Decimal::ZERO;
    for &(pieces, length, width, height) in items {
        cm3 = cm3.checked_add(length.checked_mul(width)?.checked_mul(height)?.checked_mul(Decimal::int(pieces))?)?;
    }
    let cm3 = cm3.normalize();
    // Cubic centimetres to cubic metres: six places to the right.
    let m3 = Decimal::new(cm3.mantissa(), cm3.scale().checked_add(6)?)?.normalize();
    let amount = m3.checked_mul(rate)?;
    Some((m3, i64::try_from(decimal::round_half_up(amount, minor_places)?.mantissa()).ok()?))
}

/// Handling of `pieces` at `rate` a piece, in minor units (half up).
pub fn handling_charge(pieces: i64, rate: Decimal, minor_places: u32) -> Option<i64> {
    let amount = rate.checked_mul(Decimal::int(pieces))?;
    i64::try_from(decimal::round_half_up(amount, minor_places)?.mantissa()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;

    fn form(text: &str) -> Value {
        json::parse(text).unwrap()
    }

    #[test]
    fn locations_are_coded_from_their_segments() {
        let l = location(&form(
            r#"{"warehouse":"sz1","zone":"a","aisle":"01","shelf":"2","bin":"03","capacity":500,"locationType":"pick"}"#,
        ))
        .unwrap();
        assert_eq!((l.code.as_str(), l.capacity, l.location_type.as_str()), ("SZ1-A-01-2-03", 500, "pick"));
        let bulk = location(&form(r#"{"warehouse":"SZ1","zone":"DOCK","capacity":"9000","locationType":"receiving"}"#)).unwrap();
        assert_eq!(bulk.code, "SZ1-DOCK");
        let e = location(&form(r#"{"warehouse":"SZ1","zone":"A","shelf":"2","capacity":1,"locationType":"pick"}"#)).unwrap_err();
        assert_eq!((e.field.as_str(), e.key), ("aisle", MessageKey::WmsSegmentOrder));
        let e = location(&form(r#"{"warehouse":"SZ 1","zone":"A","capacity":1,"locationType":"pick"}"#)).unwrap_err();
        assert_eq!(e.key, MessageKey::WmsSegmentInvalid);
        let e = location(&form(r#"{"warehouse":"SZ1","zone":"A","capacity":0,"locationType":"pick"}"#)).unwrap_err();
        assert_eq!(e.key, MessageKey::WholeNumberRange);
        let e = location(&form(r#"{"warehouse":"SZ1","zone":"A","capacity":5,"locationType":"roof"}"#)).unwrap_err();
        assert_eq!(e.key, MessageKey::ReturnOptionInvalid);
    }

    #[test]
    fn skus_check_their_barcodes_and_sizes() {
        assert!(gtin_valid("4006381333931"));
        assert!(gtin_valid("036000291452"));
        assert!(gtin_valid("96385074"));
        assert!(!gtin_valid("4006381333932"));
        let ok = r#"{"skuCode":"tsh-01","barcode":"4006381333931","nameZh":"T恤","nameEn":"T-shirt","length":"30","width":"20","height":"2.5","weight":"0.2","hsCode":"6109.10","declaredValue":"5.5","currency":"usd"}"#;
        let s = sku(&form(ok)).unwrap();
        assert_eq!((s.sku_code.as_str(), s.hs_code.as_deref(), s.currency.as_str()), ("TSH-01", Some("610910"), "USD"));
        let bad = ok.replace("4006381333931", "4006381333932");
        assert_eq!(sku(&form(&bad)).unwrap_err().key, MessageKey::WmsBarcodeCheck);
        // A code that is not a GTIN (letters, another length) is taken as it is.
        assert!(sku(&form(&ok.replace("4006381333931", "ABC-123"))).is_ok());
        assert_eq!(sku(&form(&ok.replace("tsh-01", "t shirt"))).unwrap_err().key, MessageKey::WmsCodeInvalid);
        assert_eq!(sku(&form(&ok.replace(r#""2.5""#, r#""0""#))).unwrap_err().field, "height");
        assert_eq!(sku(&form(&ok.replace(r#""nameEn":"T-shirt","#, ""))).unwrap_err().field, "nameEn");
        assert_eq!(sku(&form(&ok.replace("usd", "xyz"))).unwrap_err().field, "currency");
    }

    #[test]
    fn movements_are_checked_by_kind() {
        let m = movement(&form(r#"{"kind":"in","skuId":"s","locationId":"l","quantity":"5"}"#)).unwrap();
        assert_eq!((m.quantity, m.to_location_id), (5, None));
        assert_eq!(
            movement(&form(r#"{"kind":"out","skuId":"s","locationId":"l","quantity":-1}"#)).unwrap_err().key,
            MessageKey::WholeNumberRange
        );
        assert_eq!(
            movement(&form(r#"{"kind":"move","skuId":"s","locationId":"l","toLocationId":"l","quantity":1}"#)).unwrap_err().key,
            MessageKey::WmsMoveSameLocation
        );
        assert_eq!(
            movement(&form(r#"{"kind":"move","skuId":"s","locationId":"l","quantity":1}"#)).unwrap_err().field,
            "toLocationId"
        );
        let a = movement(&form(r#"{"kind":"adjust","skuId":"s","locationId":"l","quantity":-3,"reason":"damaged"}"#)).unwrap();
        assert_eq!((a.quantity, a.reason.as_deref()), (-3, Some("damaged")));
        assert_eq!(
            movement(&form(r#"{"kind":"adjust","skuId":"s","locationId":"l","quantity":0,"reason":"count"}"#)).unwrap_err().key,
            MessageKey::WmsAdjustZero
        );
        assert_eq!(
            movement(&form(r#"{"kind":"adjust","skuId":"s","locationId":"l","quantity":2}"#)).unwrap_err().field,
            "reason"
        );
        assert_eq!(
            movement(&form(r#"{"kind":"adjust","skuId":"s","locationId":"l","quantity":2,"reason":"other"}"#)).unwrap_err().key,
            MessageKey::ReturnDetailRequired
        );
    }

    #[test]
    fn forecasts_and_receiving_are_checked() {
        let f =
            forecast(&form(r#"{"warehouse":"sz1","lines":[{"skuId":"a","quantity":10},{"skuId":"b","quantity":"2"}]}"#)).unwrap();
        assert_eq!((f.warehouse.as_str(), f.lines.len()), ("SZ1", 2));
        assert_eq!(forecast(&form(r#"{"warehouse":"SZ1","lines":[]}"#)).unwrap_err().key, MessageKey::WmsLinesRequired);
        let e = forecast(&form(r#"{"warehouse":"SZ1","lines":[{"skuId":"a","quantity":1},{"skuId":"a","quantity":1}]}"#))
            .unwrap_err();
        assert_eq!((e.field.as_str(), e.key), ("lines[1].skuId", MessageKey::WmsSkuTwice));
        let e = forecast(&form(r#"{"warehouse":"SZ1","lines":[{"skuId":"a","quantity":0}]}"#)).unwrap_err();
        assert_eq!(e.field, "lines[0].quantity");
        let (loc, lines) =
            receiving(&form(r#"{"locationId":"d","lines":[{"lineId":"1","quantity":3},{"lineId":"2","quantity":0}]}"#)).unwrap();
        assert_eq!((loc.as_str(), lines.len()), ("d", 2));
        assert_eq!(
            receiving(&form(r#"{"locationId":"d","lines":[{"lineId":"1","quantity":0}]}"#)).unwrap_err().key,
            MessageKey::WmsNothingReceived
        );
        assert_eq!(forecast_status(&[(10, 0), (2, 0)]), "pending");
        assert_eq!(forecast_status(&[(10, 4), (2, 0)]), "receiving");
        assert_eq!(forecast_status(&[(10, 11), (2, 2)]), "received");
        assert_eq!((discrepancy(10, 11), discrepancy(10, 4)), (1, -6));
    }

    #[test]
    fn allocation_empties_pick_bins_first() {
        let slots = [
            Slot { code: "A-2", location_type: "storage", available: 100 },
            Slot { code: "A-1", location_type: "pick", available: 5 },
            Slot { code: "A-3", location_type: "pick", available: 3 },
            Slot { code: "DOCK", location_type: "receiving", available: 1000 },
            Slot { code: "Q", location_type: "quarantine", available: 50 },
        ];
        assert_eq!(allocate(&slots, 4), Ok(vec![(2, 3), (1, 1)]));
        assert_eq!(allocate(&slots, 10), Ok(vec![(2, 3), (1, 5), (0, 2)]));
        assert_eq!(allocate(&slots, 108), Ok(vec![(2, 3), (1, 5), (0, 100)]));
        assert_eq!(allocate(&slots, 109), Err(MessageKey::WmsStockShort));
        assert_eq!(allocate(&slots, 0), Err(MessageKey::WmsStockShort));
    }

    #[test]
    fn storage_is_charged_by_volume_and_day() {
        let d = |s: &str| decimal::parse(s).unwrap();
        // 100 units of 30 × 20 × 10 cm = 0.6 m³, at 2.50 a m³ a day: 1.50.
        let (m3, amount) = storage_charge(&[(100, d("30"), d("20"), d("10"))], d("2.50"), 2).unwrap();
        assert_eq!((decimal::plain(m3), amount), ("0.6".to_owned(), 150));
        // 1 unit of 10 × 10 × 10 cm = 0.001 m³ at 2.50: 0.0025 rounds to 0.00; three of them
        // with another SKU's two are rounded once, on the total.
        assert_eq!(storage_charge(&[(1, d("10"), d("10"), d("10"))], d("2.50"), 2).map(|x| x.1), Some(0));
        let two = [(3, d("10"), d("10"), d("10")), (2, d("10"), d("10"), d("10"))];
        assert_eq!(storage_charge(&two, d("2.50"), 2).map(|x| x.1), Some(1));
        assert_eq!(storage_charge(&[], d("2.50"), 2).map(|x| x.1), Some(0));
        assert_eq!(handling_charge(7, d("0.35"), 2), Some(245));
        assert_eq!(handling_charge(3, d("0.125"), 0), Some(0));
        assert_eq!(handling_charge(5, d("0.125"), 2), Some(63));
    }

    #[test]
    fn orders_sum_their_goods_by_sku() {
        let lines = order_lines([("tsh-01", 2), ("MUG", 1), (" TSH-01 ", 3), ("", 4), ("X", 0)]);
        assert_eq!(lines, vec![("TSH-01".to_owned(), 5), ("MUG".to_owned(), 1)]);
    }

    #[test]
    fn fee_rates_and_days_are_checked() {
        let r = fee_rate(&form(r#"{"currency":"cny","storageRate":"2.5","inboundRate":0.3,"outboundRate":"0"}"#)).unwrap();
        assert_eq!((r.currency.as_str(), decimal::plain(r.storage)), ("CNY", "2.5".to_owned()));
        assert_eq!(
            fee_rate(&form(r#"{"currency":"CNY","storageRate":"-1","inboundRate":0,"outboundRate":0}"#)).unwrap_err().field,
            "storageRate"
        );
        assert_eq!(
            fee_rate(&form(r#"{"currency":"CNY","storageRate":"1","inboundRate":"0.00001","outboundRate":0}"#))
                .unwrap_err()
                .field,
            "inboundRate"
        );
        assert_eq!(fee_rate(&form(r#"{"currency":"XYZ"}"#)).unwrap_err().field, "currency");
        assert_eq!(fee_day(&form(r#"{"feeDate":"2026-11-28"}"#), "2026-11-29").unwrap(), "2026-11-28");
        assert_eq!(fee_day(&form(r#"{"feeDate":"2026-11-29"}"#), "2026-11-29").unwrap_err().key, MessageKey::WmsFeeDayOpen);
        assert_eq!(fee_day(&form(r#"{"feeDate":"2026-02-30"}"#), "2026-11-29").unwrap_err().key, MessageKey::ReturnOptionInvalid);
        assert_eq!(fee_day(&form(r#"{}"#), "2026-11-29").unwrap_err().key, MessageKey::Required);
    }
}
