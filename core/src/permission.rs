//! Permission rules: which buttons a user sees, which routes a menu becomes, which routes a user
//! keeps. The server builds `getUserPermissionByToken` with them; the browser runs the same code
//! through WebAssembly for its button directive and route building.

use crate::json::{self, Map, Value};
use crate::prelude::*;

/// One entry of the `auth` (the user's) or `allAuth` (every button rule) lists.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ButtonPermission {
    /// The permission code a button names, e.g. `user:add`.
    pub action: String,
    /// "1": the button is shown only to users who hold it; "2": a field/button that is disabled,
    /// not hidden, for users who do not hold it (the show/hide rule ignores these).
    pub kind: String,
    /// In `allAuth`: "1" the rule is in force, "0" the rule is switched off.
    pub status: String,
}

impl ButtonPermission {
    /// Reads `{action, type, status}` (JeecgBoot's shape; type and status default to "1").
    pub fn from_json(value: &Value) -> Option<ButtonPermission> {
        let text = |key: &str| match value.get(key) {
            Some(Value::String(s) | Value::Number(s)) => Some(s.clone()),
            _ => None,
        };
        Some(ButtonPermission {
            action: text("action")?,
            kind: text("type").unwrap_or_else(|| "1".to_owned()),
            status: text("status").unwrap_or_else(|| "1".to_owned()),
        })
    }

    /// A JSON array of entries; anything malformed grants nothing.
    pub fn list_from_json(text: &str) -> Vec<ButtonPermission> {
        match json::parse(text) {
            Some(Value::Array(items)) => items.iter().filter_map(ButtonPermission::from_json).collect(),
            _ => Vec::new(),
        }
    }
}

/// What the browser does with a button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonState {
    Visible,
    Hidden,
    Disabled,
}

impl ButtonState {
    pub fn as_str(self) -> &'static str {
        match self {
            ButtonState::Visible => "visible",
            ButtonState::Hidden => "hidden",
            ButtonState::Disabled => "disabled",
        }
    }
}

/// JeecgBoot's button rule. A rule switched off in `allAuth` (status "0") restricts nobody. A
/// type "2" rule never hides: users without it get the button disabled. Otherwise the button
/// shows only if the user's `auth` holds the action with a type other than "2".
pub fn button_state(action: &str, auth: &[ButtonPermission], all_auth: &[ButtonPermission]) -> ButtonState {
    let rules: Vec<&ButtonPermission> = all_auth.iter().filter(|p| p.action == action).collect();
    if rules.iter().any(|p| p.status == "0") {
        return ButtonState::Visible;
    }
    let held = |pred: &dyn Fn(&ButtonPermission) -> bool| auth.iter().any(|p| p.action == action && pred(p));
    if rules.iter().any(|p| p.kind == "2") && !rules.iter().any(|p| p.kind != "2") {
        return if held(&|_| true) { ButtonState::Visible } else { ButtonState::Disabled };
    }
    if held(&|p| p.kind != "2") { ButtonState::Visible } else { ButtonState::Hidden }
}

/// Menu items are JSON objects in JeecgBoot's shape (`path`, `name`, `component`, `redirect`,
/// `hidden`, `alwaysShow`, `route`, `meta{title, titles, icon, url, permissionList, keepAlive,
/// internalOrExternal, componentName}`, `children`). They stay JSON here: fields this rule does
/// not know pass through untouched, and the browser's copy stays small.
fn flag(item: &Value, key: &str) -> bool {
    match item.get(key) {
        Some(Value::Bool(b)) => *b,
        Some(Value::String(s)) => s == "1" || s == "true",
        Some(n @ Value::Number(_)) => n.as_i64() == Some(1),
        _ => false,
    }
}

fn children(item: &Value) -> &[Value] {
    item.get("children").and_then(Value::as_array).map_or(&[], Vec::as_slice)
}

fn is_url(text: &str) -> bool {
    let lower = text.trim().to_ascii_lowercase();
    (lower.starts_with("http://") || lower.starts_with("https://")) && lower.len() > "https://".len()
}

/// Turns a menu tree into the route tree (JeecgBoot's `generateChildRouters`): items whose
/// `route` flag is "0" are left out with their children; `alwaysShow` redirects to its own path;
/// items with an external URL or an iframe page get `meta.openInNewWindow`; a parent whose
/// children are all hidden is hidden itself.
pub fn build_routes(menu: &[Value]) -> Vec<Value> {
    menu.iter()
        .filter_map(|item| {
            let fields = item.as_object()?;
            if item.get("route").and_then(Value::as_str) == Some("0") {
                return None;
            }
            let kids = build_routes(children(item));
            let all_hidden = !children(item).is_empty() && kids.iter().all(|c| flag(c, "hidden"));
            let opens_window = item.get("meta").and_then(|m| m.get("url")).and_then(Value::as_str).is_some_and(is_url);
            // A new object, field by field: cheaper in the browser's build than editing a copy.
            let mut route = Map::new();
            for (key, value) in fields {
                let value = match key.as_str() {
                    "children" | "meta" => continue,
                    "redirect" if flag(item, "alwaysShow") => continue,
                    "hidden" if all_hidden => continue,
                    _ => value.clone(),
                };
                route.insert(key.clone(), value);
            }
            let mut meta = Map::new();
            if let Some(Value::Object(fields)) = item.get("meta") {
                for (key, value) in fields.iter().filter(|(k, _)| *k != "openInNewWindow") {
                    meta.insert(key.clone(), value.clone());
                }
            }
            meta.insert("openInNewWindow", Value::Bool(opens_window));
            route.insert("meta", Value::Object(meta));
            if flag(item, "alwaysShow") {
                route.insert("redirect", item.get("path").cloned().unwrap_or(Value::Null));
            }
            if all_hidden {
                route.insert("hidden", Value::Bool(true));
            }
            if !kids.is_empty() {
                route.insert("children", Value::Array(kids));
            }
            Some(Value::Object(route))
        })
        .collect()
}

/// Keeps the routes a user may see: those without a permission list, and those whose list
/// overlaps the user's permissions; children are filtered the same way.
pub fn filter_routes(routes: &[Value], permissions: &[String]) -> Vec<Value> {
    routes
        .iter()
        .filter(|r| {
            let list =
                r.get("meta").and_then(|m| m.get("permissionList")).and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
            list.is_empty() || list.iter().filter_map(Value::as_str).any(|p| permissions.iter().any(|q| q == p))
        })
        .map(|r| match r.as_object() {
            Some(fields) if fields.contains_key("children") => {
                let mut kept = Map::new();
                for (key, value) in fields {
                    let value =
                        if key == "children" { Value::Array(filter_routes(children(r), permissions)) } else { value.clone() };
                    kept.insert(key.clone(), value);
                }
                Value::Object(kept)
            }
            _ => r.clone(),
        })
        .collect()
}

/// The dashboard's greeting by the hour of the day (0-23): before 9 morning, up to 11 before
/// noon, up to 13 noon, before 20 afternoon, otherwise evening.
pub fn welcome(hour: u32, lang: crate::Lang) -> &'static str {
    use crate::Lang::{EnUs, ZhCn};
    match (hour, lang) {
        (0..=8, ZhCn) => "早上好",
        (9..=11, ZhCn) => "上午好",
        (12..=13, ZhCn) => "中午好",
        (14..=19, ZhCn) => "下午好",
        (_, ZhCn) => "晚上好",
        (0..=8, EnUs) => "Good morning",
        (9..=11, EnUs) => "Good day",
        (12..=13, EnUs) => "Good noon",
        (14..=19, EnUs) => "Good afternoon",
        (_, EnUs) => "Good evening",
    }
}

/// The permissions a grant would add or remove (going from `current` to `requested`) that the
/// operator does not hold themselves: a grant may only move what its maker holds. Sorted.
pub fn ungrantable<S: AsRef<str>>(current: &[S], requested: &[S], held: &[S]) -> Vec<String> {
    use alloc::collections::BTreeSet;
    let current: BTreeSet<&str> = current.iter().map(AsRef::as_ref).collect();
    let requested: BTreeSet<&str> = requested.iter().map(AsRef::as_ref).collect();
    let held: BTreeSet<&str> = held.iter().map(AsRef::as_ref).collect();
    current.symmetric_difference(&requested).filter(|id| !held.contains(*id)).map(|id| (*id).to_owned()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn perm(action: &str, kind: &str, status: &str) -> ButtonPermission {
        ButtonPermission { action: action.into(), kind: kind.into(), status: status.into() }
    }

    #[test]
    fn buttons() {
        let all = [perm("user:add", "1", "1"), perm("user:off", "1", "0"), perm("user:edit", "2", "1")];
        assert_eq!(button_state("user:add", &[perm("user:add", "1", "1")], &all), ButtonState::Visible);
        assert_eq!(button_state("user:add", &[], &all), ButtonState::Hidden);
        assert_eq!(button_state("user:off", &[], &all), ButtonState::Visible);
        assert_eq!(button_state("user:edit", &[], &all), ButtonState::Disabled);
        assert_eq!(button_state("user:edit", &[perm("user:edit", "2", "1")], &all), ButtonState::Visible);
        assert_eq!(button_state("unknown", &[], &all), ButtonState::Hidden);
    }

    #[test]
    fn greeting_boundaries() {
        let zh: Vec<&str> = [8, 9, 11, 12, 13, 14, 19, 20].iter().map(|h| welcome(*h, crate::Lang::ZhCn)).collect();
        assert_eq!(zh, ["早上好", "上午好", "上午好", "中午好", "中午好", "下午好", "下午好", "晚上好"]);
    }
}
