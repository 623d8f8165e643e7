//! The menu of the pages that exist, with titles in both languages and icons. Rows are inserted
//! once (fixed ids, so every instance seeds the same rows) and never overwritten: what an
//! administrator changes later stays changed.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;

use super::{MENU, SUB_MENU};
use crate::db::schema::sys_permission;
use crate::db::{Db, DbResult};
use crate::with_write;

pub struct SeedMenu {
    pub id: &'static str,
    pub parent: Option<&'static str>,
    pub zh: &'static str,
    pub en: &'static str,
    pub url: &'static str,
    pub component: &'static str,
    pub redirect: Option<&'static str>,
    pub icon: &'static str,
    pub sort: i32,
    pub hidden: bool,
}

pub const MENUS: &[SeedMenu] = &[
    SeedMenu {
        id: "menu_dashboard",
        parent: None,
        zh: "首页",
        en: "Dashboard",
        url: "/dashboard/analysis",
        component: "dashboard/Analysis",
        redirect: None,
        icon: "dashboard",
        sort: 1,
        hidden: false,
    },
    SeedMenu {
        id: "menu_account",
        parent: None,
        zh: "个人页",
        en: "Account",
        url: "/account",
        component: "layouts/RouteView",
        redirect: Some("/account/center"),
        icon: "user",
        sort: 90,
        hidden: false,
    },
    SeedMenu {
        id: "menu_account_center",
        parent: Some("menu_account"),
        zh: "个人中心",
        en: "Personal centre",
        url: "/account/center",
        component: "account/center/Index",
        redirect: None,
        icon: "idcard",
        sort: 1,
        hidden: false,
    },
    SeedMenu {
        id: "menu_account_settings",
        parent: Some("menu_account"),
        zh: "个人设置",
        en: "Account settings",
        url: "/account/settings/base",
        component: "account/settings/BaseSetting",
        redirect: None,
        icon: "setting",
        sort: 2,
        hidden: false,
    },
];

/// Menus every signed-in user gets with the seeded roles.
pub fn ids() -> Vec<&'static str> {
    MENUS.iter().map(|m| m.id).collect()
}

pub async fn run(db: &Db) -> DbResult<()> {
    let now = chrono::Utc::now().naive_utc();
    with_write!(db, |conn| {
        for m in MENUS {
            diesel::insert_into(sys_permission::table)
                .values((
                    sys_permission::id.eq(m.id),
                    sys_permission::parent_id.eq(m.parent),
                    sys_permission::name.eq(m.zh),
                    sys_permission::name_en.eq(m.en),
                    sys_permission::url.eq(m.url),
                    sys_permission::component.eq(m.component),
                    sys_permission::redirect.eq(m.redirect),
                    sys_permission::menu_type.eq(if m.parent.is_some() { SUB_MENU } else { MENU }),
                    sys_permission::sort_no.eq(m.sort),
                    sys_permission::icon.eq(m.icon),
                    sys_permission::hidden.eq(m.hidden),
                    sys_permission::create_time.eq(now),
                ))
                .on_conflict_do_nothing()
                .execute(conn)
                .await?;
        }
    });
    Ok(())
}
