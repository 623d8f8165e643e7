//! Trade records (`/logistics/wallet/trade/*`): the customers' legs of the ledger, read-only. A
//! customer (and its sub-accounts) sees its own; staff the tenant's. Each shows the money moved
//! and the balance and held amount after it.

use diesel::QueryableByName;
use logistics_core::MessageKey;
use serde::Serialize;
use utoipa::ToSchema;

use super::money;
use crate::platform::db::schema::wallet_trade;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::resource::{Field, Filter, Kind, Readable, Resource, Scope};

/// The trade types the records name.
pub const TRADE_TYPES: &[&str] =
    &["recharge", "withhold", "capture", "release", "refund", "adjustment", "fee", "expire", "reweigh"];

#[derive(QueryableByName)]
#[diesel(table_name = wallet_trade)]
pub struct TradeRow {
    id: String,
    customer_id: String,
    customer_username: String,
    currency: String,
    seq: i64,
    trade_no: String,
    trade_type: String,
    trade_item: Option<String>,
    out_trade_no: Option<String>,
    payment_type: Option<String>,
    payment_channel: Option<String>,
    amount: i64,
    held_change: i64,
    balance_after: i64,
    held_after: i64,
    operator: Option<String>,
    remark: Option<String>,
    create_time: DateTime,
}

/// One movement of a customer's wallet. Amounts are signed decimal text in the currency's places.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TradeRecord {
    pub id: String,
    pub customer_id: String,
    pub customer_username: String,
    pub currency: String,
    /// The entry's place in the account's ledger (1, 2, …).
    pub seq: i64,
    pub trade_no: String,
    /// recharge, withhold, capture, release, refund, adjustment, fee, expire or reweigh.
    pub trade_type: String,
    /// What it is for: a shipment's serial number, a recharge, …
    pub trade_item: Option<String>,
    pub out_trade_no: Option<String>,
    pub payment_type: Option<String>,
    pub payment_channel: Option<String>,
    /// The posted change (money).
    pub money: String,
    /// The change of the held amount.
    pub held_change: String,
    /// The balance after it.
    pub balance: String,
    pub held_after: String,
    pub operator: Option<String>,
    pub remark: Option<String>,
    pub create_time: DateTime,
}

impl Readable for TradeRecord {
    type Row = TradeRow;

    fn from_row(r: TradeRow) -> TradeRecord {
        TradeRecord {
            money: money(r.amount, &r.currency),
            held_change: money(r.held_change, &r.currency),
            balance: money(r.balance_after, &r.currency),
            held_after: money(r.held_after, &r.currency),
            id: r.id,
            customer_id: r.customer_id,
            customer_username: r.customer_username,
            currency: r.currency,
            seq: r.seq,
            trade_no: r.trade_no,
            trade_type: r.trade_type,
            trade_item: r.trade_item,
            out_trade_no: r.out_trade_no,
            payment_type: r.payment_type,
            payment_channel: r.payment_channel,
            operator: r.operator,
            remark: r.remark,
            create_time: r.create_time,
        }
    }
}

pub struct Trades;

impl Resource for Trades {
    const PATH: &'static str = "/logistics/wallet/trade";
    const PERMISSION: &'static str = "logistics:wallet:trade";
    const NOUN: &'static str = "trade record";
    const PLURAL: &'static str = "trade-records";
    const TABLE: &'static str = "wallet_trade";
    const SCOPE: Scope = Scope::Customer;
    const FIELDS: &'static [Field] = &[
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
        Field::text("customerUsername", "customer_username").titled(MessageKey::FieldCustomer),
        Field::text("tradeNo", "trade_no").titled(MessageKey::FieldTradeNo),
        Field::text("tradeType", "trade_type").sortable().titled(MessageKey::FieldTradeKind),
        Field::text("tradeItem", "trade_item").titled(MessageKey::FieldTradeItem),
        Field::text("outTradeNo", "out_trade_no").titled(MessageKey::FieldOutTradeNo),
        Field::text("paymentChannel", "payment_channel").titled(MessageKey::FieldPaymentChannel),
        Field::text("currency", "currency").titled(MessageKey::FieldCurrency),
        Field::big("money", "amount").sortable().titled(MessageKey::FieldAmount),
        Field::big("balance", "balance_after").titled(MessageKey::FieldBalance),
        Field::big("heldAfter", "held_after").titled(MessageKey::FieldHeld),
        Field::text("operator", "operator").titled(MessageKey::FieldOperator),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::one_of("tradeType", &["trade_type"], TRADE_TYPES, Kind::Text, "The trade type."),
        Filter::exact("currency", &["currency"], "Currency code."),
        Filter::like("outTradeNo", &["out_trade_no"], "Payment reference, substring."),
        Filter::like("tradeItem", &["trade_item"], "What it is for (a shipment's number), substring."),
        Filter::like("tradeNo", &["trade_no"], "Trade number, substring."),
        Filter::like("customer", &["customer_username"], "The customer's user name, substring (staff)."),
        Filter::time_from("createTime_begin", &["create_time"], "At or after (a date: from its start)."),
        Filter::time_until("createTime_end", &["create_time"], "Up to (a date: through its end)."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const HAS_CREATE_BY: bool = false;

    crate::read_only!(TradeRecord, trade_no);
}
