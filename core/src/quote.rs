//! The quote engine: one shipment, the channel products a customer may use with their rate cards,
//! and out come the prices (cheapest first, every step explained) and the products that cannot
//! take the shipment, each with its reason. The same code runs on the server and in the browser,
//! so the forecast a customer sees is what the order is charged.
//!
//! - Chargeable weight: per parcel the larger of actual and volumetric (L × W × H / divisor; a
//!   divisor of 0 means actual only), times its quantity; rounded by the card's table either per
//!   parcel or once for the ticket; never below the card's minimum.
//! - Zone: the zones listing the country, the one with the longest matching postal prefix first (a
//!   zone without prefixes matches every postal code of its countries).
//! - Freight: the price row of the zone whose bracket (from, to] holds the weight: fixed, first +
//!   additional steps, or per kilogram with a minimum; then the customer's markup or discount.
//! - Surcharges: fuel (percent of freight), per ticket, remote area, oversize (per parcel over the
//!   side or weight limit), insurance (percent of the declared value).
//! - Money: every line rounded half-up to the currency's minor unit; the total is the sum of the
//!   rounded lines, so a bill always adds up.

use crate::decimal::Decimal;
use serde::Serialize;

use crate::decimal::{div_up, percent_of, plain, round_half_up, text};
use crate::i18n::{Lang, MessageKey, render};
use crate::weight::{WEIGHT_SCALE, round_up_to, volumetric_weight};

/// One row of a card's rounding table: weights up to `up_to` kg round up to `increment` kg.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundingStep {
    pub up_to: Decimal,
    pub increment: Decimal,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Each parcel's weight is rounded, then they are added.
    Parcel,
    /// The weights are added, then the total is rounded once.
    Ticket,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Zone {
    pub code: String,
    /// ISO 3166-1 alpha-2 codes.
    pub countries: Vec<String>,
    /// Postal-code prefixes, normalized (empty: every postal code of the countries).
    pub postal_prefixes: Vec<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Freight {
    Fixed { price: Decimal },
    FirstAdditional { first_weight: Decimal, first_price: Decimal, step_weight: Decimal, step_price: Decimal },
    PerKg { price: Decimal, min_charge: Decimal },
}

#[derive(Clone, Debug, PartialEq)]
pub struct PriceRow {
    pub zone: String,
    /// The zone's place in the card's zones (read once; rows are matched on it).
    pub zone_at: usize,
    /// Exclusive.
    pub from_weight: Decimal,
    /// Inclusive.
    pub to_weight: Decimal,
    pub freight: Freight,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Surcharge {
    Fuel { percent: Decimal },
    PerTicket { amount: Decimal },
    RemoteArea { countries: Vec<String>, postal_codes: Vec<String>, amount: Decimal },
    Oversize { max_side: Option<Decimal>, max_weight: Option<Decimal>, amount: Decimal },
    Insurance { percent: Decimal },
}

#[derive(Clone, Debug, PartialEq)]
pub struct RateCard {
    pub code: String,
    pub currency: String,
    pub rounding: Vec<RoundingStep>,
    pub min_chargeable_weight: Decimal,
    pub scope: Scope,
    pub zones: Vec<Zone>,
    pub prices: Vec<PriceRow>,
    pub surcharges: Vec<Surcharge>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Each parcel's actual weight (kg).
    Weight,
    /// Each parcel's longest side (cm).
    LongestSide,
    /// Each parcel's longest side + 2 × (the other two) (cm).
    Girth,
    /// The shipment's declared value.
    DeclaredValue,
    /// The number of parcels.
    Pieces,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ValidityRule {
    pub measure: Measure,
    pub min: Option<Decimal>,
    pub max: Option<Decimal>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PostalRule {
    pub country: String,
    /// A postal code, or a prefix ending in `*`, normalized.
    pub pattern: String,
    /// Allow rules make a whitelist for their country; deny rules exclude.
    pub allow: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Product {
    pub id: String,
    pub code: String,
    pub name: String,
    /// The English name (empty: `name` in every language).
    pub name_en: String,
    /// B2B, B2C, FBA, WMS; empty takes any.
    pub trade_type: String,
    /// Takes more than one parcel per ticket.
    pub multi_piece: bool,
    /// cm³ per kg (thWeightRatio); 0 bills actual weight only.
    pub divisor: Decimal,
    /// The customer's markup (positive) or discount (negative) on freight, in percent.
    pub markup_percent: Decimal,
    pub rules: Vec<ValidityRule>,
    pub postal_rules: Vec<PostalRule>,
    /// Shared by the products priced from it.
    pub card: std::sync::Arc<RateCard>,
}

impl Product {
    /// The name in `lang`.
    pub fn title(&self, lang: Lang) -> &str {
        if lang == Lang::EnUs && !self.name_en.is_empty() { &self.name_en } else { &self.name }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Parcel {
    pub length: Decimal,
    pub width: Decimal,
    pub height: Decimal,
    pub weight: Decimal,
    pub quantity: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Shipment {
    pub country: String,
    pub postal_code: String,
    pub trade_type: String,
    pub parcels: Vec<Parcel>,
    pub declared_value: Decimal,
    /// The postal code as compared (`normalized_postal`).
    pub postal: String,
    /// The currency the user asked for (empty: any); products priced in another are unavailable.
    pub currency: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Line {
    /// freight, fuel, perTicket, remoteArea, oversize, insurance.
    pub kind: &'static str,
    pub label: &'static str,
    pub amount: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Quote {
    pub channel_product_id: String,
    pub code: String,
    pub name: String,
    pub zone: String,
    pub chargeable_weight: String,
    pub lines: Vec<Line>,
    pub total: String,
    pub currency: String,
    /// Each step, in the user's language.
    pub breakdown: Vec<String>,
    /// The total as a number (for ordering; the wire carries `total`).
    #[serde(skip)]
    pub amount: Decimal,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Unavailable {
    pub channel_product_id: String,
    pub code: String,
    pub name: String,
    pub reason: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Forecast {
    pub quotes: Vec<Quote>,
    pub unavailable: Vec<Unavailable>,
}

/// Digits after the decimal point of a currency's minor unit (ISO 4217).
pub fn minor_unit(currency: &str) -> u32 {
    match currency {
        "JPY" | "KRW" | "VND" | "CLP" | "ISK" | "UGX" | "XAF" | "XOF" | "PYG" | "RWF" => 0,
        "BHD" | "KWD" | "OMR" | "JOD" | "TND" | "LYD" | "IQD" => 3,
        _ => 2,
    }
}

#[inline(never)]
fn kg(value: Decimal) -> String {
    plain(round_half_up(value, WEIGHT_SCALE).unwrap_or(value))
}

fn hundred() -> Decimal {
    Decimal::int(100)
}

/// `value` rounded up by the first step whose `up_to` it does not exceed (the last step beyond).
#[inline(never)]
pub fn round_by_table(value: Decimal, table: &[RoundingStep]) -> Option<Decimal> {
    let increment = table.iter().find(|s| value <= s.up_to).or_else(|| table.last()).map_or(Decimal::ZERO, |s| s.increment);
    round_up_to(value, increment)
}

/// One unit of a parcel: (actual, volumetric, the larger).
#[inline(never)]
fn unit_weights(p: &Parcel, divisor: Decimal) -> Option<(Decimal, Decimal, Decimal)> {
    let volumetric = if divisor.is_zero() { Decimal::ZERO } else { volumetric_weight(p.length, p.width, p.height, divisor)? };
    Some((p.weight, volumetric, p.weight.max(volumetric)))
}

/// The shipment's chargeable weight under a product's divisor and card, with the steps explained.
#[inline(never)]
pub fn chargeable(
    shipment: &Shipment,
    divisor: Decimal,
    card: &RateCard,
    lang: Lang,
    breakdown: &mut Vec<String>,
) -> Option<Decimal> {
    let mut total = Decimal::ZERO;
    for (i, p) in shipment.parcels.iter().enumerate() {
        let (actual, volumetric, heavier) = unit_weights(p, divisor)?;
        let unit = match card.scope {
            Scope::Parcel => round_by_table(heavier, &card.rounding)?,
            Scope::Ticket => heavier,
        };
        total = total.checked_add(unit.checked_mul(Decimal::from(p.quantity))?)?;
        breakdown.push(render(
            MessageKey::QuoteParcel,
            lang,
            &[
                ("n", &(i + 1).to_string()),
                ("actual", &kg(actual)),
                ("volumetric", &kg(volumetric)),
                ("unit", &kg(unit)),
                ("quantity", &p.quantity.to_string()),
            ],
        ));
    }
    if card.scope == Scope::Ticket {
        total = round_by_table(total, &card.rounding)?;
    }
    let total = total.max(card.min_chargeable_weight);
    breakdown.push(render(
        MessageKey::QuoteChargeable,
        lang,
        &[("weight", &kg(total)), ("min", &kg(card.min_chargeable_weight))],
    ));
    Some(total)
}

#[inline(never)]
fn longest_and_girth(p: &Parcel) -> (Decimal, Decimal) {
    let longest = p.length.max(p.width).max(p.height);
    // longest + 2 × (the other two) = 2 × (all three) − longest.
    let girth = p
        .length
        .checked_add(p.width)
        .and_then(|s| s.checked_add(p.height))
        .and_then(|s| s.checked_add(s))
        .and_then(|s| s.checked_sub(longest))
        .unwrap_or(longest);
    (longest, girth)
}

#[inline(never)]
fn postal_matches(pattern: &str, postal: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(prefix) => postal.starts_with(prefix),
        None => postal == pattern,
    }
}

/// A postal code as compared: upper case, without spaces and hyphens (`sw1a 1aa` → `SW1A1AA`).
/// Cards and products are read with their codes normalized; a shipment's code once per forecast.
#[inline(never)]
pub fn normalized_postal(postal: &str) -> String {
    postal.chars().filter(|c| !c.is_whitespace() && *c != '-').collect::<String>().to_ascii_uppercase()
}

/// Why the product cannot take the shipment, if it cannot (before pricing).
#[inline(never)]
fn refusal(product: &Product, s: &Shipment, lang: Lang) -> Option<String> {
    if !product.trade_type.is_empty() && !product.trade_type.eq_ignore_ascii_case(&s.trade_type) {
        return Some(render(MessageKey::QuoteTradeType, lang, &[("tradeType", &s.trade_type)]));
    }
    let pieces: u32 = s.parcels.iter().map(|p| p.quantity).sum();
    if pieces > 1 && !product.multi_piece {
        return Some(MessageKey::QuoteSinglePiece.template(lang).to_owned());
    }
    for rule in &product.rules {
        let (label, unit, values): (MessageKey, &str, Vec<Decimal>) = match rule.measure {
            Measure::Weight => (MessageKey::RuleWeight, " kg", s.parcels.iter().map(|p| p.weight).collect()),
            Measure::LongestSide => {
                (MessageKey::RuleLongestSide, " cm", s.parcels.iter().map(|p| longest_and_girth(p).0).collect())
            }
            Measure::Girth => (MessageKey::RuleGirth, " cm", s.parcels.iter().map(|p| longest_and_girth(p).1).collect()),
            Measure::DeclaredValue => (MessageKey::RuleDeclaredValue, "", vec![s.declared_value]),
            Measure::Pieces => (MessageKey::RulePieces, "", vec![Decimal::from(pieces)]),
        };
        let label = label.template(lang);
        // With its unit, so a refusal reads "Weight 8 kg is above the maximum of 2 kg".
        let plain = |d: Decimal| plain(d) + unit;
        for v in values {
            if let Some(min) = rule.min
                && v < min
            {
                return Some(render(
                    MessageKey::QuoteBelowMin,
                    lang,
                    &[("rule", label), ("value", &plain(v)), ("min", &plain(min))],
                ));
            }
            if let Some(max) = rule.max
                && v > max
            {
                return Some(render(
                    MessageKey::QuoteAboveMax,
                    lang,
                    &[("rule", label), ("value", &plain(v)), ("max", &plain(max))],
                ));
            }
        }
    }
    let postal = &s.postal;
    let rules: Vec<&PostalRule> = product.postal_rules.iter().filter(|r| r.country.eq_ignore_ascii_case(&s.country)).collect();
    let denied = rules.iter().any(|r| !r.allow && postal_matches(&r.pattern, postal));
    let allows: Vec<&&PostalRule> = rules.iter().filter(|r| r.allow).collect();
    if denied || (!allows.is_empty() && !allows.iter().any(|r| postal_matches(&r.pattern, postal))) {
        return Some(render(MessageKey::QuotePostalRefused, lang, &[("postal", &s.postal_code)]));
    }
    None
}

/// The zone of a destination (`postal` normalized): the longest matching postal prefix among the
/// country's zones.
#[inline(never)]
pub fn zone_of<'a>(card: &'a RateCard, country: &str, postal: &str) -> Option<&'a Zone> {
    let mut best: Option<(&Zone, usize)> = None;
    for zone in card.zones.iter().filter(|z| z.countries.iter().any(|c| c.eq_ignore_ascii_case(country))) {
        let matched = if zone.postal_prefixes.is_empty() {
            Some(0)
        } else {
            zone.postal_prefixes.iter().filter(|p| postal.starts_with(p.as_str())).map(|p| p.len()).max()
        };
        if let Some(len) = matched
            && best.is_none_or(|(_, l)| len > l)
        {
            best = Some((zone, len));
        }
    }
    best.map(|(z, _)| z)
}

#[inline(never)]
fn freight_of(row: &Freight, weight: Decimal) -> Option<Decimal> {
    match row {
        Freight::Fixed { price } => Some(*price),
        Freight::FirstAdditional { first_weight, first_price, step_weight, step_price } => {
            if weight <= *first_weight || step_weight.is_zero() {
                return Some(*first_price);
            }
            let steps = div_up(weight.checked_sub(*first_weight)?, *step_weight, 0)?;
            first_price.checked_add(steps.checked_mul(*step_price)?)
        }
        Freight::PerKg { price, min_charge } => Some(weight.checked_mul(*price)?.max(*min_charge)),
    }
}

/// The quote of one product for a shipment, or why there is none.
pub fn quote(product: &Product, s: &Shipment, lang: Lang) -> Result<Quote, String> {
    quote_with(product, s, lang, &mut Memo::default())
}

/// What a forecast works out once per card and divisor, however many products share them (a
/// large bundle has hundreds of products on a few dozen cards): the chargeable weight with its
/// explanation. A list, not a hash map: a few hundred entries at most, and less code in WASM.
#[derive(Default)]
struct Memo<'a> {
    /// By divisor and the card's weighing rules (cards often share them).
    weights: Vec<(Decimal, &'a RateCard, Option<Decimal>, Vec<String>)>,
    /// The destination's zone (its place) per card.
    zones: Vec<(&'a RateCard, Option<usize>)>,
}

/// Whether two cards weigh alike: the same rounding table, scope and minimum.
fn weighs_alike(a: &RateCard, b: &RateCard) -> bool {
    std::ptr::eq(a, b) || (a.scope == b.scope && a.min_chargeable_weight == b.min_chargeable_weight && a.rounding == b.rounding)
}

impl<'a> Memo<'a> {
    fn zone(&mut self, card: &'a RateCard, s: &Shipment) -> Option<usize> {
        if let Some((_, at)) = self.zones.iter().find(|(c, _)| std::ptr::eq(*c, card)) {
            return *at;
        }
        let at = zone_of(card, &s.country, &s.postal).and_then(|z| card.zones.iter().position(|c| std::ptr::eq(c, z)));
        self.zones.push((card, at));
        at
    }

    fn chargeable(&mut self, s: &Shipment, divisor: Decimal, card: &'a RateCard, lang: Lang) -> (Option<Decimal>, Vec<String>) {
        let same = |d: &Decimal| d.mantissa() == divisor.mantissa() && d.scale() == divisor.scale();
        if let Some((_, _, weight, steps)) = self.weights.iter().find(|(d, c, ..)| same(d) && weighs_alike(c, card)) {
            return (*weight, steps.clone());
        }
        let mut steps = Vec::new();
        let weight = chargeable(s, divisor, card, lang, &mut steps);
        self.weights.push((divisor, card, weight, steps.clone()));
        (weight, steps)
    }
}

fn quote_with<'a>(product: &'a Product, s: &Shipment, lang: Lang, memo: &mut Memo<'a>) -> Result<Quote, String> {
    if let Some(reason) = refusal(product, s, lang) {
        return Err(reason);
    }
    let card = &product.card;
    if !s.currency.is_empty() && !s.currency.eq_ignore_ascii_case(&card.currency) {
        return Err(render(MessageKey::QuoteCurrency, lang, &[("currency", &card.currency)]));
    }
    let no_zone = || render(MessageKey::QuoteNoZone, lang, &[("country", &s.country)]);
    let zone_at = memo.zone(card, s).ok_or_else(no_zone)?;
    let zone = card.zones.get(zone_at).ok_or_else(no_zone)?;
    let overflow = || MessageKey::QuoteTooLarge.template(lang).to_owned();
    let (weight, mut breakdown) = memo.chargeable(s, product.divisor, card, lang);
    let weight = weight.ok_or_else(overflow)?;
    breakdown.push(render(MessageKey::QuoteZone, lang, &[("zone", &zone.code)]));
    let row = card
        .prices
        .iter()
        .find(|r| r.zone_at == zone_at && weight > r.from_weight && weight <= r.to_weight)
        .ok_or_else(|| render(MessageKey::QuoteNoPrice, lang, &[("weight", &kg(weight)), ("zone", &zone.code)]))?;
    let scale = minor_unit(&card.currency);
    let base = freight_of(&row.freight, weight).ok_or_else(overflow)?;
    let freight = hundred()
        .checked_add(product.markup_percent)
        .and_then(|k| percent_of(base, k))
        .and_then(|f| round_half_up(f, scale))
        .ok_or_else(overflow)?;
    breakdown.push(render(
        MessageKey::QuoteFreight,
        lang,
        &[("from", &kg(row.from_weight)), ("to", &kg(row.to_weight)), ("amount", &text(freight))],
    ));
    let mut lines = vec![Line { kind: "freight", label: MessageKey::LineFreight.template(lang), amount: text(freight) }];
    let mut total = freight;
    let postal = &s.postal;
    for surcharge in &card.surcharges {
        let (kind, key, amount) = match surcharge {
            Surcharge::Fuel { percent } => ("fuel", MessageKey::LineFuel, percent_of(freight, *percent).ok_or_else(overflow)?),
            Surcharge::PerTicket { amount } => ("perTicket", MessageKey::LinePerTicket, *amount),
            Surcharge::RemoteArea { countries, postal_codes, amount } => {
                let country = countries.is_empty() || countries.iter().any(|c| c.eq_ignore_ascii_case(&s.country));
                // Remote areas are listed by postal code or prefix (`IV`, `PH*` and `PH` alike).
                let code = postal_codes.iter().any(|p| postal.starts_with(p.as_str()));
                if !(country && code) {
                    continue;
                }
                ("remoteArea", MessageKey::LineRemoteArea, *amount)
            }
            Surcharge::Oversize { max_side, max_weight, amount } => {
                let over: u32 = s
                    .parcels
                    .iter()
                    .filter(|p| max_side.is_some_and(|m| longest_and_girth(p).0 > m) || max_weight.is_some_and(|m| p.weight > m))
                    .map(|p| p.quantity)
                    .sum();
                if over == 0 {
                    continue;
                }
                ("oversize", MessageKey::LineOversize, amount.checked_mul(Decimal::from(over)).ok_or_else(overflow)?)
            }
            Surcharge::Insurance { percent } => {
                if s.declared_value <= Decimal::ZERO {
                    continue;
                }
                ("insurance", MessageKey::LineInsurance, percent_of(s.declared_value, *percent).ok_or_else(overflow)?)
            }
        };
        let amount = round_half_up(amount, scale).ok_or_else(overflow)?;
        total = total.checked_add(amount).ok_or_else(overflow)?;
        lines.push(Line { kind, label: key.template(lang), amount: text(amount) });
    }
    Ok(Quote {
        channel_product_id: product.id.clone(),
        code: product.code.clone(),
        name: product.title(lang).to_owned(),
        zone: zone.code.clone(),
        chargeable_weight: kg(weight),
        lines,
        total: text(total),
        amount: total,
        currency: card.currency.clone(),
        breakdown,
    })
}

/// Every product's quote for the shipment (cheapest first, then by code) and the refusals.
pub fn forecast(products: &[Product], s: &Shipment, lang: Lang) -> Forecast {
    let mut out = Forecast::default();
    let mut memo = Memo::default();
    for p in products {
        match quote_with(p, s, lang, &mut memo) {
            Ok(q) => out.quotes.push(q),
            Err(reason) => out.unavailable.push(Unavailable {
                channel_product_id: p.id.clone(),
                code: p.code.clone(),
                name: p.title(lang).to_owned(),
                reason,
            }),
        }
    }
    out.quotes = cheapest_first(std::mem::take(&mut out.quotes));
    out
}

/// Quotes by currency, total, code and id: a bottom-up merge sort of positions, written out (the
/// standard sorts weigh 2 KB each in the browser's build); O(n log n), no allocation per run.
fn cheapest_first(quotes: Vec<Quote>) -> Vec<Quote> {
    let n = quotes.len();
    // Amounts compare within a currency; several currencies (no rates here) come grouped.
    let before = |a: &Quote, b: &Quote| {
        a.currency
            .cmp(&b.currency)
            .then_with(|| a.amount.cmp(&b.amount))
            .then_with(|| a.code.cmp(&b.code))
            .then_with(|| a.channel_product_id.cmp(&b.channel_product_id))
            != std::cmp::Ordering::Greater
    };
    let mut order: Vec<usize> = (0..n).collect();
    let mut merged = vec![0usize; n];
    let mut width = 1;
    while width < n {
        let mut start = 0;
        while start < n {
            let (mid, end) = ((start + width).min(n), (start + 2 * width).min(n));
            let (mut l, mut r) = (start, mid);
            for slot in &mut merged[start..end] {
                let take_left = l < mid && (r >= end || before(&quotes[order[l]], &quotes[order[r]]));
                *slot = if take_left { order[l] } else { order[r] };
                if take_left {
                    l += 1;
                } else {
                    r += 1;
                }
            }
            start = end;
        }
        std::mem::swap(&mut order, &mut merged);
        width *= 2;
    }
    let mut slots: Vec<Option<Quote>> = quotes.into_iter().map(Some).collect();
    order.into_iter().filter_map(|i| slots.get_mut(i).and_then(Option::take)).collect()
}

/// JSON text of a string (quotes and escapes as serde_json writes them).
fn push_json_str(out: &mut String, value: &str) {
    out.push('"');
    // Most text needs no escape: copied whole.
    if !value.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
        out.push_str(value);
        out.push('"');
        return;
    }
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(char::from(HEX[(c as usize) >> 4]));
                out.push(char::from(HEX[(c as usize) & 15]));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn push_field(out: &mut String, name: &str, value: &str) {
    out.push('"');
    out.push_str(name);
    out.push_str("\":");
    push_json_str(out, value);
    out.push(',');
}

impl Forecast {
    /// `{"ok":true,"quotes":[…],"unavailable":[…]}`, written by hand: the browser's build then
    /// needs no serializer per type (the server's answer carries the same fields through serde).
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(256 + self.quotes.len() * 512);
        out.push_str("{\"ok\":true,");
        self.write_fields(&mut out);
        out.push('}');
        out
    }

    /// `"quotes":[…],"unavailable":[…]`, for a caller that adds fields of its own.
    pub fn write_fields(&self, out: &mut String) {
        out.push_str("\"quotes\":[");
        for (i, q) in self.quotes.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push('{');
            push_field(out, "channelProductId", &q.channel_product_id);
            push_field(out, "code", &q.code);
            push_field(out, "name", &q.name);
            push_field(out, "zone", &q.zone);
            push_field(out, "chargeableWeight", &q.chargeable_weight);
            out.push_str("\"lines\":[");
            for (j, l) in q.lines.iter().enumerate() {
                if j > 0 {
                    out.push(',');
                }
                out.push('{');
                push_field(out, "kind", l.kind);
                push_field(out, "label", l.label);
                out.push_str("\"amount\":");
                push_json_str(out, &l.amount);
                out.push('}');
            }
            out.push_str("],");
            push_field(out, "total", &q.total);
            push_field(out, "currency", &q.currency);
            out.push_str("\"breakdown\":[");
            for (j, step) in q.breakdown.iter().enumerate() {
                if j > 0 {
                    out.push(',');
                }
                push_json_str(out, step);
            }
            out.push_str("]}");
        }
        out.push_str("],\"unavailable\":[");
        for (i, u) in self.unavailable.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push('{');
            push_field(out, "channelProductId", &u.channel_product_id);
            push_field(out, "code", &u.code);
            push_field(out, "name", &u.name);
            out.push_str("\"reason\":");
            push_json_str(out, &u.reason);
            out.push('}');
        }
        out.push(']');
    }
}
