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

use crate::decimal::{div_up, percent_of, round_half_up, write_text};
use crate::i18n::{Lang, MessageKey};
use crate::prelude::*;
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
    /// Cards of a bundle that weigh alike (`weighs_alike`) share this number, set as the bundle is
    /// read: a forecast works out the chargeable weight once per number and divisor.
    pub weighing: usize,
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
    pub card: alloc::sync::Arc<RateCard>,
    /// Its first fields in a forecast's JSON, per language (zh-CN, en-US; `Product::heads`):
    /// `"channelProductId":…,"code":…,"name":…,`, escaped once when the bundle is read.
    pub heads: [String; 2],
}

impl Product {
    /// The name in `lang`.
    pub fn title(&self, lang: Lang) -> &str {
        if lang == Lang::EnUs && !self.name_en.is_empty() { &self.name_en } else { &self.name }
    }

    /// `heads` for the product as it stands.
    pub fn heads(&self) -> [String; 2] {
        [Lang::ZhCn, Lang::EnUs].map(|lang| {
            let mut head = String::new();
            push_field(&mut head, "channelProductId", Arg::Text(&self.id));
            push_field(&mut head, "code", Arg::Text(&self.code));
            push_field(&mut head, "name", Arg::Text(self.title(lang)));
            head
        })
    }

    fn head(&self, lang: Lang) -> &str {
        &self.heads[usize::from(lang == Lang::EnUs)]
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
/// Digits after the decimal point of a currency's minor unit (ISO 4217).
pub fn minor_unit(currency: &str) -> u32 {
    match currency {
        "JPY" | "KRW" | "VND" | "CLP" | "ISK" | "UGX" | "XAF" | "XOF" | "PYG" | "RWF" => 0,
        "BHD" | "KWD" | "OMR" | "JOD" | "TND" | "LYD" | "IQD" => 3,
        _ => 2,
    }
}

fn hundred() -> Decimal {
    Decimal::int(100)
}

/// `value` rounded up by the first step whose `up_to` it does not exceed (the last step beyond).
#[inline(never)]
fn round_by_table(value: Decimal, table: &[RoundingStep]) -> Option<Decimal> {
    let increment = table.iter().find(|s| value <= s.up_to).or_else(|| table.last()).map_or(Decimal::ZERO, |s| s.increment);
    round_up_to(value, increment)
}

/// One unit of a parcel: (actual, volumetric, the larger).
#[inline(never)]
fn unit_weights(p: &Parcel, divisor: Decimal) -> Option<(Decimal, Decimal, Decimal)> {
    let volumetric = if divisor.is_zero() { Decimal::ZERO } else { volumetric_weight(p.length, p.width, p.height, divisor)? };
    Some((p.weight, volumetric, p.weight.max(volumetric)))
}

/// A value in a message, written straight into the answer (no string of its own).
#[derive(Clone, Copy)]
enum Arg<'a> {
    /// Text as given (escaped for JSON).
    Text(&'a str),
    /// Kilograms: rounded to the gram, without trailing zeros.
    Kg(Decimal),
    /// An amount at its own scale (`12.50`).
    Money(Decimal),
    /// A value without trailing zeros, then its unit (`8 kg`, `320`).
    Plain(Decimal, &'static str),
    Count(usize),
}

// JSON string content (no quotes), escaped as serde_json escapes: core's JSON writer's.
use crate::json::write_escaped as push_escaped;

fn push_arg(out: &mut String, arg: Arg) {
    match arg {
        Arg::Text(t) => push_escaped(out, t),
        Arg::Kg(v) => write_text(out, round_half_up(v, WEIGHT_SCALE).unwrap_or(v).normalize()),
        Arg::Money(v) => write_text(out, v),
        Arg::Plain(v, unit) => {
            write_text(out, v.normalize());
            out.push_str(unit);
        }
        Arg::Count(n) => write_text(out, Decimal::int(n as i64)),
    }
}

/// A message in `lang` as JSON string content: `{name}` becomes its value (as `i18n::render`
/// does; braces that name no argument stay as written). The catalogue's templates need no escape
/// (a test of `i18n` says so); the values are escaped.
#[inline(never)]
fn push_message(out: &mut String, key: MessageKey, lang: Lang, args: &[(&str, Arg)]) {
    crate::i18n::fill(out, key.template(lang), |name, out| match args.iter().find(|(n, _)| *n == name) {
        Some((_, v)) => {
            push_arg(out, *v);
            true
        }
        None => false,
    });
}

/// `"name":"value",`
fn push_field(out: &mut String, name: &str, value: Arg) {
    out.push('"');
    out.push_str(name);
    out.push_str("\":\"");
    push_arg(out, value);
    out.push_str("\",");
}

/// The shipment's chargeable weight under a divisor and a card's weighing rules, with each step
/// explained (appended to `steps` as JSON strings, comma-separated).
#[inline(never)]
fn chargeable(s: &Shipment, divisor: Decimal, card: &RateCard, lang: Lang, steps: &mut String) -> Option<Decimal> {
    let mut total = Decimal::ZERO;
    for (i, p) in s.parcels.iter().enumerate() {
        let (actual, volumetric, heavier) = unit_weights(p, divisor)?;
        let unit = match card.scope {
            Scope::Parcel => round_by_table(heavier, &card.rounding)?,
            Scope::Ticket => heavier,
        };
        total = total.checked_add(unit.checked_mul(Decimal::from(p.quantity))?)?;
        steps.push('"');
        push_message(
            steps,
            MessageKey::QuoteParcel,
            lang,
            &[
                ("n", Arg::Count(i + 1)),
                ("actual", Arg::Kg(actual)),
                ("volumetric", Arg::Kg(volumetric)),
                ("unit", Arg::Kg(unit)),
                ("quantity", Arg::Count(p.quantity as usize)),
            ],
        );
        steps.push_str("\",");
    }
    if card.scope == Scope::Ticket {
        total = round_by_table(total, &card.rounding)?;
    }
    let total = total.max(card.min_chargeable_weight);
    steps.push('"');
    push_message(
        steps,
        MessageKey::QuoteChargeable,
        lang,
        &[("weight", Arg::Kg(total)), ("min", Arg::Kg(card.min_chargeable_weight))],
    );
    steps.push('"');
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

/// Why a product cannot take a shipment; put in words only when written.
#[derive(Clone, Copy)]
enum Refusal<'a> {
    TradeType,
    SinglePiece,
    /// A validity rule: the measure's label and unit, the value and the bound it crossed.
    Limit {
        above: bool,
        rule: MessageKey,
        unit: &'static str,
        value: Decimal,
        bound: Decimal,
    },
    Postal,
    Currency(&'a str),
    NoZone,
    NoPrice {
        weight: Decimal,
        zone: &'a str,
    },
    TooLarge,
}

impl Refusal<'_> {
    fn write(self, out: &mut String, s: &Shipment, lang: Lang) {
        let (key, args): (MessageKey, [(&str, Arg); 3]) = match self {
            Refusal::TradeType => (MessageKey::QuoteTradeType, [("tradeType", Arg::Text(&s.trade_type)); 3]),
            Refusal::SinglePiece => (MessageKey::QuoteSinglePiece, [("", Arg::Count(0)); 3]),
            Refusal::Limit { above, rule, unit, value, bound } => (
                if above { MessageKey::QuoteAboveMax } else { MessageKey::QuoteBelowMin },
                [
                    ("rule", Arg::Text(rule.template(lang))),
                    ("value", Arg::Plain(value, unit)),
                    (if above { "max" } else { "min" }, Arg::Plain(bound, unit)),
                ],
            ),
            Refusal::Postal => (MessageKey::QuotePostalRefused, [("postal", Arg::Text(&s.postal_code)); 3]),
            Refusal::Currency(currency) => (MessageKey::QuoteCurrency, [("currency", Arg::Text(currency)); 3]),
            Refusal::NoZone => (MessageKey::QuoteNoZone, [("country", Arg::Text(&s.country)); 3]),
            Refusal::NoPrice { weight, zone } => {
                (MessageKey::QuoteNoPrice, [("weight", Arg::Kg(weight)), ("zone", Arg::Text(zone)), ("", Arg::Count(0))])
            }
            Refusal::TooLarge => (MessageKey::QuoteTooLarge, [("", Arg::Count(0)); 3]),
        };
        push_message(out, key, lang, &args);
    }
}

/// The first validity rule the shipment breaks (before pricing).
#[inline(never)]
fn refusal(product: &Product, s: &Shipment, pieces: u32, sizes: &[(Decimal, Decimal)]) -> Option<Refusal<'static>> {
    if !product.trade_type.is_empty() && !product.trade_type.eq_ignore_ascii_case(&s.trade_type) {
        return Some(Refusal::TradeType);
    }
    if pieces > 1 && !product.multi_piece {
        return Some(Refusal::SinglePiece);
    }
    for rule in &product.rules {
        // With its unit, so a refusal reads "Weight 8 kg is above the maximum of 2 kg".
        let (label, unit) = match rule.measure {
            Measure::Weight => (MessageKey::RuleWeight, " kg"),
            Measure::LongestSide => (MessageKey::RuleLongestSide, " cm"),
            Measure::Girth => (MessageKey::RuleGirth, " cm"),
            Measure::DeclaredValue => (MessageKey::RuleDeclaredValue, ""),
            Measure::Pieces => (MessageKey::RulePieces, ""),
        };
        let crossed = |value: Decimal| {
            let limit = |above: bool, bound: Decimal| Refusal::Limit { above, rule: label, unit, value, bound };
            match (rule.min, rule.max) {
                (Some(min), _) if value < min => Some(limit(false, min)),
                (_, Some(max)) if value > max => Some(limit(true, max)),
                _ => None,
            }
        };
        let found = match rule.measure {
            Measure::Weight => s.parcels.iter().find_map(|p| crossed(p.weight)),
            Measure::LongestSide => sizes.iter().find_map(|(longest, _)| crossed(*longest)),
            Measure::Girth => sizes.iter().find_map(|(_, girth)| crossed(*girth)),
            Measure::DeclaredValue => crossed(s.declared_value),
            Measure::Pieces => crossed(Decimal::from(pieces)),
        };
        if found.is_some() {
            return found;
        }
    }
    // Allow rules make a whitelist for their country; a deny rule that matches excludes.
    let (mut denied, mut whitelist, mut allowed) = (false, false, false);
    for r in product.postal_rules.iter().filter(|r| r.country.eq_ignore_ascii_case(&s.country)) {
        let matches = postal_matches(&r.pattern, &s.postal);
        if r.allow {
            whitelist = true;
            allowed |= matches;
        } else {
            denied |= matches;
        }
    }
    if denied || (whitelist && !allowed) { Some(Refusal::Postal) } else { None }
}

/// The zone of a destination (`postal` normalized): the longest matching postal prefix among the
/// country's zones.
#[inline(never)]
fn zone_of<'a>(card: &'a RateCard, country: &str, postal: &str) -> Option<&'a Zone> {
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

/// A chargeable weight worked out once per forecast for a divisor and a card's weighing rules
/// (a large bundle has hundreds of products on a few dozen cards), its steps already written.
struct Weighing {
    divisor: Decimal,
    /// The cards' `weighing`.
    class: usize,
    weight: Option<Decimal>,
    /// The steps as JSON strings, comma-separated.
    steps: String,
}

/// What a forecast works out once and shares between products. Lists, not hash maps: a few
/// hundred entries at most, and less code in WASM.
#[derive(Default)]
struct Memo<'a> {
    weighings: Vec<Weighing>,
    /// The destination's zone (its place) per card.
    zones: Vec<(&'a RateCard, Option<usize>)>,
}

/// Whether two cards weigh alike: the same rounding table, scope and minimum.
pub fn weighs_alike(a: &RateCard, b: &RateCard) -> bool {
    core::ptr::eq(a, b) || (a.scope == b.scope && a.min_chargeable_weight == b.min_chargeable_weight && a.rounding == b.rounding)
}

impl<'a> Memo<'a> {
    fn zone(&mut self, card: &'a RateCard, s: &Shipment) -> Option<usize> {
        if let Some((_, at)) = self.zones.iter().find(|(c, _)| core::ptr::eq(*c, card)) {
            return *at;
        }
        let at = zone_of(card, &s.country, &s.postal).and_then(|z| card.zones.iter().position(|c| core::ptr::eq(c, z)));
        self.zones.push((card, at));
        at
    }

    /// The weighing's place and weight.
    fn weighing(&mut self, s: &Shipment, divisor: Decimal, card: &'a RateCard, lang: Lang) -> (usize, Option<Decimal>) {
        let same = |d: &Decimal| d.mantissa() == divisor.mantissa() && d.scale() == divisor.scale();
        if let Some(at) = self.weighings.iter().position(|w| w.class == card.weighing && same(&w.divisor)) {
            return (at, self.weighings[at].weight);
        }
        let mut steps = String::new();
        let weight = chargeable(s, divisor, card, lang, &mut steps);
        self.weighings.push(Weighing { divisor, class: card.weighing, weight, steps });
        (self.weighings.len() - 1, weight)
    }
}

/// The kinds of a quote's money lines, with their labels.
const LINE_KINDS: [(&str, MessageKey); 6] = [
    ("freight", MessageKey::LineFreight),
    ("fuel", MessageKey::LineFuel),
    ("perTicket", MessageKey::LinePerTicket),
    ("remoteArea", MessageKey::LineRemoteArea),
    ("oversize", MessageKey::LineOversize),
    ("insurance", MessageKey::LineInsurance),
];
const FREIGHT: usize = 0;
const FUEL: usize = 1;
const PER_TICKET: usize = 2;
const REMOTE_AREA: usize = 3;
const OVERSIZE: usize = 4;
const INSURANCE: usize = 5;

/// A money line of a quote.
struct Line {
    /// Its place in `LINE_KINDS`.
    kind: usize,
    amount: Decimal,
}

/// A product's price for the shipment, as numbers; written out once the quotes are in order.
struct Priced<'a> {
    product: &'a Product,
    /// Its place in the forecast's products.
    at: usize,
    zone: &'a Zone,
    weighing: usize,
    weight: Decimal,
    row: &'a PriceRow,
    /// Its lines in the forecast's list of lines (freight first).
    lines: core::ops::Range<usize>,
    total: Decimal,
}

/// Prices one product, or says why it cannot take the shipment. Lines go to `lines`.
fn price<'a>(
    product: &'a Product,
    s: &Shipment,
    (pieces, sizes): (u32, &[(Decimal, Decimal)]),
    lang: Lang,
    memo: &mut Memo<'a>,
    lines: &mut Vec<Line>,
) -> Result<Priced<'a>, Refusal<'a>> {
    if let Some(refused) = refusal(product, s, pieces, sizes) {
        return Err(refused);
    }
    let card: &'a RateCard = &product.card;
    if !s.currency.is_empty() && !s.currency.eq_ignore_ascii_case(&card.currency) {
        return Err(Refusal::Currency(&card.currency));
    }
    let zone_at = memo.zone(card, s).ok_or(Refusal::NoZone)?;
    let zone = card.zones.get(zone_at).ok_or(Refusal::NoZone)?;
    let (weighing, weight) = memo.weighing(s, product.divisor, card, lang);
    let weight = weight.ok_or(Refusal::TooLarge)?;
    let row = card
        .prices
        .iter()
        .find(|r| r.zone_at == zone_at && weight > r.from_weight && weight <= r.to_weight)
        .ok_or(Refusal::NoPrice { weight, zone: &zone.code })?;
    let scale = minor_unit(&card.currency);
    let base = freight_of(&row.freight, weight).ok_or(Refusal::TooLarge)?;
    let freight = hundred()
        .checked_add(product.markup_percent)
        .and_then(|k| percent_of(base, k))
        .and_then(|f| round_half_up(f, scale))
        .ok_or(Refusal::TooLarge)?;
    let first = lines.len();
    lines.push(Line { kind: FREIGHT, amount: freight });
    let mut total = freight;
    let added = (|| {
        for surcharge in &card.surcharges {
            let (kind, amount) = match surcharge {
                Surcharge::Fuel { percent } => (FUEL, percent_of(freight, *percent)?),
                Surcharge::PerTicket { amount } => (PER_TICKET, *amount),
                Surcharge::RemoteArea { countries, postal_codes, amount } => {
                    let country = countries.is_empty() || countries.iter().any(|c| c.eq_ignore_ascii_case(&s.country));
                    // Remote areas are listed by postal code or prefix (`IV`, `PH*` and `PH` alike).
                    let code = postal_codes.iter().any(|p| s.postal.starts_with(p.as_str()));
                    if !(country && code) {
                        continue;
                    }
                    (REMOTE_AREA, *amount)
                }
                Surcharge::Oversize { max_side, max_weight, amount } => {
                    let over: u32 = s
                        .parcels
                        .iter()
                        .zip(sizes)
                        .filter(|(p, (longest, _))| {
                            max_side.is_some_and(|m| *longest > m) || max_weight.is_some_and(|m| p.weight > m)
                        })
                        .map(|(p, _)| p.quantity)
                        .sum();
                    if over == 0 {
                        continue;
                    }
                    (OVERSIZE, amount.checked_mul(Decimal::from(over))?)
                }
                Surcharge::Insurance { percent } => {
                    if s.declared_value <= Decimal::ZERO {
                        continue;
                    }
                    (INSURANCE, percent_of(s.declared_value, *percent)?)
                }
            };
            let amount = round_half_up(amount, scale)?;
            total = total.checked_add(amount)?;
            lines.push(Line { kind, amount });
        }
        Some(())
    })();
    if added.is_none() {
        lines.truncate(first);
        return Err(Refusal::TooLarge);
    }
    Ok(Priced { product, at: 0, zone, weighing, weight, row, lines: first..lines.len(), total })
}

/// Positions `0..n` ordered by `before` (a stable bottom-up merge sort, written out: the standard
/// sorts weigh 2 KB each in the browser's build); O(n log n).
fn sorted(n: usize, before: impl Fn(usize, usize) -> bool) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    let mut merged = vec![0usize; n];
    let mut width = 1;
    while width < n {
        let mut start = 0;
        while start < n {
            let (mid, end) = ((start + width).min(n), (start + 2 * width).min(n));
            let (mut l, mut r) = (start, mid);
            for slot in &mut merged[start..end] {
                let take_left = l < mid && (r >= end || before(order[l], order[r]));
                *slot = if take_left { order[l] } else { order[r] };
                if take_left {
                    l += 1;
                } else {
                    r += 1;
                }
            }
            start = end;
        }
        core::mem::swap(&mut order, &mut merged);
        width *= 2;
    }
    order
}

/// Where a forecast's quotes carry the chargeable-weight steps of their breakdowns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Steps {
    /// In each quote's `breakdown` (the API's answer).
    Inline,
    /// What repeats, once: a quote has `"weighing":i,"steps":[zone, freight]` in place of
    /// `breakdown`, which is `weighings[i]` (in `"weighings":[[…],…]` after the quotes) followed
    /// by `steps`; its lines are `[kind, amount]`, the labels once in `"labels":{kind: label}`; a
    /// quote or refusal names its product by place (`"p":i`) in place of id, code, name and
    /// currency (`write_products`). The browser's form: the answer that crosses from WASM is a
    /// fifth of the size (`web/src/core/index.ts` puts it back together).
    Shared,
}

/// The forecast of a shipment as JSON fields, appended to `out`: `"quotes":[…],"unavailable":[…]`.
/// Quotes cheapest first (by currency, total, code, id) = {channelProductId, code, name, zone,
/// chargeableWeight, lines[{kind, label, amount}], total, currency, breakdown[steps]};
/// unavailable = {channelProductId, code, name, reason}, in the products' order. The server's
/// answer and the browser's come from this one writer.
pub fn write_forecast(products: &[Product], s: &Shipment, lang: Lang, steps: Steps, out: &mut String) {
    let mut memo = Memo::default();
    let mut lines = Vec::new();
    let mut priced = Vec::with_capacity(products.len());
    let mut refused = Vec::new();
    let pieces: u32 = s.parcels.iter().map(|p| p.quantity).sum();
    // Each parcel's longest side and girth, for every product's rules and oversize surcharges.
    let sizes: Vec<(Decimal, Decimal)> = s.parcels.iter().map(longest_and_girth).collect();
    for (at, p) in products.iter().enumerate() {
        match price(p, s, (pieces, &sizes), lang, &mut memo, &mut lines) {
            Ok(q) => priced.push(Priced { at, ..q }),
            Err(reason) => refused.push((at, p, reason)),
        }
    }
    // Amounts compare within a currency; several currencies (no rates here) come grouped.
    let order = sorted(priced.len(), |a, b| {
        let (a, b) = (&priced[a], &priced[b]);
        a.product
            .card
            .currency
            .cmp(&b.product.card.currency)
            .then_with(|| a.total.cmp(&b.total))
            .then_with(|| a.product.code.cmp(&b.product.code).then_with(|| a.product.id.cmp(&b.product.id)))
            != core::cmp::Ordering::Greater
    });
    // Each kind of line up to its amount, written once: `{"kind":…,"label":…,"amount":"` (inline),
    // or `["kind","` with the labels once at the end (shared).
    let line_heads = LINE_KINDS.map(|(kind, label)| {
        let mut head = String::new();
        match steps {
            Steps::Inline => {
                head.push('{');
                push_field(&mut head, "kind", Arg::Text(kind));
                push_field(&mut head, "label", Arg::Text(label.template(lang)));
                head.push_str("\"amount\":\"");
            }
            Steps::Shared => {
                head.push_str("[\"");
                head.push_str(kind);
                head.push_str("\",\"");
            }
        }
        head
    });
    let line_end = if steps == Steps::Inline { "\"}" } else { "\"]" };
    out.reserve(priced.len() * 700 + refused.len() * 160);
    out.push_str("\"quotes\":[");
    for (i, q) in order.iter().filter_map(|&i| priced.get(i)).enumerate() {
        if i > 0 {
            out.push(',');
        }
        let product = q.product;
        out.push('{');
        push_head(out, product, q.at, lang, steps);
        push_field(out, "zone", Arg::Text(&q.zone.code));
        push_field(out, "chargeableWeight", Arg::Kg(q.weight));
        out.push_str("\"lines\":[");
        for (j, line) in lines[q.lines.clone()].iter().enumerate() {
            if j > 0 {
                out.push(',');
            }
            out.push_str(line_heads.get(line.kind).map_or("", String::as_str));
            push_arg(out, Arg::Money(line.amount));
            out.push_str(line_end);
        }
        out.push_str("],");
        push_field(out, "total", Arg::Money(q.total));
        if steps == Steps::Inline {
            push_field(out, "currency", Arg::Text(&product.card.currency));
        }
        match steps {
            Steps::Inline => {
                out.push_str("\"breakdown\":[");
                out.push_str(memo.weighings.get(q.weighing).map_or("", |w| w.steps.as_str()));
                out.push_str(",\"");
            }
            Steps::Shared => {
                out.push_str("\"weighing\":");
                push_arg(out, Arg::Count(q.weighing));
                out.push_str(",\"steps\":[\"");
            }
        }
        push_message(out, MessageKey::QuoteZone, lang, &[("zone", Arg::Text(&q.zone.code))]);
        out.push_str("\",\"");
        let freight = lines.get(q.lines.start).map_or(Decimal::ZERO, |l| l.amount);
        push_message(
            out,
            MessageKey::QuoteFreight,
            lang,
            &[("from", Arg::Kg(q.row.from_weight)), ("to", Arg::Kg(q.row.to_weight)), ("amount", Arg::Money(freight))],
        );
        out.push_str("\"]}");
    }
    out.push_str("],\"unavailable\":[");
    for (i, (at, product, reason)) in refused.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('{');
        push_head(out, product, *at, lang, steps);
        out.push_str("\"reason\":\"");
        reason.write(out, s, lang);
        out.push_str("\"}");
    }
    out.push(']');
    if steps == Steps::Shared {
        out.push_str(",\"labels\":{");
        for (i, (kind, label)) in LINE_KINDS.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push('"');
            out.push_str(kind);
            out.push_str("\":\"");
            out.push_str(label.template(lang));
            out.push('"');
        }
        out.push_str("},\"weighings\":[");
        for (i, w) in memo.weighings.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push('[');
            // A weighing that failed (figures too large) priced nothing: its steps are unfinished.
            if w.weight.is_some() {
                out.push_str(&w.steps);
            }
            out.push(']');
        }
        out.push(']');
    }
}

/// A quote's or refusal's first fields: the product's own (inline), or its place in the
/// products (shared: `"p":i`; see `write_products`).
fn push_head(out: &mut String, product: &Product, at: usize, lang: Lang, steps: Steps) {
    match steps {
        Steps::Inline => out.push_str(product.head(lang)),
        Steps::Shared => {
            out.push_str("\"p\":");
            push_arg(out, Arg::Count(at));
            out.push(',');
        }
    }
}

/// `[{channelProductId, code, name, currency}, …]` of the products, in order: what a shared
/// forecast's `"p":i` stands for (read once per bundle and language).
pub fn write_products(products: &[Product], lang: Lang, out: &mut String) {
    out.push('[');
    for (i, p) in products.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('{');
        out.push_str(p.head(lang));
        out.push_str("\"currency\":\"");
        push_escaped(out, &p.card.currency);
        out.push_str("\"}");
    }
    out.push(']');
}

/// `{"ok":true,"quotes":[…],"unavailable":[…]}` (see `write_forecast`).
pub fn forecast_json(products: &[Product], s: &Shipment, lang: Lang, steps: Steps) -> String {
    let mut out = String::with_capacity(64);
    out.push_str("{\"ok\":true,");
    write_forecast(products, s, lang, steps, &mut out);
    out.push('}');
    out
}
