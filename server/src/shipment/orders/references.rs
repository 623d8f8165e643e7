//! An order's references (channel product, depot, shipper, predict batch, the consignee country's
//! postal pattern), read for one order or for a whole import at once, and applied to each form
//! the same way: a product of the tenant; a shipper, depot and batch of the customer; an FBA
//! depot's address filling the consignee's blanks; the default shipper a blank shipper.

use std::collections::{BTreeSet, HashMap, HashSet};

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;

use super::form::{ShipmentForm, clean};
use crate::platform::db::prepared::Keep;
use crate::platform::db::schema::{
    logistics_channel_product, logistics_depot, logistics_predict_batch, logistics_shipper, sys_country,
};
use crate::platform::http::AppError;
use crate::platform::resource::form::invalid;
use crate::platform::resource::sql::CACHED_LIST;
use crate::state::AppState;
use crate::with_conn;

/// What an order's references add to it, once checked.
pub struct Prepared {
    pub channel_id: Option<String>,
    /// The product's volumetric divisor (0: none chosen or actual weight only).
    pub divisor: i64,
    pub shipper_id: Option<String>,
    /// The consignee country's postal pattern (empty: none).
    pub postal_pattern: String,
}

/// A depot's address as it fills an FBA order's consignee.
type DepotAddress = (String, String, Option<String>, String, Option<String>, Option<String>, String, Option<String>);

/// The rows some orders name, read once.
#[derive(Default)]
pub struct References {
    /// Channel product id → (channel, volumetric divisor).
    products: HashMap<String, (String, i32)>,
    depots: HashMap<String, DepotAddress>,
    shippers: HashSet<String>,
    default_shipper: Option<String>,
    batches: HashSet<String>,
    postal_patterns: HashMap<String, String>,
}

fn ids<'a>(forms: impl Iterator<Item = &'a ShipmentForm> + Clone, pick: fn(&ShipmentForm) -> &Option<String>) -> Vec<String> {
    forms.filter_map(|f| clean(pick(f))).collect::<BTreeSet<_>>().into_iter().collect()
}

impl References {
    /// Reads what `forms` name (one query a kind, whatever their number).
    pub async fn load(state: &AppState, tenant_id: i32, customer: &str, forms: &[ShipmentForm]) -> Result<Self, AppError> {
        let products = ids(forms.iter(), |f| &f.channel_product_id);
        let depots = ids(forms.iter(), |f| &f.user_depot_id);
        let shippers = ids(forms.iter(), |f| &f.shipper_id);
        let batches = ids(forms.iter(), |f| &f.predict_batch_id);
        let want_default = forms.iter().any(|f| clean(&f.shipper_id).is_none());
        // A blank FBA order's country comes from its depot: read every depot's country too.
        let mut countries: BTreeSet<String> =
            forms.iter().filter_map(|f| clean(&f.consignee.country)).map(|c| c.to_uppercase()).collect();
        let refs = with_conn!(&state.db, |conn| {
            let mut refs = References::default();
            if !products.is_empty() {
                refs.products = logistics_channel_product::table
                    .filter(logistics_channel_product::tenant_id.eq(tenant_id))
                    .filter(logistics_channel_product::id.eq_any(&products))
                    .select((
                        logistics_channel_product::id,
                        logistics_channel_product::channel_id,
                        logistics_channel_product::th_weight_ratio,
                    ))
                    .kept_if(products.len() <= CACHED_LIST)
                    .load::<(String, String, i32)>(conn)
                    .await?
                    .into_iter()
                    .map(|(id, channel, ratio)| (id, (channel, ratio)))
                    .collect();
            }
            if !depots.is_empty() {
                let found: Vec<(String, DepotAddress)> = logistics_depot::table
                    .filter(logistics_depot::tenant_id.eq(tenant_id))
                    .filter(logistics_depot::customer_id.eq(customer))
                    .filter(logistics_depot::id.eq_any(&depots))
                    .select((
                        logistics_depot::id,
                        (
                            logistics_depot::depot_name,
                            logistics_depot::country,
                            logistics_depot::state,
                            logistics_depot::city,
                            logistics_depot::postal_code,
                            logistics_depot::phone,
                            logistics_depot::address1,
                            logistics_depot::address2,
                        ),
                    ))
                    .kept_if(depots.len() <= CACHED_LIST)
                    .load(conn)
                    .await?;
                refs.depots = found.into_iter().collect();
            }
            if !shippers.is_empty() {
                refs.shippers = logistics_shipper::table
                    .filter(logistics_shipper::tenant_id.eq(tenant_id))
                    .filter(logistics_shipper::customer_id.eq(customer))
                    .filter(logistics_shipper::id.eq_any(&shippers))
                    .select(logistics_shipper::id)
                    .kept_if(shippers.len() <= CACHED_LIST)
                    .load::<String>(conn)
                    .await?
                    .into_iter()
                    .collect();
            }
            if want_default {
                refs.default_shipper = logistics_shipper::table
                    .filter(logistics_shipper::tenant_id.eq(tenant_id))
                    .filter(logistics_shipper::customer_id.eq(customer))
                    .filter(logistics_shipper::iz_default.eq(1i16))
                    .order(logistics_shipper::create_time.asc())
                    .select(logistics_shipper::id)
                    .first(conn)
                    .await
                    .optional()?;
            }
            if !batches.is_empty() {
                refs.batches = logistics_predict_batch::table
                    .filter(logistics_predict_batch::tenant_id.eq(tenant_id))
                    .filter(logistics_predict_batch::customer_id.eq(customer))
                    .filter(logistics_predict_batch::id.eq_any(&batches))
                    .select(logistics_predict_batch::id)
                    .kept_if(batches.len() <= CACHED_LIST)
                    .load::<String>(conn)
                    .await?
                    .into_iter()
                    .collect();
            }
            countries.extend(refs.depots.values().map(|d| d.1.to_uppercase()));
            if !countries.is_empty() {
                refs.postal_patterns = sys_country::table
                    .filter(sys_country::code.eq_any(&countries))
                    .select((sys_country::code, sys_country::postal_pattern))
                    .kept_if(countries.len() <= CACHED_LIST)
                    .load::<(String, Option<String>)>(conn)
                    .await?
                    .into_iter()
                    .filter_map(|(code, pattern)| pattern.map(|p| (code, p)))
                    .collect();
            }
            refs
        });
        Ok(refs)
    }

    /// Checks a form's references against what was read and completes it (see the module).
    /// Each refusal is 400 `value_invalid` under the field.
    pub fn apply(&self, form: &mut ShipmentForm) -> Result<Prepared, AppError> {
        form.shipment_type = form.shipment_type.trim().to_uppercase();
        let product = match clean(&form.channel_product_id) {
            Some(id) => Some(self.products.get(&id).ok_or_else(|| invalid("channelProductId", MessageKey::FieldProduct))?),
            None => None,
        };
        if clean(&form.predict_batch_id).is_some_and(|b| !self.batches.contains(&b)) {
            return Err(invalid("predictBatchId", MessageKey::FieldPredictBatch));
        }
        let shipper_id = match clean(&form.shipper_id) {
            Some(id) if self.shippers.contains(&id) => Some(id),
            Some(_) => return Err(invalid("shipperId", MessageKey::FieldShipper)),
            None => self.default_shipper.clone(),
        };
        if let Some(depot) = clean(&form.user_depot_id) {
            let (name, country, state_, city, postal, phone, address1, address2) =
                self.depots.get(&depot).ok_or_else(|| invalid("userDepotId", MessageKey::FieldDepot))?.clone();
            if form.shipment_type == "FBA" {
                let c = &mut form.consignee;
                let fill = |slot: &mut Option<String>, value: Option<String>| {
                    if clean(slot).is_none() {
                        *slot = value;
                    }
                };
                fill(&mut c.name, Some(name));
                fill(&mut c.country, Some(country));
                fill(&mut c.state, state_);
                fill(&mut c.city, Some(city));
                fill(&mut c.postal_code, postal);
                fill(&mut c.phone, phone);
                fill(&mut c.address1, Some(address1));
                fill(&mut c.address2, address2);
            }
        }
        let country = clean(&form.consignee.country).map(|c| c.to_uppercase());
        let postal_pattern = country.as_ref().and_then(|c| self.postal_patterns.get(c)).cloned().unwrap_or_default();
        form.consignee.country = country;
        let (channel_id, divisor) = product.map_or((None, 0), |(c, d)| (Some(c.clone()), i64::from(*d)));
        Ok(Prepared { channel_id, divisor, shipper_id, postal_pattern })
    }
}

/// Checks and completes one order's references (add, edit, submit).
pub async fn prepare(state: &AppState, tenant_id: i32, customer: &str, form: &mut ShipmentForm) -> Result<Prepared, AppError> {
    let refs = References::load(state, tenant_id, customer, std::slice::from_ref(form)).await?;
    refs.apply(form)
}
