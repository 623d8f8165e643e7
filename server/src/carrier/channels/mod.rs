//! Channels (`/logistics/channel/*`): a supplier's service routes. Per tenant; a channel with
//! number segments or channel products cannot be deleted.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::{MessageKey, validate};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::carrier::suppliers::{bounded, code_of};
use crate::platform::db::schema::{logistics_channel, logistics_channel_product, logistics_number_segment};
use crate::platform::http::lang::pick;
use crate::platform::http::page::Order;
use crate::platform::http::{AppError, current_lang};
use crate::platform::resource::{Field, Filter, Resource, Scope, Values};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::{carrier::suppliers, with_conn};

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelRecord {
    pub id: String,
    pub supplier_id: String,
    pub code: String,
    pub name: String,
    pub name_en: Option<String>,
    /// The name in the request's language.
    pub title: String,
    /// Air, sea, rail, express …
    pub trans_type: Option<String>,
    /// 1 in use, 0 stopped.
    pub status: i16,
    pub remark: Option<String>,
    pub create_time: String,
}

#[derive(QueryableByName)]
#[diesel(table_name = logistics_channel)]
pub struct Row {
    id: String,
    supplier_id: String,
    code: String,
    name: String,
    name_en: Option<String>,
    trans_type: Option<String>,
    status: i16,
    remark: Option<String>,
    create_time: chrono::NaiveDateTime,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelForm {
    pub id: Option<String>,
    pub supplier_id: Option<String>,
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub name: String,
    pub name_en: Option<String>,
    pub trans_type: Option<String>,
    /// 1 (default) or 0.
    pub status: Option<i16>,
    pub remark: Option<String>,
}

pub struct Channels;

impl Resource for Channels {
    const PATH: &'static str = "/logistics/channel";
    const PERMISSION: &'static str = "logistics:channel";
    const TAG: &'static str = "logistics";
    const NOUN: &'static str = "channel";
    const PLURAL: &'static str = "channels";
    const TABLE: &'static str = "logistics_channel";
    const SCOPE: Scope = Scope::Tenant;
    const FIELDS: &'static [Field] = &[
        Field::text("supplierId", "supplier_id"),
        Field::text("code", "code").sortable().titled(MessageKey::FieldCode),
        Field::text("name", "name").sortable().titled(MessageKey::FieldName),
        Field::text("nameEn", "name_en"),
        Field::text("transType", "trans_type"),
        Field::small("status", "status"),
        Field::text("remark", "remark").titled(MessageKey::FieldDescription),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::exact("supplierId", &["supplier_id"], "The supplier's id."),
        Filter::like("keyWord", &["code", "name", "name_en"], "Code or name (zh or en), substring."),
        Filter::status("status", &["status"], "1 in use, 0 stopped."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("code", Order::Asc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("code", MessageKey::CodeTaken));
    const HAS_UPDATE_BY: bool = true;

    type Row = Row;
    type Record = ChannelRecord;
    type Form = ChannelForm;

    fn record(r: Row) -> ChannelRecord {
        ChannelRecord {
            title: pick(current_lang(), r.name.clone(), r.name_en.clone()),
            create_time: r.create_time.format(crate::system::users::DATE_TIME_FORMAT).to_string(),
            id: r.id,
            supplier_id: r.supplier_id,
            code: r.code,
            name: r.name,
            name_en: r.name_en,
            trans_type: r.trans_type,
            status: r.status,
            remark: r.remark,
        }
    }

    crate::keyed_by!(ChannelRecord, ChannelForm, code);

    /// A channel belongs to one of the tenant's own suppliers.
    async fn values(
        state: &AppState,
        me: &CurrentUser,
        form: &ChannelForm,
        _before: Option<&ChannelRecord>,
    ) -> Result<Values, AppError> {
        let lang = current_lang();
        let supplier_id = form.supplier_id.as_deref().map(str::trim).unwrap_or("").to_owned();
        validate::required("supplierId", MessageKey::FieldSupplier.template(lang), &supplier_id)?;
        if !suppliers::exists(&state.db, me.tenant_id, &supplier_id).await? {
            return Err(
                AppError::field("supplierId", MessageKey::ValueInvalid).with("field", MessageKey::FieldSupplier.template(lang))
            );
        }
        let code = code_of("code", &form.code)?;
        let name = form.name.trim().to_owned();
        validate::required("name", MessageKey::FieldName.template(lang), &name)?;
        validate::max_chars("name", MessageKey::FieldName.template(lang), &name, 100)?;
        let status = form.status.unwrap_or(1);
        if status != 0 && status != 1 {
            return Err(AppError::field("status", MessageKey::StatusInvalid));
        }
        Ok(vec![
            ("supplier_id", supplier_id.into()),
            ("code", code.into()),
            ("name", name.into()),
            ("name_en", bounded("nameEn", MessageKey::FieldName, &form.name_en, 100)?.into()),
            ("trans_type", bounded("transType", MessageKey::FieldDescription, &form.trans_type, 50)?.into()),
            ("status", status.into()),
            ("remark", bounded("remark", MessageKey::FieldDescription, &form.remark, 500)?.into()),
        ])
    }

    /// Number segments and channel products hold on to their channel.
    async fn before_delete(state: &AppState, _: &CurrentUser, records: &[ChannelRecord]) -> Result<(), AppError> {
        let ids: Vec<&str> = records.iter().map(|r| r.id.as_str()).collect();
        let used: i64 = with_conn!(&state.db, |conn| {
            let segments: i64 = logistics_number_segment::table
                .filter(logistics_number_segment::channel_id.eq_any(&ids))
                .count()
                .get_result(conn)
                .await?;
            let products: i64 = logistics_channel_product::table
                .filter(logistics_channel_product::channel_id.eq_any(&ids))
                .count()
                .get_result(conn)
                .await?;
            segments + products
        });
        if used > 0 {
            return Err(AppError::bad_request(MessageKey::InUse));
        }
        Ok(())
    }
}
