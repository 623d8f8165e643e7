//! Shipment orders: the lifecycle (one table: the server refuses what it does not allow and the
//! browser's buttons show what it allows, through WebAssembly), the check of a selection before a
//! batch action, and the order form's rules (consignee per order type and destination, parcels,
//! declared goods, FBA references), which the browser runs as the user types.

use crate::decimal::{self, Bounds, Decimal};
use crate::i18n::MessageKey;
use crate::json::Value;
use crate::pattern;
use crate::prelude::*;
use crate::validate::{self, FieldError};
use crate::weight::{DIMENSION_BOUNDS, WEIGHT_BOUNDS};

/// The order types.
pub const TYPES: &[&str] = &["B2B", "B2C", "FBA", "WMS"];

/// Every status an order goes through, in lifecycle order. Later issues move the later ones
/// (the warehouse receives and sorts, carriers ship, tracking delivers); all are defined here.
pub const STATUSES: &[&str] =
    &["draft", "submitted", "received", "sorted", "shipped", "inTransit", "delivered", "exception", "returned", "cancelled"];

/// Label printing, beside the status.
pub const PRINT_STATUSES: &[&str] = &["unprinted", "printed", "error"];

/// What can be done to an order.
pub const ACTIONS: &[&str] = &[
    "edit",
    "delete",
    "submit",
    "cancel",
    "copy",
    "print",
    "receive",
    "sort",
    "ship",
    "transit",
    "deliver",
    "exception",
    "return",
];

/// `(from, action, to)`; `to` empty: the order is gone (a deleted draft). `copy` applies to every
/// status (it makes a new draft) and is not listed.
const TRANSITIONS: &[(&str, &str, &str)] = &[
    ("draft", "edit", "draft"),
    ("draft", "delete", ""),
    ("draft", "submit", "submitted"),
    ("draft", "cancel", "cancelled"),
    ("submitted", "cancel", "cancelled"),
    ("submitted", "print", "submitted"),
    ("submitted", "receive", "received"),
    ("received", "print", "received"),
    ("received", "sort", "sorted"),
    ("received", "exception", "exception"),
    ("received", "return", "returned"),
    ("sorted", "print", "sorted"),
    ("sorted", "ship", "shipped"),
    ("sorted", "exception", "exception"),
    ("shipped", "transit", "inTransit"),
    ("shipped", "deliver", "delivered"),
    ("shipped", "exception", "exception"),
    ("inTransit", "deliver", "delivered"),
    ("inTransit", "exception", "exception"),
    ("inTransit", "return", "returned"),
    ("exception", "transit", "inTransit"),
    ("exception", "deliver", "delivered"),
    ("exception", "return", "returned"),
];

/// The status `action` leads to from `status` (`Some("")` for a delete), None when it does not
/// apply.
pub fn next(status: &str, action: &str) -> Option<&'static str> {
    if action == "copy" {
        return STATUSES.iter().copied().find(|s| *s == status);
    }
    TRANSITIONS.iter().find(|(from, a, _)| *from == status && *a == action).map(|(_, _, to)| *to)
}

/// The actions that apply to an order in `status`, in [`ACTIONS`] order.
pub fn actions(status: &str) -> Vec<&'static str> {
    ACTIONS.iter().copied().filter(|a| next(status, a).is_some()).collect()
}

/// Whether the carrier has an order in `status` (handed over, not yet at a final status): only
/// then does its tracking move it ([`follow_tracking`]).
pub fn with_carrier(status: &str) -> bool {
    matches!(status, "shipped" | "inTransit" | "exception")
}

/// Where an order in `status` goes when its tracking says `tracking` (the shipment's status
/// follows its parcels' events once the carrier has it): in transit, delivered, an exception or
/// returned. None when it stays: not yet handed over (a carrier's early scan does not skip the
/// warehouse), already there, or a tracking status that does not move it.
pub fn follow_tracking(status: &str, tracking: crate::tracking::Status) -> Option<&'static str> {
    use crate::tracking::Status as T;
    if !with_carrier(status) {
        return None;
    }
    let action = match tracking {
        T::InTransit | T::OutForDelivery | T::AvailableForPickup | T::FailedAttempt => "transit",
        T::Delivered => "deliver",
        T::Exception => "exception",
        T::Returning | T::Returned => "return",
        T::Pending | T::InfoReceived | T::Expired | T::Cancelled => return None,
    };
    next(status, action).filter(|to| *to != status)
}

/// Whether an order in `status` holds money on its customer's wallet (submitted and not yet
/// received: a cancel releases it; receipt settles it).
pub fn holds_money(status: &str) -> bool {
    status == "submitted"
}

/// The most names a refused selection lists (then `…`).
const NAMED: usize = 20;

/// A batch action on a selection: refused when nothing is selected ("Please select one data"),
/// or, naming them, when some of the selected orders (`(name, status)`) do not allow it.
pub fn selection(items: &[(&str, &str)], action: &str) -> Result<(), FieldError> {
    refuse_inoperable(items, |status| next(status, action).is_some())
}

/// A predict batch's statuses: open while the customer gathers its orders, handed once it tells
/// the warehouse they are on their way, received when the warehouse has taken them in.
pub const BATCH_STATUSES: &[&str] = &["open", "handed", "received"];

/// `(from, action, to)` of a predict batch; `to` empty: the batch is gone.
const BATCH_TRANSITIONS: &[(&str, &str, &str)] = &[
    ("open", "edit", "open"),
    ("open", "delete", ""),
    ("open", "handOver", "handed"),
    ("handed", "reopen", "open"),
    ("handed", "receive", "received"),
];

/// The status `action` leads a predict batch in `status` to, None when it does not apply.
pub fn batch_next(status: &str, action: &str) -> Option<&'static str> {
    BATCH_TRANSITIONS.iter().find(|(from, a, _)| *from == status && *a == action).map(|(_, _, to)| *to)
}

/// [`selection`] for predict batches (`(batchNo, status)`).
pub fn batch_selection(items: &[(&str, &str)], action: &str) -> Result<(), FieldError> {
    refuse_inoperable(items, |status| batch_next(status, action).is_some())
}

/// Refuses an empty selection, and one holding items (`(name, status)`) whose status does not
/// allow the action, naming them.
fn refuse_inoperable(items: &[(&str, &str)], allows: impl Fn(&str) -> bool) -> Result<(), FieldError> {
    if items.is_empty() {
        return Err(FieldError::new("ids", MessageKey::SelectOne));
    }
    let refused: Vec<&str> = items.iter().filter(|(_, s)| !allows(s)).map(|(n, _)| *n).collect();
    if refused.is_empty() {
        return Ok(());
    }
    let mut names = refused.iter().take(NAMED).copied().collect::<Vec<_>>().join(", ");
    if refused.len() > NAMED {
        names.push_str(", …");
    }
    Err(FieldError::new("ids", MessageKey::SelectionInoperable).with("names", names))
}

/// How much of the form must be there: a draft may be incomplete (what is there must be valid);
/// a submission must be whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Draft,
    Submit,
}

/// Most parcels in one order, and declared items in one parcel.
pub const MAX_PARCELS: usize = 999;
pub const MAX_PRODUCTS: usize = 200;
/// Quantity of one declared item.
pub const MAX_QUANTITY: u64 = 99_999;
/// A declared unit value (the order's currency).
pub const UNIT_PRICE_BOUNDS: Bounds = Bounds { allow_zero: false, max: Decimal::int(1_000_000), max_scale: 2 };
/// A declared unit weight (kg); zero when unknown.
pub const UNIT_WEIGHT_BOUNDS: Bounds = Bounds { allow_zero: true, max: Decimal::int(10_000), max_scale: 3 };

/// Countries whose addresses need a state or province.
const STATE_REQUIRED: &[&str] = &["US", "CA", "AU", "BR", "MX", "IN"];

/// Collects a form's problems, each naming its field by path (`consignee.postalCode`,
/// `parcels[1].products[0].frHscode`).
struct Issues {
    stage: Stage,
    found: Vec<FieldError>,
}

impl Issues {
    fn add(&mut self, error: FieldError) {
        self.found.push(error);
    }

    /// The trimmed text of `v[key]` (numbers as written); blank when missing.
    fn text<'v>(v: &'v Value, key: &str) -> &'v str {
        match v.get(key) {
            Some(Value::String(s)) => s.trim(),
            Some(Value::Number(n)) => n,
            _ => "",
        }
    }

    /// A text field: at most `max` characters; required when `required` and submitting.
    fn field<'v>(&mut self, v: &'v Value, at: &str, key: &str, label: MessageKey, max: usize, required: bool) -> &'v str {
        let text = Self::text(v, key);
        let path = format!("{at}{key}");
        let label = format!("@{}", label.key());
        if text.is_empty() {
            if required && self.stage == Stage::Submit {
                self.add(FieldError::new(path, MessageKey::Required).with("field", label));
            }
        } else if text.chars().count() > max {
            self.add(FieldError::new(path, MessageKey::TooLong).with("field", label).with("max", max.to_string()));
        }
        text
    }

    /// A whole number from `min` to `max`, a number or its text (when `required`, required when
    /// submitting).
    #[expect(clippy::too_many_arguments, reason = "the field, its place and its bounds")]
    fn whole(&mut self, v: &Value, at: &str, key: &str, label: MessageKey, min: u64, max: u64, required: bool) -> Option<u64> {
        let value = v.get(key);
        let blank =
            matches!(value, None | Some(Value::Null)) || value.and_then(Value::as_str).is_some_and(|s| s.trim().is_empty());
        if blank && (self.stage == Stage::Draft || !required) {
            return None;
        }
        let whole = value.and_then(|q| q.as_u64().or_else(|| q.as_str().and_then(|s| s.trim().parse::<u64>().ok())));
        if let Some(n) = whole.filter(|n| (min..=max).contains(n)) {
            return Some(n);
        }
        self.add(
            FieldError::new(format!("{at}{key}"), MessageKey::WholeNumberRange)
                .with("field", format!("@{}", label.key()))
                .with("min", min.to_string())
                .with("max", max.to_string()),
        );
        None
    }

    /// A decimal field (required when submitting).
    fn decimal(&mut self, v: &Value, at: &str, key: &str, label: MessageKey, bounds: Bounds) -> Option<Decimal> {
        let value = v.get(key);
        let blank = match value {
            None | Some(Value::Null) => true,
            Some(Value::String(s)) => s.trim().is_empty(),
            _ => false,
        };
        if blank && self.stage == Stage::Draft {
            return None;
        }
        match decimal::read(&format!("{at}{key}"), label, value, bounds) {
            Ok(d) => Some(d),
            Err(e) => {
                self.add(e);
                None
            }
        }
    }
}

/// A consignee's phone: 5 to 20 digits, with `+ - ( )` and spaces (written as people write them
/// abroad, not only as mobile numbers).
pub fn consignee_phone(field: &str, text: &str) -> Result<(), FieldError> {
    let digits = text.chars().filter(char::is_ascii_digit).count();
    let allowed = text.chars().all(|c| c.is_ascii_digit() || " +-()".contains(c));
    let plus_first = text.rfind('+').is_none_or(|i| i == 0);
    if allowed && plus_first && (5..=20).contains(&digits) {
        Ok(())
    } else {
        Err(FieldError::new(field, MessageKey::ConsigneePhoneInvalid))
    }
}

/// Digits only: a tax number or HS code as typed (`1234.56.78`, `123.456.789-09`).
pub fn digits_of(text: &str) -> String {
    text.chars().filter(char::is_ascii_digit).collect()
}

/// Brazil's CPF (11 digits) or CNPJ (14 digits), check digits verified; punctuation ignored.
pub fn brazil_tax_number(text: &str) -> bool {
    let digits: Vec<u32> = text.chars().filter_map(|c| c.to_digit(10)).collect();
    let well_formed = text.chars().all(|c| c.is_ascii_digit() || " .-/".contains(c));
    if !well_formed || digits.windows(2).all(|w| w[0] == w[1]) {
        return false;
    }
    // Modulus 11 over the first `n` digits with the given weights; 0 when the remainder is < 2.
    let check = |n: usize, weights: &[u32]| {
        let sum: u32 = digits.iter().take(n).zip(weights).map(|(d, w)| d * w).sum();
        let r = sum % 11;
        if r < 2 { 0 } else { 11 - r }
    };
    match digits.len() {
        11 => {
            let w1: Vec<u32> = (2..=10).rev().collect();
            let w2: Vec<u32> = (2..=11).rev().collect();
            check(9, &w1) == digits[9] && check(10, &w2) == digits[10]
        }
        14 => {
            const W1: [u32; 12] = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
            const W2: [u32; 13] = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
            check(12, &W1) == digits[12] && check(13, &W2) == digits[13]
        }
        _ => false,
    }
}

/// An HS code: 6 to 10 digits once dots and spaces are taken out.
pub fn hs_code(field: &str, text: &str) -> Result<String, FieldError> {
    let digits = digits_of(text);
    let only_digits_and_dots = text.chars().all(|c| c.is_ascii_digit() || c == '.' || c == ' ');
    if only_digits_and_dots && (6..=10).contains(&digits.len()) {
        Ok(digits)
    } else {
        Err(FieldError::new(field, MessageKey::HsCodeInvalid))
    }
}

/// An FBA shipment ID: `FBA` and 8 to 10 capitals or digits (`FBA15ABCDE12`).
pub fn is_fba_code(text: &str) -> bool {
    text.strip_prefix("FBA")
        .is_some_and(|rest| (8..=10).contains(&rest.len()) && rest.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit()))
}

/// An FBA box ID: the shipment's ID, `U` and 6 digits (`FBA15ABCDE12U000001`).
pub fn is_fba_box(shipment: &str, text: &str) -> bool {
    text.strip_prefix(shipment)
        .and_then(|rest| rest.strip_prefix('U'))
        .is_some_and(|n| n.len() == 6 && n.bytes().all(|b| b.is_ascii_digit()))
}

/// An Amazon reference ID (the PO of an FBA shipment): 8 capitals or digits.
pub fn is_po_code(text: &str) -> bool {
    text.len() == 8 && text.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
}

/// Every problem of an order form (the API's `ShipmentForm` as JSON) at `stage`; `postal_pattern`
/// is the consignee country's pattern (empty when it has none). Empty when the form may be saved
/// (a draft) or submitted.
pub fn issues(form: &Value, stage: Stage, postal_pattern: &str) -> Vec<FieldError> {
    let mut x = Issues { stage, found: Vec::new() };
    let kind = Issues::text(form, "shipmentType");
    if !TYPES.contains(&kind) {
        x.add(FieldError::new("shipmentType", MessageKey::ShipmentTypeInvalid));
    }
    let fba = kind == "FBA";
    x.field(form, "", "customerCode", MessageKey::FieldCustomerCode, 50, false);
    x.field(form, "", "channelProductId", MessageKey::FieldProduct, 32, true);
    x.field(form, "", "remark", MessageKey::FieldRemark, 500, false);
    let fba_code = x.field(form, "", "fbaCode", MessageKey::FieldFbaCode, 20, fba);
    if !fba_code.is_empty() && !is_fba_code(fba_code) {
        x.add(FieldError::new("fbaCode", MessageKey::FbaCodeInvalid));
    }
    let po = x.field(form, "", "poCode", MessageKey::FieldPoCode, 20, fba);
    if !po.is_empty() && !is_po_code(po) {
        x.add(FieldError::new("poCode", MessageKey::PoCodeInvalid));
    }
    x.field(form, "", "userDepotId", MessageKey::FieldDepot, 32, fba);
    consignee(&mut x, form.get("consignee").unwrap_or(&Value::Null), kind, postal_pattern);
    parcels(&mut x, form, kind, fba_code);
    x.found
}

fn consignee(x: &mut Issues, c: &Value, kind: &str, postal_pattern: &str) {
    let at = "consignee.";
    x.field(c, at, "name", MessageKey::FieldConsignee, 100, true);
    x.field(c, at, "company", MessageKey::FieldCompany, 100, kind == "B2B");
    let phone = x.field(c, at, "phone", MessageKey::FieldPhone, 30, kind != "FBA");
    if !phone.is_empty()
        && let Err(e) = consignee_phone("consignee.phone", phone)
    {
        x.add(e);
    }
    let email = x.field(c, at, "email", MessageKey::FieldEmail, 100, false);
    if !email.is_empty()
        && let Err(e) = validate::email("consignee.email", email)
    {
        x.add(e);
    }
    let country = x.field(c, at, "country", MessageKey::FieldCountry, 2, true);
    if !country.is_empty() && !crate::codes::is_country(country) {
        x.add(FieldError::new("consignee.country", MessageKey::CountryInvalid));
    }
    x.field(c, at, "state", MessageKey::FieldProvince, 100, STATE_REQUIRED.contains(&country));
    x.field(c, at, "city", MessageKey::FieldCity, 100, true);
    x.field(c, at, "street", MessageKey::FieldStreet, 100, false);
    x.field(c, at, "house", MessageKey::FieldHouse, 20, false);
    x.field(c, at, "address1", MessageKey::FieldAddress, 200, true);
    x.field(c, at, "address2", MessageKey::FieldAddress2, 200, false);
    x.field(c, at, "consigneeRemark", MessageKey::FieldRemark, 500, false);
    let has_pattern = !postal_pattern.trim().is_empty();
    let postal = x.field(c, at, "postalCode", MessageKey::FieldPostalCode, 20, has_pattern);
    if has_pattern && !postal.is_empty() && pattern::postal_matches(postal_pattern, postal) == Some(false) {
        x.add(
            FieldError::new("consignee.postalCode", MessageKey::PostalCodeMismatch)
                .with("value", postal)
                .with("country", country),
        );
    }
    let tax = x.field(c, at, "taxNumber", MessageKey::FieldTaxNumber, 50, country == "BR");
    if country == "BR" && !tax.is_empty() && !brazil_tax_number(tax) {
        x.add(FieldError::new("consignee.taxNumber", MessageKey::TaxNumberBrazil));
    }
}

fn parcels(x: &mut Issues, form: &Value, kind: &str, fba_code: &str) {
    let empty = Vec::new();
    let list = form.get("parcels").and_then(Value::as_array).unwrap_or(&empty);
    if list.is_empty() && x.stage == Stage::Submit {
        x.add(FieldError::new("parcels", MessageKey::Required).with("field", "@field_parcels"));
    }
    if list.len() > MAX_PARCELS {
        x.add(
            FieldError::new("parcels", MessageKey::TooMany).with("field", "@field_parcels").with("max", MAX_PARCELS.to_string()),
        );
        return;
    }
    let mut references: Vec<&str> = Vec::new();
    let mut products = 0;
    for (i, p) in list.iter().enumerate() {
        let at = format!("parcels[{i}].");
        let reference = x.field(p, &at, "reference", MessageKey::FieldReference, 50, false);
        if !reference.is_empty() {
            if references.contains(&reference) {
                x.add(FieldError::new(format!("{at}reference"), MessageKey::ReferenceRepeated).with("value", reference));
            }
            references.push(reference);
        }
        let boxed = x.field(p, &at, "fbaCode", MessageKey::FieldFbaCode, 30, kind == "FBA");
        if !boxed.is_empty() && !is_fba_box(fba_code, boxed) {
            let example = if fba_code.is_empty() { "FBA15ABCDE12" } else { fba_code };
            x.add(
                FieldError::new(format!("{at}fbaCode"), MessageKey::FbaBoxInvalid).with("example", format!("{example}U000001")),
            );
        }
        x.decimal(p, &at, "length", MessageKey::FieldLength, DIMENSION_BOUNDS);
        x.decimal(p, &at, "width", MessageKey::FieldWidth, DIMENSION_BOUNDS);
        x.decimal(p, &at, "height", MessageKey::FieldHeight, DIMENSION_BOUNDS);
        x.decimal(p, &at, "weight", MessageKey::FieldWeight, Bounds { allow_zero: false, ..WEIGHT_BOUNDS });
        x.field(p, &at, "remark", MessageKey::FieldRemark, 500, false);
        let goods = p.get("products").and_then(Value::as_array).unwrap_or(&empty);
        if goods.len() > MAX_PRODUCTS {
            x.add(
                FieldError::new(format!("{at}products"), MessageKey::TooMany)
                    .with("field", "@field_products")
                    .with("max", MAX_PRODUCTS.to_string()),
            );
            continue;
        }
        products += goods.len();
        for (j, g) in goods.iter().enumerate() {
            product(x, g, &format!("{at}products[{j}]."), kind);
        }
    }
    if products == 0 && !list.is_empty() && x.stage == Stage::Submit {
        x.add(FieldError::new("parcels[0].products", MessageKey::ProductsRequired));
    }
}

fn product(x: &mut Issues, g: &Value, at: &str, kind: &str) {
    x.field(g, at, "sku", MessageKey::FieldSku, 50, kind == "WMS" || kind == CATALOGUE);
    for key in ["lcHscode", "frHscode"] {
        let code = x.field(g, at, key, MessageKey::FieldHsCode, 20, false);
        if !code.is_empty()
            && let Err(e) = hs_code(&format!("{at}{key}"), code)
        {
            x.add(e);
        }
    }
    x.field(g, at, "lcName", MessageKey::FieldDeclaredNameZh, 200, false);
    x.field(g, at, "frName", MessageKey::FieldDeclaredNameEn, 200, true);
    for (key, label) in [
        ("lcMeterial", MessageKey::FieldMaterial),
        ("frMeterial", MessageKey::FieldMaterial),
        ("lcUsage", MessageKey::FieldUsage),
        ("frUsage", MessageKey::FieldUsage),
        ("lcBrand", MessageKey::FieldBrand),
        ("frBrand", MessageKey::FieldBrand),
        ("lcModel", MessageKey::FieldModel),
        ("frModel", MessageKey::FieldModel),
    ] {
        x.field(g, at, key, label, 100, false);
    }
    for key in ["shopUrl", "photoUrl"] {
        let link = x.field(g, at, key, MessageKey::FieldLink, 500, false);
        if !(link.is_empty() || link.starts_with("http://") || link.starts_with("https://")) {
            x.add(FieldError::new(format!("{at}{key}"), MessageKey::LinkInvalid));
        }
    }
    x.decimal(g, at, "unitPrice", MessageKey::FieldUnitPrice, UNIT_PRICE_BOUNDS);
    x.decimal(g, at, "unitWeight", MessageKey::FieldUnitWeight, UNIT_WEIGHT_BOUNDS);
    x.field(g, at, "unit", MessageKey::FieldUnit, 20, false);
    x.field(g, at, "remark", MessageKey::FieldRemark, 500, false);
    if kind != CATALOGUE {
        x.whole(g, at, "quantity", MessageKey::FieldQuantity, 1, MAX_QUANTITY, true);
    }
}

/// The order type [`product`] checks a catalogue product as: no quantity, the SKU required.
const CATALOGUE: &str = "catalogue";

/// Every problem of a product of the customer's catalogue (the `ParcelProduct` form): the rules of
/// a declared item, with its SKU, English description, unit value and unit weight required.
pub fn catalogue_issues(form: &Value) -> Vec<FieldError> {
    let mut x = Issues { stage: Stage::Submit, found: Vec::new() };
    product(&mut x, form, "", CATALOGUE);
    x.found
}

/// Most Amazon shipment IDs one FBA order is split into, and the bounds of their figures.
pub const MAX_FBA_CONFIGS: usize = 50;
const MAX_CONFIG_PIECES: u64 = 9_999;
const MAX_PALLETS: u64 = 999;

/// Every problem of an FBA waybill's form (`FbaOrderForm` as JSON, with the order's
/// `shipmentPieces`): the intake batch number, and per Amazon shipment ID its pieces and pallets;
/// the IDs distinct, their pieces together no more than the order's.
pub fn fba_waybill_issues(form: &Value) -> Vec<FieldError> {
    let mut x = Issues { stage: Stage::Submit, found: Vec::new() };
    x.field(form, "", "batchNo", MessageKey::FieldBatchNo, 50, false);
    let empty = Vec::new();
    let configs = form.get("configs").and_then(Value::as_array).unwrap_or(&empty);
    if configs.len() > MAX_FBA_CONFIGS {
        x.add(
            FieldError::new("configs", MessageKey::TooMany)
                .with("field", "@field_fba_shipment_id")
                .with("max", MAX_FBA_CONFIGS.to_string()),
        );
        return x.found;
    }
    let mut seen: Vec<&str> = Vec::new();
    let mut total = 0u64;
    for (i, c) in configs.iter().enumerate() {
        let at = format!("configs[{i}].");
        let id = x.field(c, &at, "fbaShipmentId", MessageKey::FieldFbaShipmentId, 20, true);
        if !id.is_empty() {
            if !is_fba_code(id) {
                x.add(FieldError::new(format!("{at}fbaShipmentId"), MessageKey::FbaCodeInvalid));
            } else if seen.contains(&id) {
                x.add(FieldError::new(format!("{at}fbaShipmentId"), MessageKey::ReferenceRepeated).with("value", id));
            }
            seen.push(id);
        }
        x.field(c, &at, "serialNumber", MessageKey::FieldReference, 50, false);
        total += x.whole(c, &at, "pieces", MessageKey::FieldPieces, 1, MAX_CONFIG_PIECES, true).unwrap_or(0);
        x.whole(c, &at, "pallet", MessageKey::FieldPallets, 0, MAX_PALLETS, false);
    }
    let pieces = form.get("shipmentPieces").and_then(Value::as_u64).unwrap_or(u64::MAX);
    if total > pieces {
        x.add(
            FieldError::new("configs", MessageKey::FbaPiecesExceed)
                .with("total", total.to_string())
                .with("pieces", pieces.to_string()),
        );
    }
    x.found
}

/// The goods' declared value: Σ unit value × quantity over every parcel's items (what the quote
/// checks against a product's declared-value limit). None when a figure is missing or invalid.
pub fn declared_value(form: &Value) -> Option<Decimal> {
    let mut total = Decimal::ZERO;
    for p in form.get("parcels")?.as_array()? {
        for g in p.get("products").and_then(Value::as_array).map_or(&[][..], Vec::as_slice) {
            let price = decimal::parse(Issues::text(g, "unitPrice"))?;
            let quantity = decimal::parse(Issues::text(g, "quantity"))?;
            total = total.checked_add(price.checked_mul(quantity)?)?;
        }
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lang;

    fn form(text: &str) -> Value {
        crate::json::parse(text).unwrap_or(Value::Null)
    }

    const B2C: &str = r#"{"shipmentType":"B2C","channelProductId":"p1",
        "consignee":{"name":"Ann Lee","phone":"+1 (415) 555-0100","country":"US","state":"CA","city":"San Francisco",
            "postalCode":"94105","address1":"1 Market St"},
        "parcels":[{"reference":"R1","length":"30","width":"20","height":"10","weight":"1.25",
            "products":[{"frName":"T-shirt","quantity":2,"unitPrice":"9.90","unitWeight":"0.2","frHscode":"6109.10"}]}]}"#;

    #[test]
    fn a_whole_b2c_order_passes_and_its_value_is_summed() {
        let f = form(B2C);
        assert_eq!(issues(&f, Stage::Submit, r"^\d{5}(-\d{4})?$"), vec![]);
        assert_eq!(declared_value(&f).map(decimal::plain), Some("19.8".into()));
    }

    #[test]
    fn every_problem_is_named_by_its_path() {
        let f = form(
            r#"{"shipmentType":"B2C","consignee":{"name":"","country":"BR","postalCode":"ABC","phone":"12","taxNumber":"111.111.111-11"},
            "parcels":[{"reference":"A","length":"0","width":"1","height":"1","weight":"1","products":[{"frName":"x","quantity":0,"unitPrice":"1","frHscode":"12"}]},
                       {"reference":"A","length":"1","width":"1","height":"1","weight":"1"}]}"#,
        );
        let found: Vec<String> =
            issues(&f, Stage::Submit, r"^\d{5}-?\d{3}$").iter().map(|e| format!("{}:{}", e.field, e.key.key())).collect();
        assert_eq!(
            found,
            vec![
                "channelProductId:required",
                "consignee.name:required",
                "consignee.phone:consignee_phone_invalid",
                "consignee.state:required",
                "consignee.city:required",
                "consignee.address1:required",
                "consignee.postalCode:postal_code_mismatch",
                "consignee.taxNumber:tax_number_brazil",
                "parcels[0].length:number_positive",
                "parcels[0].products[0].frHscode:hs_code_invalid",
                "parcels[0].products[0].unitWeight:required",
                "parcels[0].products[0].quantity:whole_number_range",
                "parcels[1].reference:reference_repeated",
            ]
        );
    }

    #[test]
    fn a_draft_may_be_incomplete_but_not_wrong() {
        let f = form(r#"{"shipmentType":"B2C","consignee":{"email":"nope"},"parcels":[{"weight":"-1"}]}"#);
        let found: Vec<String> = issues(&f, Stage::Draft, "").into_iter().map(|e| e.field).collect();
        assert_eq!(found, vec!["consignee.email", "parcels[0].weight"]);
        assert!(issues(&form(r#"{"shipmentType":"B2B"}"#), Stage::Draft, "").is_empty());
    }

    #[test]
    fn fba_needs_its_references_and_box_ids() {
        let f = form(
            r#"{"shipmentType":"FBA","channelProductId":"p","fbaCode":"FBA15ABCDE12","poCode":"2Q3W4E5R","userDepotId":"d",
            "consignee":{"name":"Amazon ONT8","country":"US","state":"CA","city":"Moreno Valley","postalCode":"92551","address1":"24300 Nandina Ave"},
            "parcels":[{"fbaCode":"FBA15ABCDE12U000001","length":"1","width":"1","height":"1","weight":"1","products":[{"frName":"x","quantity":1,"unitPrice":"1","unitWeight":"1"}]},
                       {"fbaCode":"FBA99ZZZZZ99U000002","length":"1","width":"1","height":"1","weight":"1"}]}"#,
        );
        let found: Vec<String> = issues(&f, Stage::Submit, "").into_iter().map(|e| e.field).collect();
        assert_eq!(found, vec!["parcels[1].fbaCode"]);
        assert!(issues(&f, Stage::Submit, "")[0].message(Lang::EnUs).contains("FBA15ABCDE12U000001"));
        assert!(!is_fba_code("FBA1"));
        assert!(!is_po_code("abc"));
    }

    #[test]
    fn brazilian_tax_numbers_are_checked() {
        assert!(brazil_tax_number("529.982.247-25"));
        assert!(brazil_tax_number("11.444.777/0001-61"));
        assert!(!brazil_tax_number("529.982.247-24"));
        assert!(!brazil_tax_number("11111111111"));
        assert!(!brazil_tax_number("5299822472"));
    }

    #[test]
    fn the_lifecycle_table_decides_actions() {
        assert_eq!(actions("draft"), vec!["edit", "delete", "submit", "cancel", "copy"]);
        assert_eq!(actions("submitted"), vec!["cancel", "copy", "print", "receive"]);
        assert_eq!(actions("delivered"), vec!["copy"]);
        assert_eq!(next("submitted", "cancel"), Some("cancelled"));
        assert_eq!(next("received", "cancel"), None);
        assert_eq!(next("draft", "delete"), Some(""));
        for status in STATUSES {
            for (from, action, to) in TRANSITIONS {
                assert!(STATUSES.contains(from) && ACTIONS.contains(action) && (to.is_empty() || STATUSES.contains(to)));
            }
            assert!(actions(status).contains(&"copy"));
        }
    }

    #[test]
    fn tracking_moves_only_what_the_carrier_has() {
        use crate::tracking::Status as T;
        assert_eq!(follow_tracking("shipped", T::InTransit), Some("inTransit"));
        assert_eq!(follow_tracking("shipped", T::Delivered), Some("delivered"));
        assert_eq!(follow_tracking("inTransit", T::OutForDelivery), None, "already in transit");
        assert_eq!(follow_tracking("inTransit", T::Delivered), Some("delivered"));
        assert_eq!(follow_tracking("inTransit", T::Exception), Some("exception"));
        assert_eq!(follow_tracking("exception", T::InTransit), Some("inTransit"));
        assert_eq!(follow_tracking("inTransit", T::Returned), Some("returned"));
        assert_eq!(follow_tracking("shipped", T::Returning), None, "the lifecycle returns from in transit");
        for before in ["draft", "submitted", "received", "sorted", "delivered", "returned", "cancelled"] {
            assert_eq!(follow_tracking(before, T::Delivered), None, "{before} stays");
        }
        assert_eq!(follow_tracking("shipped", T::InfoReceived), None);
    }

    #[test]
    fn a_selection_names_what_it_cannot_act_on() {
        assert_eq!(selection(&[], "cancel").map_err(|e| e.key), Err(MessageKey::SelectOne));
        assert!(selection(&[("S1", "draft"), ("S2", "submitted")], "cancel").is_ok());
        let refused = selection(&[("S1", "draft"), ("S2", "received"), ("S3", "delivered")], "cancel").unwrap_err();
        assert_eq!(
            refused.message(Lang::EnUs),
            "the options contain inoperable options, please remove them before operating: S2, S3"
        );
    }
}
