//! Menus and button permissions (JeecgBoot's `sys_permission`), and what the signed-in user gets
//! of them: `getUserPermissionByToken`. The rules that turn the menu into routes and decide each
//! button live in core, shared with the browser.

pub mod admin;
pub mod cache;
pub mod data_rules;
pub mod granted;
pub mod grants;
pub mod model;
pub mod rules;
pub mod seed;
pub mod user_permissions;

pub use model::*;
