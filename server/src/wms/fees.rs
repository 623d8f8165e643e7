//! Warehouse fees. Staff set rates per customer, or one for every customer without its own
//! (`/wms/feeRate/*`): storage per cubic metre per day, inbound and outbound handling per piece.
//! A daily job (the scheduled job `wms.fees`; `/wms/userFee/run` for a day by hand) assesses the
//! day that ended from the stock log alone (what each customer held at the day's end, received and
//! picked during it), one user fee per customer, day and type (a unique row: a second run of the
//! same day assesses nothing more), then pays every due fee from the customer's wallet (`fee`
//! trades), each in one transaction with its row turning `charged`; a fee the wallet cannot pay
//! stays `due`, with the reason, and the next run tries again.

use std::collections::BTreeMap;

use chrono::{Duration, NaiveDate, NaiveDateTime, TimeZone, Utc};
use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::decimal::{self, Decimal, plain};
use logistics_core::wallet::Movement;
use logistics_core::wms::{self, FEE_STATUSES, FEE_TYPES};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::caller::Caller;
use crate::platform::db::Db;
use crate::platform::db::schema::{wms_fee_rate as fr, wms_sku as k, wms_user_fee as uf};
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiJson, ApiResult, AppError, ok};
use crate::platform::resource::sql::{Sql, Value as SqlValue};
use crate::platform::resource::{Checked, Field, Filter, Kind, Readable, Resource, Scope, customer_of};
use crate::platform::secrets;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;
use crate::wallet::ledger::{self, Details, Operation, TradeType, Wallet};
use crate::wallet::{BUSINESS_ZONE, money};
use crate::{on_tx, transaction, with_conn};

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = fr)]
#[serde(rename_all = "camelCase")]
pub struct WmsFeeRateRecord {
    pub id: String,
    /// Empty: every customer without a rate of its own.
    pub customer_id: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub customer_username: Option<String>,
    pub currency: String,
    /// Per cubic metre per day (decimal text).
    pub storage_rate: String,
    /// Per piece received.
    pub inbound_rate: String,
    /// Per piece picked.
    pub outbound_rate: String,
    pub remark: Option<String>,
    pub create_time: DateTime,
    pub update_time: Option<DateTime>,
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WmsFeeRateForm {
    pub id: Option<String>,
    /// The customer; none: every customer without its own rate. Kept on edit.
    pub customer_id: Option<String>,
    #[serde(default)]
    pub currency: String,
    #[schema(value_type = String)]
    #[serde(default)]
    pub storage_rate: serde_json::Value,
    #[schema(value_type = String)]
    #[serde(default)]
    pub inbound_rate: serde_json::Value,
    #[schema(value_type = String)]
    #[serde(default)]
    pub outbound_rate: serde_json::Value,
    pub remark: Option<String>,
}

pub struct WmsFeeRates;

impl Resource for WmsFeeRates {
    const PATH: &'static str = "/wms/feeRate";
    const PERMISSION: &'static str = "wms:feeRate";
    const NOUN: &'static str = "fee rate";
    const PLURAL: &'static str = "fee rates";
    const TABLE: &'static str = "wms_fee_rate";
    const SCOPE: Scope = Scope::Tenant;
    const SELECT: &'static str =
        "*, (SELECT u.username FROM sys_user u WHERE u.id = wms_fee_rate.customer_id) AS customer_username";
    const FIELDS: &'static [Field] = &[
        Field::text("customerUsername", "customer_username").titled(MessageKey::FieldCustomer),
        Field::text("currency", "currency").sortable().titled(MessageKey::FieldCurrency),
        Field::text("storageRate", "storage_rate").titled(MessageKey::FieldWmsStorageRate),
        Field::text("inboundRate", "inbound_rate").titled(MessageKey::FieldWmsInboundRate),
        Field::text("outboundRate", "outbound_rate").titled(MessageKey::FieldWmsOutboundRate),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::text("customerId", "customer_id").sortable(),
        Field::time("createTime", "create_time").sortable(),
        Field::time("updateTime", "update_time").sortable().titled(MessageKey::FieldTime),
    ];
    const FILTERS: &'static [Filter] = &[Filter::exact("customerId", &["customer_id"], "The customer's id; empty: the default.")];
    const DEFAULT_SORT: (&'static str, Order) = ("customerId", Order::Asc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("customerId", MessageKey::WmsFeeRateTaken));
    const HAS_UPDATE_BY: bool = true;

    crate::record_form!(WmsFeeRateRecord, WmsFeeRateForm, |r| r.customer_username.clone().unwrap_or_default());

    async fn values(state: &AppState, me: &CurrentUser, form: &WmsFeeRateForm, before: Option<&WmsFeeRateRecord>) -> Checked {
        let value = serde_json::json!({
            "currency": form.currency,
            "storageRate": form.storage_rate,
            "inboundRate": form.inbound_rate,
            "outboundRate": form.outbound_rate,
            "remark": form.remark,
        });
        let r = wms::fee_rate(&(&value).into())?;
        let mut values = Vec::new();
        if before.is_none() {
            let named = form.customer_id.as_deref().map(str::trim).filter(|c| !c.is_empty());
            let customer = match named {
                Some(c) => crate::platform::resource::CUSTOMER.check(&state.db, me.tenant_id, "customerId", Some(c)).await?,
                None => String::new(),
            };
            values.push(("customer_id", customer.into()));
        }
        values.extend([
            ("currency", r.currency.into()),
            ("storage_rate", plain(r.storage).into()),
            ("inbound_rate", plain(r.inbound).into()),
            ("outbound_rate", plain(r.outbound).into()),
            ("remark", r.remark.into()),
        ]);
        Ok(values)
    }
}

#[derive(QueryableByName)]
#[diesel(table_name = uf)]
pub struct UserFeeRow {
    id: String,
    customer_id: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    customer_username: Option<String>,
    fee_date: String,
    fee_type: String,
    pieces: i64,
    volume: Option<String>,
    rate: String,
    amount: i64,
    currency: String,
    status: String,
    trade_no: Option<String>,
    message: Option<String>,
    create_time: DateTime,
    charge_time: Option<DateTime>,
}

/// A warehouse fee of a customer's day.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WmsUserFeeRecord {
    pub id: String,
    pub customer_id: String,
    pub customer_username: Option<String>,
    /// The business day, YYYY-MM-DD.
    pub fee_date: String,
    /// storage, inbound, outbound.
    pub fee_type: String,
    /// Pieces held at the day's end (storage), received or picked that day.
    pub pieces: i64,
    /// Storage: cubic metres held (decimal text).
    pub volume: Option<String>,
    pub rate: String,
    /// In the currency's major units (decimal text).
    pub amount: String,
    pub currency: String,
    /// due, charged.
    pub status: String,
    /// The wallet trade that paid it.
    pub trade_no: Option<String>,
    /// Why it is still due (a message key: wallet_insufficient, wallet_frozen, ...).
    pub message: Option<String>,
    pub create_time: DateTime,
    pub charge_time: Option<DateTime>,
}

impl Readable for WmsUserFeeRecord {
    type Row = UserFeeRow;

    fn from_row(r: UserFeeRow) -> WmsUserFeeRecord {
        WmsUserFeeRecord {
            amount: money(r.amount, &r.currency),
            id: r.id,
            customer_id: r.customer_id,
            customer_username: r.customer_username,
            fee_date: r.fee_date,
            fee_type: r.fee_type,
            pieces: r.pieces,
            volume: r.volume,
            rate: r.rate,
            currency: r.currency,
            status: r.status,
            trade_no: r.trade_no,
            message: r.message,
            create_time: r.create_time,
            charge_time: r.charge_time,
        }
    }
}

pub struct WmsUserFees;

impl Resource for WmsUserFees {
    const PATH: &'static str = "/wms/userFee";
    const PERMISSION: &'static str = "wms:userFee";
    const NOUN: &'static str = "user fee";
    const PLURAL: &'static str = "user fees";
    const TABLE: &'static str = "wms_user_fee";
    const SCOPE: Scope = Scope::Customer;
    const SELECT: &'static str =
        "*, (SELECT u.username FROM sys_user u WHERE u.id = wms_user_fee.customer_id) AS customer_username";
    const FIELDS: &'static [Field] = &[
        Field::text("feeDate", "fee_date").sortable().titled(MessageKey::FieldWmsFeeDate),
        Field::text("customerUsername", "customer_username").titled(MessageKey::FieldCustomer),
        Field::text("feeType", "fee_type").sortable().titled(MessageKey::FieldWmsFeeType),
        Field::big("pieces", "pieces").sortable().titled(MessageKey::FieldQuantity),
        Field::text("volume", "volume").titled(MessageKey::FieldWmsVolume),
        Field::text("rate", "rate").titled(MessageKey::FieldWmsRate),
        Field::big("amount", "amount").sortable().titled(MessageKey::FieldAmount),
        Field::text("currency", "currency").titled(MessageKey::FieldCurrency),
        Field::text("status", "status").sortable().titled(MessageKey::FieldWmsFeeStatus),
        Field::text("tradeNo", "trade_no").titled(MessageKey::FieldTradeNo),
        Field::text("message", "message").titled(MessageKey::FieldStatusNote),
        Field::time("chargeTime", "charge_time").sortable().titled(MessageKey::FieldTime),
        Field::time("createTime", "create_time").sortable(),
        Field::text("customerId", "customer_id"),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::prefix("feeDate", &["fee_date"], "A day (YYYY-MM-DD) or a month (YYYY-MM)."),
        Filter::one_of("feeType", &["fee_type"], FEE_TYPES, Kind::Text, "storage, inbound or outbound."),
        Filter::one_of("status", &["status"], FEE_STATUSES, Kind::Text, "due or charged."),
        Filter::exact("customerId", &["customer_id"], "Staff: the customer's id."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("feeDate", Order::Desc);
    const DATA_RULES: bool = false;

    crate::read_only!(WmsUserFeeRecord, |r| format!("{} {}", r.fee_date, r.fee_type));
}

/// What a run did.
#[derive(Clone, Debug, Default, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WmsFeeRun {
    pub fee_date: String,
    /// Fees assessed now (none when the day was assessed before).
    pub assessed: usize,
    /// Fees paid now (this day's and any earlier one still due).
    pub charged: usize,
    /// Fees still due after it (the wallet could not pay them).
    pub due: usize,
}

#[derive(QueryableByName)]
struct Held {
    #[diesel(sql_type = diesel::sql_types::Integer)]
    tenant_id: i32,
    #[diesel(sql_type = diesel::sql_types::Text)]
    customer_id: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    key: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pieces: i64,
}

/// A customer's day: the goods held at its end (pieces and one unit's size), the pieces in and out.
type Day = (Vec<(i64, Decimal, Decimal, Decimal)>, i64, i64);

/// The UTC bounds of a business day.
fn bounds(day: NaiveDate) -> Option<(NaiveDateTime, NaiveDateTime)> {
    let at = |d: NaiveDate| BUSINESS_ZONE.from_local_datetime(&d.and_hms_opt(0, 0, 0)?).earliest().map(|t| t.naive_utc());
    Some((at(day)?, at(day + Duration::days(1))?))
}

/// The rates of a tenant's customer: its own, else the tenant's default.
fn rate_of<'a>(rates: &'a [(i32, String, wms::FeeRate)], tenant: i32, customer: &str) -> Option<&'a wms::FeeRate> {
    rates
        .iter()
        .find(|(t, c, _)| *t == tenant && c == customer)
        .or_else(|| rates.iter().find(|(t, c, _)| *t == tenant && c.is_empty()))
        .map(|(_, _, r)| r)
}

/// Assesses `day` (the tenant's, or every tenant's) and pays what is due. Safe to run again and on
/// several instances at once: each fee is one row, each payment one conditional update.
pub async fn run(db: &Db, tenant: Option<i32>, day: &str) -> Result<WmsFeeRun, AppError> {
    let date = NaiveDate::parse_from_str(day, "%Y-%m-%d").map_err(|_| AppError::field("feeDate", MessageKey::BadRequest))?;
    let (start, end) = bounds(date).ok_or_else(|| AppError::internal("business day"))?;
    let scope = |sql: &mut Sql| {
        if let Some(t) = tenant {
            sql.push(" AND tenant_id = ").bind(SqlValue::Int(t));
        }
    };
    let mut held = Sql::new(
        "SELECT tenant_id, customer_id, sku_id AS key, CAST(SUM(quantity) AS BIGINT) AS pieces FROM wms_stock_log WHERE create_time < ",
    );
    held.bind(SqlValue::Time(end));
    scope(&mut held);
    held.push(" GROUP BY tenant_id, customer_id, sku_id");
    let mut moved = Sql::new(
        "SELECT tenant_id, customer_id, kind AS key, CAST(SUM(quantity) AS BIGINT) AS pieces FROM wms_stock_log WHERE kind IN ('in', 'out') AND create_time >= ",
    );
    moved.bind(SqlValue::Time(start));
    moved.push(" AND create_time < ").bind(SqlValue::Time(end));
    scope(&mut moved);
    moved.push(" GROUP BY tenant_id, customer_id, kind");
    let (held, moved, rate_rows) = with_conn!(db, |conn| {
        let held = held.query().load::<Held>(conn).await?;
        let moved = moved.query().load::<Held>(conn).await?;
        let mut rates = fr::table
            .select((fr::tenant_id, fr::customer_id, fr::currency, fr::storage_rate, fr::inbound_rate, fr::outbound_rate))
            .into_boxed();
        if let Some(t) = tenant {
            rates = rates.filter(fr::tenant_id.eq(t));
        }
        (held, moved, rates.load::<(i32, String, String, String, String, String)>(conn).await?)
    });
    let d = |t: &str| decimal::parse(t).unwrap_or(Decimal::ZERO);
    let rates: Vec<(i32, String, wms::FeeRate)> = rate_rows
        .into_iter()
        .map(|(t, c, currency, s, i, o)| {
            (t, c, wms::FeeRate { currency, storage: d(&s), inbound: d(&i), outbound: d(&o), remark: None })
        })
        .collect();
    let sku_ids: Vec<&str> = held.iter().filter(|h| h.pieces > 0).map(|h| h.key.as_str()).collect();
    let sizes: Vec<(String, String, String, String)> = if sku_ids.is_empty() {
        Vec::new()
    } else {
        with_conn!(db, |conn| k::table
            .filter(k::id.eq_any(&sku_ids))
            .select((k::id, k::length, k::width, k::height))
            .load(conn)
            .await?)
    };
    let mut days: BTreeMap<(i32, String), Day> = BTreeMap::new();
    for h in held.iter().filter(|h| h.pieces > 0) {
        if let Some((_, l, w, ht)) = sizes.iter().find(|s| s.0 == h.key) {
            days.entry((h.tenant_id, h.customer_id.clone())).or_default().0.push((h.pieces, d(l), d(w), d(ht)));
        }
    }
    for m in &moved {
        let entry = days.entry((m.tenant_id, m.customer_id.clone())).or_default();
        if m.key == "in" {
            entry.1 += m.pieces.max(0);
        } else {
            entry.2 += (-m.pieces).max(0);
        }
    }
    let now = Utc::now().naive_utc();
    let mut assessed = 0;
    for ((tenant_id, customer), (goods, pieces_in, pieces_out)) in &days {
        let Some(rate) = rate_of(&rates, *tenant_id, customer) else { continue };
        let Some(places) = logistics_core::wallet::minor_places(&rate.currency) else { continue };
        let mut fees: Vec<(&str, i64, Option<String>, Decimal, i64)> = Vec::new();
        if !goods.is_empty() {
            let (m3, amount) =
                wms::storage_charge(goods, rate.storage, places).ok_or_else(|| AppError::internal("storage fee"))?;
            fees.push(("storage", goods.iter().map(|g| g.0).sum(), Some(plain(m3)), rate.storage, amount));
        }
        for (kind, pieces, per) in [("inbound", *pieces_in, rate.inbound), ("outbound", *pieces_out, rate.outbound)] {
            if pieces > 0 {
                let amount = wms::handling_charge(pieces, per, places).ok_or_else(|| AppError::internal("handling fee"))?;
                fees.push((kind, pieces, None, per, amount));
            }
        }
        for (kind, pieces, volume, per, amount) in fees {
            // Nothing to pay is settled as it is assessed.
            let status = if amount == 0 { "charged" } else { "due" };
            let inserted = with_conn!(db, |conn| diesel::insert_into(uf::table)
                .values((
                    uf::id.eq(secrets::new_id()),
                    uf::tenant_id.eq(tenant_id),
                    uf::customer_id.eq(customer),
                    uf::fee_date.eq(day),
                    uf::fee_type.eq(kind),
                    uf::pieces.eq(pieces),
                    uf::volume.eq(&volume),
                    uf::rate.eq(plain(per)),
                    uf::amount.eq(amount),
                    uf::currency.eq(&rate.currency),
                    uf::status.eq(status),
                    uf::create_time.eq(now),
                ))
                .on_conflict_do_nothing()
                .execute(conn)
                .await?);
            assessed += inserted;
        }
    }
    let (charged, due) = charge_due(db, tenant).await?;
    Ok(WmsFeeRun { fee_date: day.to_owned(), assessed, charged, due })
}

/// Pays every due fee (the tenant's, or all) it can, oldest first: (paid now, still due).
async fn charge_due(db: &Db, tenant: Option<i32>) -> Result<(usize, usize), AppError> {
    let due: Vec<(String, i32, String, String, String, i64, String)> = with_conn!(db, |conn| {
        let mut q = uf::table
            .filter(uf::status.eq("due"))
            .select((uf::id, uf::tenant_id, uf::customer_id, uf::fee_date, uf::fee_type, uf::amount, uf::currency))
            .order((uf::fee_date, uf::id))
            .into_boxed();
        if let Some(t) = tenant {
            q = q.filter(uf::tenant_id.eq(t));
        }
        q.load(conn).await?
    });
    let mut charged = 0;
    for (id, tenant_id, customer, fee_date, fee_type, amount, currency) in &due {
        let wallet = Wallet { tenant_id: *tenant_id, customer_id: customer, currency };
        let details = Details {
            trade_item: Some(format!("wms {fee_type} {fee_date}")),
            out_trade_no: Some(format!("WMS-{}-{}", fee_date.replace('-', ""), fee_type.to_ascii_uppercase())),
            operator: Some("system".to_owned()),
            ..Details::default()
        };
        let now = Utc::now().naive_utc();
        let paid = async {
            ledger::open(db, wallet).await?;
            transaction!(data: db, |tx| {
                let mine = on_tx!(tx, |c| diesel::update(uf::table.filter(uf::id.eq(id)).filter(uf::status.eq("due")))
                    .set((uf::status.eq("charged"), uf::charge_time.eq(now), uf::message.eq(None::<String>)))
                    .execute(c)
                    .await?);
                if mine == 0 {
                    return Ok(false);
                }
                let posted = ledger::post(tx, wallet, Operation::Move(Movement::Debit(*amount)), TradeType::Fee, &details).await?;
                on_tx!(tx, |c| diesel::update(uf::table.filter(uf::id.eq(id))).set(uf::trade_no.eq(&posted.trade_no)).execute(c).await?);
                Ok::<bool, AppError>(true)
            })
        }
        .await;
        match paid {
            Ok(true) => charged += 1,
            Ok(false) => {}
            Err(e) => {
                let reason = e.error.key.key();
                with_conn!(db, |conn| diesel::update(uf::table.filter(uf::id.eq(id)).filter(uf::status.eq("due")))
                    .set(uf::message.eq(reason))
                    .execute(conn)
                    .await?);
            }
        }
    }
    Ok((charged, due.len() - charged))
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WmsFeeRunForm {
    /// The business day to charge, YYYY-MM-DD, before today.
    #[serde(default)]
    pub fee_date: String,
}

/// Staff assess and charge a past day's fees now (the daily job does yesterday's by itself).
/// Running a day again charges nothing twice.
#[utoipa::path(post, path = "/wms/userFee/run", tag = "wms", request_body = WmsFeeRunForm,
    responses((status = 200, body = crate::platform::http::Envelope<WmsFeeRun>),
        (status = 400, description = "Not a day before today"), (status = 403)))]
pub async fn run_day(Caller(state, me): Caller, ApiJson(form): ApiJson<WmsFeeRunForm>) -> ApiResult<WmsFeeRun> {
    grants::require(&state, &me, "wms:userFee:run").await?;
    if customer_of(&me).is_some() {
        return Err(AppError::forbidden());
    }
    let today = crate::wallet::business_day(Utc::now().naive_utc());
    let day = wms::fee_day(&(&serde_json::json!({"feeDate": form.fee_date})).into(), &today)?;
    ok(run(&state.db, Some(me.tenant_id), &day).await?)
}
