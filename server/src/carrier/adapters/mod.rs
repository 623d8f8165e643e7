//! Carrier adapters: what the platform asks of a carrier's system, one implementation per API a
//! supplier speaks (the supplier's `apiType` names it): rates, labels, tracking, cancellations,
//! pickups and manifests. Each call carries the supplier's credentials (kept sealed, opened for
//! the call). `docs/adding-a-carrier.md` explains how to add one.
//!
//! The sandbox adapter (`apiType` `sandbox`) answers locally and deterministically: tests and the
//! demo use it.

pub mod sandbox;
pub mod sandbox_track;

use futures_util::future::BoxFuture;

pub use crate::carrier::suppliers::credentials::Credentials;

/// An address as a carrier's label shows it.
#[derive(Clone, Debug, Default)]
pub struct Address {
    pub name: String,
    pub company: Option<String>,
    pub phone: Option<String>,
    /// House, street and address lines, joined.
    pub street: String,
    pub city: String,
    pub state: Option<String>,
    pub postal_code: Option<String>,
    /// ISO 3166-1 alpha-2.
    pub country: String,
}

/// One parcel of the order.
#[derive(Clone, Debug, Default)]
pub struct Parcel {
    /// 1-based position in the order.
    pub seq: i32,
    pub reference: Option<String>,
    /// Kilograms, as text (`1.25`).
    pub weight_kg: String,
    /// Centimetres: length, width, height.
    pub dimensions_cm: (String, String, String),
}

/// What a carrier needs to issue an order's label.
#[derive(Clone, Debug, Default)]
pub struct LabelRequest {
    /// The platform's order number (the carrier's reference).
    pub serial_number: String,
    /// The channel product's code: the carrier service.
    pub service_code: String,
    pub service_name: String,
    /// The carrier number the order already holds (from a number segment), if any.
    pub track_no: Option<String>,
    pub sender: Option<Address>,
    pub consignee: Address,
    pub parcels: Vec<Parcel>,
    pub credentials: Credentials,
}

/// A carrier's label: its number for the order and the PDF (a page per parcel).
#[derive(Clone, Debug)]
pub struct CarrierLabel {
    pub track_no: String,
    pub pdf: Vec<u8>,
}

/// A number the platform asks a carrier about.
#[derive(Clone, Debug)]
pub struct TrackRequest {
    /// The carrier's number.
    pub number: String,
    /// When the order was handed to the carrier (submitted), Unix seconds.
    pub since: i64,
    /// The destination country (ISO 3166-1 alpha-2).
    pub country: Option<String>,
}

/// One event a carrier reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CarrierEvent {
    pub number: String,
    /// The carrier's id of the event (stable: polled again, the same event).
    pub event_id: String,
    /// The carrier's code (mapped to a status through the source's mappings).
    pub code: String,
    pub time: logistics_core::tracking::EventTime,
    pub location: Option<String>,
    pub detail: Option<String>,
    pub detail_en: Option<String>,
    pub reason: Option<String>,
}

/// What a carrier would charge the forwarder for parcels to a destination.
#[derive(Clone, Debug, Default)]
pub struct RateRequest {
    pub service_code: String,
    pub country: String,
    pub postal_code: Option<String>,
    pub parcels: Vec<Parcel>,
    pub credentials: Credentials,
}

/// A carrier's price: a decimal amount (`23.50`) in a currency (ISO 4217).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CarrierRate {
    pub amount: String,
    pub currency: String,
}

/// A number to withdraw (its label is not to be used).
#[derive(Clone, Debug, Default)]
pub struct CancelRequest {
    pub track_no: String,
    pub credentials: Credentials,
}

/// A pickup to book at a depot.
#[derive(Clone, Debug, Default)]
pub struct PickupRequest {
    /// The platform's dispatch number (the carrier's reference).
    pub dispatch_no: String,
    /// `YYYY-MM-DD` and `HH:MM-HH:MM`.
    pub date: String,
    pub window: Option<String>,
    pub depot: Address,
    pub shipments: i32,
    pub pieces: i32,
    /// kg, decimal text.
    pub weight_kg: String,
    pub credentials: Credentials,
}

/// The end of a day's handover: every number handed at a depot.
#[derive(Clone, Debug, Default)]
pub struct ManifestRequest {
    pub manifest_no: String,
    pub date: String,
    pub depot: Address,
    pub numbers: Vec<String>,
    pub credentials: Credentials,
}

/// What a carrier's system does for the platform.
pub trait CarrierAdapter: Send + Sync {
    /// The `apiType` that selects this adapter.
    fn code(&self) -> &'static str;
    /// Issues (or fetches again) the label of an order. An `Err` is the carrier's reason, shown
    /// to whoever printed.
    fn label<'a>(&'a self, request: &'a LabelRequest) -> BoxFuture<'a, Result<CarrierLabel, String>>;
    /// The events so far (up to `now`, Unix seconds) of each number: all of them, every time;
    /// the platform keeps each event once.
    fn track<'a>(&'a self, requests: &'a [TrackRequest], now: i64) -> BoxFuture<'a, Result<Vec<CarrierEvent>, String>>;
    /// The carrier's price for the parcels (its cost to the forwarder).
    fn rate<'a>(&'a self, request: &'a RateRequest) -> BoxFuture<'a, Result<CarrierRate, String>>;
    /// Withdraws a number the carrier issued or was told of. `Ok` also when it never knew it.
    fn cancel<'a>(&'a self, request: &'a CancelRequest) -> BoxFuture<'a, Result<(), String>>;
    /// Books a pickup: the carrier's confirmation number.
    fn pickup<'a>(&'a self, request: &'a PickupRequest) -> BoxFuture<'a, Result<String, String>>;
    /// Sends the day's manifest: the carrier's reference for it.
    fn manifest<'a>(&'a self, request: &'a ManifestRequest) -> BoxFuture<'a, Result<String, String>>;
}

static SANDBOX: sandbox::Sandbox = sandbox::Sandbox;

/// The adapter a supplier's `apiType` names, if the platform has one.
pub fn for_api_type(api_type: &str) -> Option<&'static dyn CarrierAdapter> {
    let adapters: [&'static dyn CarrierAdapter; 1] = [&SANDBOX];
    let wanted = api_type.trim();
    adapters.into_iter().find(|a| a.code().eq_ignore_ascii_case(wanted))
}
