//! Warehouse operations' rules, the same on the scanner page (through WebAssembly, before a scan
//! is queued offline) and on the server: what an intake scan must carry, whether a parcel can be
//! received, and what its re-weighing moves on the customer's wallet.

use crate::check_digit;
use crate::decimal::{self, Bounds, Decimal};
use crate::i18n::MessageKey;
use crate::json::Value;
use crate::prelude::*;
use crate::tracking::MAX_NUMBER_LEN;
use crate::validate::FieldError;
use crate::wallet::Movement;
use crate::weight::{DIMENSION_BOUNDS, WEIGHT_BOUNDS};

/// An inbound parcel's statuses.
pub const INBOUND_STATUSES: &[&str] = &["received"];

/// Most scans one batch intake takes.
pub const MAX_BATCH: usize = 200;

/// A parcel's measured weight: above zero, grams at most.
pub const MEASURED_WEIGHT: Bounds = Bounds { allow_zero: false, ..WEIGHT_BOUNDS };

/// An intake scan, checked: the number as it is looked up (trimmed, upper case), the weight (kg)
/// and the dimensions (cm) when measured.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Intake {
    pub number: String,
    pub weight: Decimal,
    /// Length, width and height, all three or none (then the declared ones stand).
    pub dimensions: Option<(Decimal, Decimal, Decimal)>,
}

fn blank(v: Option<&Value>) -> bool {
    match v {
        None | Some(Value::Null) => true,
        Some(Value::String(s)) => s.trim().is_empty(),
        _ => false,
    }
}

/// Checks an intake scan (`{number, weight, length, width, height}`): the number present, of a
/// tracking number's characters, its check digit right when its shape names a scheme (a misread
/// scan is refused before anything is looked up); the weight above zero; the dimensions all or
/// none, each above zero. The first problem, naming its field.
pub fn intake(form: &Value) -> Result<Intake, FieldError> {
    let number = form.get("number").and_then(Value::as_str).unwrap_or("").trim().to_ascii_uppercase();
    if number.is_empty() {
        return Err(FieldError::new("number", MessageKey::InboundNumberRequired));
    }
    if number.chars().count() > MAX_NUMBER_LEN || !number.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(
            FieldError::new("number", MessageKey::TrackNumberInvalid).with("number", number.chars().take(60).collect::<String>())
        );
    }
    if !check_digit::is_valid(check_digit::scheme_of(&number), &number) {
        return Err(FieldError::new("number", MessageKey::LabelSwapCheckDigit).with("number", number));
    }
    let weight = decimal::read("weight", MessageKey::FieldWeight, form.get("weight"), MEASURED_WEIGHT)?;
    let sides = [("length", MessageKey::FieldLength), ("width", MessageKey::FieldWidth), ("height", MessageKey::FieldHeight)];
    let given = sides.iter().filter(|(k, _)| !blank(form.get(k))).count();
    let dimensions = match given {
        0 => None,
        3 => {
            let mut read = sides.iter().map(|(k, label)| decimal::read(k, *label, form.get(k), DIMENSION_BOUNDS));
            let (Some(l), Some(w), Some(h)) = (read.next(), read.next(), read.next()) else {
                return Err(FieldError::new("length", MessageKey::InboundDimensionsPartial));
            };
            Some((l?, w?, h?))
        }
        _ => {
            let missing = sides.iter().find(|(k, _)| blank(form.get(k))).map_or("length", |(k, _)| *k);
            return Err(FieldError::new(missing, MessageKey::InboundDimensionsPartial));
        }
    };
    Ok(Intake { number, weight, dimensions })
}

/// Whether a parcel can be received now: its order submitted (money held) and the parcel not yet
/// received. Otherwise the message to show (arguments `serial` and `parcel` filled by the caller).
pub fn receivable(shipment_status: &str, parcel_status: &str) -> Result<(), MessageKey> {
    match (shipment_status, parcel_status) {
        ("cancelled", _) => Err(MessageKey::InboundCancelled),
        ("draft", _) => Err(MessageKey::InboundNotSubmitted),
        ("submitted", "submitted") => Ok(()),
        _ => Err(MessageKey::InboundAlreadyReceived),
    }
}

/// What re-weighing moves on the wallet once the order's hold of `held` is captured as it was:
/// the difference to `charged` (the re-quote), a debit when it costs more, a credit when less,
/// nothing when the same (minor units).
pub fn reweigh(held: i64, charged: i64) -> Option<Movement> {
    let difference = charged.checked_sub(held)?;
    match difference {
        0 => None,
        d if d > 0 => Some(Movement::Debit(d)),
        d => Some(Movement::Credit(d.checked_neg()?)),
    }
}

/// An outbound package's statuses: open while parcels are sorted into it, batched once in an
/// outbound batch, handed with its batch to the carrier.
pub const PACKAGE_STATUSES: &[&str] = &["open", "batched", "handed"];

/// An outbound batch's statuses.
pub const BATCH_STATUSES: &[&str] = &["open", "handed"];

/// What parcels sharing a package have in common (sort-pack): channel, destination country,
/// depot (the Amazon warehouse) and transport type. An empty part matches only an empty part.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PackKey {
    pub channel: String,
    pub country: String,
    pub depot: String,
    pub transport: String,
}

/// Whether a parcel of `parcel` key may go into a package: an empty package (no key yet) takes
/// any; otherwise the keys must be equal.
pub fn packable(package: Option<&PackKey>, parcel: &PackKey) -> Result<(), MessageKey> {
    match package {
        Some(k) if k != parcel => Err(MessageKey::PackageMismatch),
        _ => Ok(()),
    }
}

/// Whether a parcel in `parcel_status` can be sorted into a package: received and not yet packed.
pub fn sortable(parcel_status: &str) -> Result<(), MessageKey> {
    match parcel_status {
        "received" => Ok(()),
        "packed" => Err(MessageKey::ParcelPacked),
        "shipped" => Err(MessageKey::ParcelPacked),
        _ => Err(MessageKey::ParcelNotReceived),
    }
}

/// Putting a package (`status`, whether it is in a batch) into an outbound batch: an open package
/// not in a batch. The spec's message otherwise: "package has batch can't repeat operation".
pub fn batchable(status: &str, in_batch: bool) -> Result<(), MessageKey> {
    if in_batch || status != "open" { Err(MessageKey::PackageHasBatch) } else { Ok(()) }
}

/// Handing a batch over: open, with at least one package ("no package" otherwise).
pub fn handable(status: &str, packages: i64) -> Result<(), MessageKey> {
    if status != "open" {
        Err(MessageKey::BatchHanded)
    } else if packages <= 0 {
        Err(MessageKey::NoPackage)
    } else {
        Ok(())
    }
}

/// A scanned package number: required ("package number required"), of a tracking number's
/// characters.
pub fn package_number(value: &str) -> Result<String, FieldError> {
    let n = value.trim().to_ascii_uppercase();
    if n.is_empty() {
        return Err(FieldError::new("packageNo", MessageKey::PackageNoRequired));
    }
    if n.chars().count() > MAX_NUMBER_LEN || !n.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(FieldError::new("packageNo", MessageKey::PackageNotFound));
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &str)]) -> Value {
        Value::Object(pairs.iter().map(|(k, v)| ((*k).to_owned(), Value::String((*v).to_owned()))).collect())
    }

    #[test]
    fn an_intake_needs_a_readable_number_and_a_weight() {
        let ok = intake(&form(&[("number", " ea000000014cn "), ("weight", "2.345")])).unwrap();
        assert_eq!(ok.number, "EA000000014CN");
        assert_eq!(decimal::plain(ok.weight), "2.345");
        assert_eq!(ok.dimensions, None);
        let key = |f: &Value| intake(f).unwrap_err();
        assert_eq!(key(&form(&[("weight", "1")])).key, MessageKey::InboundNumberRequired);
        // A misread S10 number (wrong check digit) is refused before any lookup.
        assert_eq!(key(&form(&[("number", "EA000000015CN"), ("weight", "1")])).key, MessageKey::LabelSwapCheckDigit);
        assert_eq!(key(&form(&[("number", "A B"), ("weight", "1")])).key, MessageKey::TrackNumberInvalid);
        let no_weight = key(&form(&[("number", "REF-1")]));
        assert_eq!((no_weight.field.as_str(), no_weight.key), ("weight", MessageKey::Required));
        assert_eq!(key(&form(&[("number", "REF-1"), ("weight", "0")])).key, MessageKey::NumberPositive);
        assert_eq!(key(&form(&[("number", "REF-1"), ("weight", "1.0001")])).key, MessageKey::NumberTooPrecise);
    }

    #[test]
    fn dimensions_come_all_three_or_none() {
        let all =
            intake(&form(&[("number", "R1"), ("weight", "1"), ("length", "30"), ("width", "20.5"), ("height", "10")])).unwrap();
        let (l, w, h) = all.dimensions.unwrap();
        assert_eq!((decimal::plain(l), decimal::plain(w), decimal::plain(h)), ("30".into(), "20.5".into(), "10".into()));
        let partial = intake(&form(&[("number", "R1"), ("weight", "1"), ("length", "30"), ("height", "10")])).unwrap_err();
        assert_eq!((partial.field.as_str(), partial.key), ("width", MessageKey::InboundDimensionsPartial));
        let zero =
            intake(&form(&[("number", "R1"), ("weight", "1"), ("length", "0"), ("width", "1"), ("height", "1")])).unwrap_err();
        assert_eq!((zero.field.as_str(), zero.key), ("length", MessageKey::NumberPositive));
    }

    #[test]
    fn only_a_submitted_parcel_not_yet_received_is_received() {
        assert_eq!(receivable("submitted", "submitted"), Ok(()));
        assert_eq!(receivable("submitted", "received"), Err(MessageKey::InboundAlreadyReceived));
        assert_eq!(receivable("received", "received"), Err(MessageKey::InboundAlreadyReceived));
        assert_eq!(receivable("sorted", "received"), Err(MessageKey::InboundAlreadyReceived));
        assert_eq!(receivable("cancelled", "cancelled"), Err(MessageKey::InboundCancelled));
        assert_eq!(receivable("draft", "draft"), Err(MessageKey::InboundNotSubmitted));
    }

    #[test]
    fn reweighing_moves_the_difference_exactly() {
        assert_eq!(reweigh(1000, 1000), None);
        assert_eq!(reweigh(1000, 1250), Some(Movement::Debit(250)));
        assert_eq!(reweigh(1000, 680), Some(Movement::Credit(320)));
        assert_eq!(reweigh(i64::MIN, 1), None);
    }
    #[test]
    fn parcels_share_a_package_by_channel_country_depot_and_transport() {
        let key = |c: &str| PackKey { channel: "UPS".into(), country: c.into(), depot: String::new(), transport: "air".into() };
        assert_eq!(packable(None, &key("US")), Ok(()));
        assert_eq!(packable(Some(&key("US")), &key("US")), Ok(()));
        assert_eq!(packable(Some(&key("US")), &key("DE")), Err(MessageKey::PackageMismatch));
        assert_eq!(sortable("received"), Ok(()));
        assert_eq!(sortable("packed"), Err(MessageKey::ParcelPacked));
        assert_eq!(sortable("submitted"), Err(MessageKey::ParcelNotReceived));
    }

    #[test]
    fn a_package_goes_into_one_batch_and_a_batch_hands_over_with_packages() {
        assert_eq!(batchable("open", false), Ok(()));
        assert_eq!(batchable("open", true), Err(MessageKey::PackageHasBatch));
        assert_eq!(batchable("handed", false), Err(MessageKey::PackageHasBatch));
        assert_eq!(handable("open", 0), Err(MessageKey::NoPackage));
        assert_eq!(handable("open", 2), Ok(()));
        assert_eq!(handable("handed", 2), Err(MessageKey::BatchHanded));
        assert_eq!(package_number(" pk1 "), Ok("PK1".to_owned()));
        assert_eq!(package_number("  ").unwrap_err().key, MessageKey::PackageNoRequired);
    }
}
