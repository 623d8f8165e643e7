//! Adding, changing and deleting menus and buttons (`add`, `edit`, `delete`, `deleteBatch`):
//! every change bumps the menu version, so every instance rebuilds its menus.

use axum::extract::State;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::{MessageKey, check_rule, validate};
use serde::Deserialize;
use utoipa::ToSchema;

use super::menus::{PermissionRecord, find_record};
use super::queries::everything;
use crate::platform::db::schema::sys_permission;
use crate::platform::http::page::{IdQuery, filter, require_ids};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, current_lang};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::{BUTTON, MENU, SUB_MENU, changed, grants};
use crate::{platform::secrets, with_write};

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuForm {
    pub id: Option<String>,
    pub parent_id: Option<String>,
    #[serde(default)]
    pub name: String,
    pub name_en: Option<String>,
    pub url: Option<String>,
    pub component: Option<String>,
    pub component_name: Option<String>,
    pub redirect: Option<String>,
    #[serde(default)]
    pub menu_type: i16,
    pub perms: Option<String>,
    pub perms_type: Option<String>,
    pub sort_no: Option<i32>,
    pub always_show: Option<bool>,
    pub icon: Option<String>,
    pub route: Option<bool>,
    pub keep_alive: Option<bool>,
    pub hidden: Option<bool>,
    pub internal_or_external: Option<bool>,
    pub status: Option<String>,
    pub platform_only: Option<bool>,
}

/// A checked form as the columns it writes (a cleared field is stored as NULL); the flags a form
/// leaves out keep their value (or the default, on add).
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = sys_permission, treat_none_as_null = true)]
struct CheckedMenu {
    parent_id: Option<String>,
    name: String,
    name_en: String,
    url: Option<String>,
    component: Option<String>,
    component_name: Option<String>,
    redirect: Option<String>,
    menu_type: i16,
    perms: Option<String>,
    perms_type: String,
    sort_no: i32,
    icon: Option<String>,
    status: String,
    always_show: bool,
    is_route: bool,
    keep_alive: bool,
    hidden: bool,
    internal_or_external: bool,
    platform_only: bool,
}

async fn check_menu(state: &AppState, form: &MenuForm, before: Option<&PermissionRecord>) -> Result<CheckedMenu, AppError> {
    let own_id = before.map(|b| b.id.as_str());
    let lang = current_lang();
    let name = form.name.trim().to_owned();
    validate::required("name", MessageKey::FieldMenuName.template(lang), &name)?;
    validate::max_chars("name", MessageKey::FieldMenuName.template(lang), &name, 100)?;
    let name_en = form.name_en.as_deref().unwrap_or("").trim().to_owned();
    validate::max_chars("nameEn", MessageKey::FieldMenuName.template(lang), &name_en, 100)?;
    if ![MENU, SUB_MENU, BUTTON].contains(&form.menu_type) {
        return Err(AppError::field("menuType", MessageKey::MenuTypeInvalid));
    }
    let parent_id = filter(&form.parent_id);
    let all = everything(state).await?;
    if let Some(parent) = &parent_id {
        let exists = all.iter().any(|p| p.id == *parent && p.menu_type != BUTTON);
        // A menu cannot sit under itself or its own descendants.
        let mut cursor = Some(parent.clone());
        let mut cycles = false;
        while let Some(id) = cursor {
            if Some(id.as_str()) == own_id {
                cycles = true;
                break;
            }
            cursor = all.iter().find(|p| p.id == id).and_then(|p| p.parent_id.clone());
        }
        if !exists || cycles {
            return Err(AppError::field("parentId", MessageKey::MenuParentInvalid));
        }
    } else if form.menu_type != MENU {
        return Err(AppError::field("parentId", MessageKey::MenuParentInvalid));
    }
    let perms = filter(&form.perms);
    if let Some(code) = &perms {
        check_rule::perms_code(code).map_err(|e| AppError::invalid(logistics_core::FieldError { field: "perms".into(), ..e }))?;
        if all.iter().any(|p| p.perms.as_deref() == Some(code.as_str()) && Some(p.id.as_str()) != own_id) {
            return Err(AppError::taken("perms", MessageKey::PermsTaken));
        }
    } else if form.menu_type == BUTTON {
        validate::required("perms", MessageKey::FieldPerms.template(lang), "")?;
    }
    let url = filter(&form.url);
    if form.menu_type != BUTTON {
        validate::required("url", MessageKey::FieldUrl.template(lang), url.as_deref().unwrap_or(""))?;
        validate::max_chars("url", MessageKey::FieldUrl.template(lang), url.as_deref().unwrap_or(""), 255)?;
    }
    let perms_type = form.perms_type.clone().unwrap_or_else(|| "1".to_owned());
    let status = form.status.clone().unwrap_or_else(|| "1".to_owned());
    if !["1", "2"].contains(&perms_type.as_str()) || !["0", "1"].contains(&status.as_str()) {
        return Err(AppError::field("status", MessageKey::StatusInvalid));
    }
    Ok(CheckedMenu {
        parent_id,
        name,
        name_en,
        url: if form.menu_type == BUTTON { None } else { url },
        component: filter(&form.component),
        component_name: filter(&form.component_name),
        redirect: filter(&form.redirect),
        menu_type: form.menu_type,
        perms,
        perms_type,
        sort_no: form.sort_no.unwrap_or(0),
        icon: filter(&form.icon),
        status,
        always_show: form.always_show.unwrap_or(before.is_some_and(|b| b.always_show)),
        is_route: form.route.unwrap_or(before.map_or(form.menu_type != BUTTON, |b| b.route)),
        keep_alive: form.keep_alive.unwrap_or(before.is_some_and(|b| b.keep_alive)),
        hidden: form.hidden.unwrap_or(before.is_some_and(|b| b.hidden)),
        internal_or_external: form.internal_or_external.unwrap_or(before.is_some_and(|b| b.internal_or_external)),
        platform_only: form.platform_only.unwrap_or(before.is_some_and(|b| b.platform_only)),
    })
}

/// Adds a menu or button.
#[utoipa::path(post, path = "/sys/permission/add", tag = "system", request_body = MenuForm,
    responses((status = 200, body = crate::platform::http::Envelope<PermissionRecord>), (status = 400), (status = 403), (status = 409)))]
pub async fn add(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<MenuForm>,
) -> ApiResult<PermissionRecord> {
    grants::require(&state, &me, "system:permission:add").await?;
    let m = check_menu(&state, &form, None).await?;
    let id = secrets::new_id();
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        diesel::insert_into(sys_permission::table)
            .values((&m, sys_permission::id.eq(&id), sys_permission::create_time.eq(now)))
            .execute(conn)
            .await?;
    });
    changed(&state.db).await?;
    let after = find_record(&state, &id).await?;
    logs::added(&state.db, &me, "system:permission:add", &after.name, &after).await;
    ok_with(MessageKey::Added, after)
}

/// Changes a menu or button.
#[utoipa::path(put, path = "/sys/permission/edit", tag = "system", request_body = MenuForm,
    responses((status = 200, body = crate::platform::http::Envelope<PermissionRecord>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn edit(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<MenuForm>,
) -> ApiResult<PermissionRecord> {
    grants::require(&state, &me, "system:permission:edit").await?;
    let id = form.id.as_deref().unwrap_or("").trim().to_owned();
    let before = find_record(&state, &id).await?;
    let m = check_menu(&state, &form, Some(&before)).await?;
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        diesel::update(sys_permission::table.filter(sys_permission::id.eq(&id)))
            .set((&m, sys_permission::update_time.eq(now)))
            .execute(conn)
            .await?;
    });
    changed(&state.db).await?;
    let after = find_record(&state, &id).await?;
    logs::edited(&state.db, &me, "system:permission:edit", &after.name, &before, &after).await;
    ok_with(MessageKey::Edited, after)
}

/// Deletes menus with their descendants, grants and data rules.
async fn remove(state: &AppState, me: &CurrentUser, ids: &[String]) -> Result<(), AppError> {
    let all = everything(state).await?;
    if ids.iter().any(|id| !all.iter().any(|p| p.id == *id)) {
        return Err(AppError::not_found());
    }
    let doomed: Vec<String> = all
        .iter()
        .filter(|p| {
            let mut cursor = Some(p.id.as_str());
            while let Some(id) = cursor {
                if ids.iter().any(|d| d == id) {
                    return true;
                }
                cursor = all.iter().find(|q| q.id == id).and_then(|q| q.parent_id.as_deref());
            }
            false
        })
        .map(|p| p.id.clone())
        .collect();
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            crate::forget_permissions!(tx, &doomed);
            diesel::update(sys_permission::table.filter(sys_permission::id.eq_any(&doomed)))
                .set((
                    sys_permission::del_flag.eq(1),
                    sys_permission::perms.eq(None::<String>),
                    sys_permission::update_time.eq(now),
                ))
                .execute(tx)
                .await?;
            Ok::<(), diesel::result::Error>(())
        })
        .await
        .map_err(AppError::from)?;
    });
    changed(&state.db).await?;
    let names: Vec<&str> = all.iter().filter(|p| doomed.contains(&p.id)).map(|p| p.name.as_str()).collect();
    logs::deleted(&state.db, me, "system:permission:delete", &names.join(","), &doomed).await;
    Ok(())
}

/// Deletes a menu with its descendants and their grants.
#[utoipa::path(delete, path = "/sys/permission/delete", tag = "system", params(IdQuery),
    responses((status = 200), (status = 403), (status = 404)))]
pub async fn delete(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "system:permission:delete").await?;
    remove(&state, &me, &require_ids(q.id.as_deref().unwrap_or(""))?).await?;
    ok_with(MessageKey::Deleted, ())
}

/// Deletes menus.
#[utoipa::path(delete, path = "/sys/permission/deleteBatch", tag = "system", params(IdQuery),
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn delete_batch(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "system:permission:delete").await?;
    remove(&state, &me, &require_ids(q.ids.as_deref().unwrap_or(""))?).await?;
    ok_with(MessageKey::DeletedBatch, ())
}
