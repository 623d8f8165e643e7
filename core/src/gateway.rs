//! Gateway routes (JeecgBoot's `sys_gateway_route`): a call to `/boot/gateway/{routerId}/…` is
//! forwarded to the route's upstream, which must lie under one of the operator's allowed upstream
//! URLs (`LOGISTICS_GATEWAY_UPSTREAMS`): staff choose routes, the operator chooses where they may
//! lead. The form's checks (here, and in the browser through WASM) and the forwarded URL.

use crate::i18n::MessageKey;
use crate::json::Value;
use crate::prelude::*;
use crate::validate::{self, FieldError, note, text_of};

/// A route's timeout in milliseconds: at least 100 ms, at most a minute; 10 s when none is given.
pub const TIMEOUT_BOUNDS: (u32, u32) = (100, 60_000);
pub const DEFAULT_TIMEOUT_MS: u32 = 10_000;
/// Roles a route may name.
pub const MAX_ROLES: usize = 20;
const MAX_URI: usize = 500;

/// A checked route form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    pub router_id: String,
    pub name: String,
    /// Without a trailing `/`.
    pub uri: String,
    pub strip_prefix: bool,
    pub timeout_ms: u32,
    pub enabled: bool,
    /// Empty: every signed-in user may call it.
    pub role_codes: Vec<String>,
    pub remark: Option<String>,
}

/// A route id: 2 to 32 lower-case letters, digits or hyphens, starting with a letter or digit
/// (one path segment, the same however a client spells it).
pub fn router_id(value: &str) -> Result<(), FieldError> {
    let ok = (2..=32).contains(&value.len())
        && value.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
        && value.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if ok { Ok(()) } else { Err(FieldError::new("routerId", MessageKey::GatewayRouterIdInvalid)) }
}

/// An absolute `http://` or `https://` URL with a host, and neither credentials, a query nor a
/// fragment; returned without its trailing `/`, the scheme and host in lower case.
pub fn upstream(value: &str) -> Result<String, FieldError> {
    let bad = || FieldError::new("uri", MessageKey::GatewayUriInvalid);
    let (scheme, rest) = value.split_once("://").ok_or_else(bad)?;
    let scheme = scheme.to_ascii_lowercase();
    if scheme != "http" && scheme != "https" {
        return Err(bad());
    }
    let (authority, path) = rest.find('/').map_or((rest, ""), |at| rest.split_at(at));
    let host = authority.rsplit_once(':').map_or(authority, |(host, port)| {
        if !port.is_empty() && port.len() <= 5 && port.chars().all(|c| c.is_ascii_digit()) { host } else { "" }
    });
    let host_ok = !host.is_empty()
        && host.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '[' | ']' | ':'))
        && !host.starts_with(['.', '-']);
    let path_ok = path.chars().all(|c| c.is_ascii_graphic() && !matches!(c, '?' | '#' | '\\'))
        && !path.split('/').any(|segment| segment == ".." || segment == ".");
    if !host_ok || !path_ok || authority.contains('@') || value.len() > MAX_URI {
        return Err(bad());
    }
    Ok(format!("{scheme}://{}{}", authority.to_ascii_lowercase(), path.trim_end_matches('/')))
}

/// Whether `uri` (checked by [`upstream`]) lies under one of the allowed upstreams: the same
/// scheme, host and port, and a path at or below the allowed one's (segment by segment, so
/// `http://a/api` does not allow `http://a/apiary`).
pub fn allowed(uri: &str, allow_list: &[String]) -> bool {
    allow_list.iter().filter_map(|entry| upstream(entry.trim()).ok()).any(|base| {
        uri == base || uri.strip_prefix(base.as_str()).is_some_and(|rest| rest.starts_with('/') || base.ends_with('/'))
    })
}

fn flag(form: &Value, key: &str, default: bool) -> Result<bool, FieldError> {
    match form.get(key) {
        None | Some(Value::Null) => Ok(default),
        Some(v) => match (v.as_bool(), v.as_i64(), v.as_str()) {
            (Some(b), _, _) => Ok(b),
            (_, Some(0), _) | (_, _, Some("0" | "false")) => Ok(false),
            (_, Some(1), _) | (_, _, Some("1" | "true")) => Ok(true),
            _ => Err(FieldError::new(key, MessageKey::ReturnOptionInvalid)
                .with("field", if key == "status" { "@field_gateway_status" } else { "@field_gateway_strip_prefix" })
                .with("value", v.as_str().unwrap_or("?").chars().take(10).collect::<String>())),
        },
    }
}

fn timeout(form: &Value) -> Result<u32, FieldError> {
    let (min, max) = TIMEOUT_BOUNDS;
    let out_of_range = || {
        FieldError::new("timeout", MessageKey::WholeNumberRange)
            .with("field", "@field_gateway_timeout")
            .with("min", min.to_string())
            .with("max", max.to_string())
    };
    let value = match form.get("timeout") {
        None | Some(Value::Null) => return Ok(DEFAULT_TIMEOUT_MS),
        Some(v) => match (v.as_i64(), v.as_str().map(str::trim)) {
            (Some(n), _) => n,
            (_, Some("")) => return Ok(DEFAULT_TIMEOUT_MS),
            (_, Some(s)) => s.parse::<i64>().map_err(|_| out_of_range())?,
            _ => return Err(out_of_range()),
        },
    };
    u32::try_from(value).ok().filter(|n| (min..=max).contains(n)).ok_or_else(out_of_range)
}

/// The role codes of `roleCodes` (comma-separated text, or an array): each a role code, at most
/// [`MAX_ROLES`], duplicates dropped, in the order given.
fn roles(form: &Value) -> Result<Vec<String>, FieldError> {
    let mut codes: Vec<String> = Vec::new();
    let mut add = |code: &str| -> Result<(), FieldError> {
        let code = code.trim();
        if code.is_empty() || codes.iter().any(|c| c == code) {
            return Ok(());
        }
        crate::check_rule::role_code(code).map_err(|e| FieldError { field: "roleCodes".into(), ..e })?;
        codes.push(code.to_owned());
        Ok(())
    };
    match form.get("roleCodes") {
        Some(Value::Array(items)) => {
            for item in items {
                add(item.as_str().unwrap_or("-"))?;
            }
        }
        Some(v) => {
            for code in v.as_str().unwrap_or("").split(',') {
                add(code)?;
            }
        }
        None => {}
    }
    if codes.len() > MAX_ROLES {
        return Err(FieldError::new("roleCodes", MessageKey::GatewayTooManyRoles).with("max", MAX_ROLES.to_string()));
    }
    Ok(codes)
}

/// Checks a route form (`{routerId, name, uri, stripPrefix, timeout, status, roleCodes, remark}`)
/// against the allowed upstreams, in the order the form shows its fields.
pub fn route(form: &Value, allow_list: &[String]) -> Result<Route, FieldError> {
    let id = text_of(form, "routerId");
    validate::required("routerId", "@field_gateway_router_id", id)?;
    router_id(id)?;
    let name = text_of(form, "name");
    validate::required("name", "@field_name", name)?;
    validate::max_chars("name", "@field_name", name, 100)?;
    let uri = text_of(form, "uri");
    validate::required("uri", "@field_gateway_uri", uri)?;
    let uri = upstream(uri)?;
    if !allowed(&uri, allow_list) {
        let key = if allow_list.is_empty() { MessageKey::GatewayNoUpstreams } else { MessageKey::GatewayUriNotAllowed };
        return Err(FieldError::new("uri", key).with("uri", uri));
    }
    Ok(Route {
        router_id: id.to_owned(),
        name: name.to_owned(),
        uri,
        strip_prefix: flag(form, "stripPrefix", true)?,
        timeout_ms: timeout(form)?,
        enabled: flag(form, "status", true)?,
        role_codes: roles(form)?,
        remark: note(form, "remark", "@field_remark", 500)?,
    })
}

/// Why a forwarded path is refused: it climbs out of the route (`..` or `.` segments, also
/// percent-encoded), or holds a backslash or an encoded slash that an upstream might read as one.
pub fn path_issue(rest: &str) -> Option<MessageKey> {
    let lower = rest.to_ascii_lowercase();
    let hidden = ["%2e", "%2f", "%5c"].iter().any(|encoded| lower.contains(encoded));
    let climbs = rest.split('/').any(|segment| segment == ".." || segment == ".");
    (hidden || climbs || rest.contains('\\')).then_some(MessageKey::GatewayPathInvalid)
}

/// The upstream URL a call to `/boot/gateway/{router_id}{rest}?{query}` goes to: `rest` (empty or
/// starting with `/`, checked by [`path_issue`]) appended to the route's upstream, after the route
/// id when the prefix is kept.
pub fn upstream_url(uri: &str, router_id: &str, strip_prefix: bool, rest: &str, query: Option<&str>) -> String {
    let mut url = String::with_capacity(uri.len() + router_id.len() + rest.len() + 2);
    url.push_str(uri);
    if !strip_prefix {
        url.push('/');
        url.push_str(router_id);
    }
    if rest.is_empty() && !strip_prefix {
        // `/boot/gateway/id` itself: the upstream's `/id`.
    } else if rest.is_empty() {
        url.push('/');
    } else {
        url.push_str(rest);
    }
    if let Some(query) = query.filter(|q| !q.is_empty()) {
        url.push('?');
        url.push_str(query);
    }
    url
}

/// Whether a caller holding `roles` may call a route open to `route_roles` (none: everyone).
pub fn may_call(route_roles: &[String], roles: &[String]) -> bool {
    route_roles.is_empty() || route_roles.iter().any(|r| roles.contains(r))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn allow() -> Vec<String> {
        vec!["http://127.0.0.1:9000".to_owned(), "https://api.example.com/v1/".to_owned()]
    }

    fn form(json: &str) -> Value {
        crate::json::parse(json).unwrap_or(Value::Null)
    }

    #[test]
    fn a_full_form_is_read_with_its_defaults() {
        let route = route(&form(r#"{"routerId":"erp","name":"ERP","uri":"HTTP://127.0.0.1:9000/erp/"}"#), &allow());
        assert_eq!(
            route,
            Ok(Route {
                router_id: "erp".into(),
                name: "ERP".into(),
                uri: "http://127.0.0.1:9000/erp".into(),
                strip_prefix: true,
                timeout_ms: 10_000,
                enabled: true,
                role_codes: vec![],
                remark: None,
            })
        );
        let route = super::route(
            &form(r#"{"routerId":"erp-2","name":"ERP","uri":"https://api.example.com/v1/x","stripPrefix":0,"timeout":"2500","status":"0","roleCodes":"admin, ops_1,admin"}"#),
            &allow(),
        )
        .map(|r| (r.strip_prefix, r.timeout_ms, r.enabled, r.role_codes));
        assert_eq!(route, Ok((false, 2500, false, vec!["admin".to_owned(), "ops_1".to_owned()])));
    }

    #[test]
    fn bad_fields_are_named() {
        let field = |json: &str| route(&form(json), &allow()).err().map(|e| (e.field.clone(), e.key));
        assert_eq!(
            field(r#"{"routerId":"ERP","name":"x","uri":"http://127.0.0.1:9000"}"#),
            Some(("routerId".into(), MessageKey::GatewayRouterIdInvalid))
        );
        assert_eq!(
            field(r#"{"routerId":"-x","name":"x","uri":"http://127.0.0.1:9000"}"#),
            Some(("routerId".into(), MessageKey::GatewayRouterIdInvalid))
        );
        assert_eq!(
            field(r#"{"routerId":"erp","name":"","uri":"http://127.0.0.1:9000"}"#),
            Some(("name".into(), MessageKey::Required))
        );
        for uri in [
            "ftp://127.0.0.1:9000",
            "http://user:pw@127.0.0.1:9000",
            "http://127.0.0.1:9000/a?b=1",
            "http://127.0.0.1:9000/../etc",
            "127.0.0.1:9000",
            "http://:9000",
        ] {
            let json = format!(r#"{{"routerId":"erp","name":"x","uri":"{uri}"}}"#);
            assert_eq!(field(&json), Some(("uri".into(), MessageKey::GatewayUriInvalid)), "{uri}");
        }
        assert_eq!(
            field(r#"{"routerId":"erp","name":"x","uri":"http://127.0.0.1:9001"}"#),
            Some(("uri".into(), MessageKey::GatewayUriNotAllowed))
        );
        assert_eq!(
            field(r#"{"routerId":"erp","name":"x","uri":"https://api.example.com/v2"}"#),
            Some(("uri".into(), MessageKey::GatewayUriNotAllowed))
        );
        assert_eq!(
            field(r#"{"routerId":"erp","name":"x","uri":"http://127.0.0.1:9000","timeout":99}"#),
            Some(("timeout".into(), MessageKey::WholeNumberRange))
        );
        assert_eq!(
            field(r#"{"routerId":"erp","name":"x","uri":"http://127.0.0.1:9000","timeout":"1.5"}"#),
            Some(("timeout".into(), MessageKey::WholeNumberRange))
        );
        assert_eq!(
            field(r#"{"routerId":"erp","name":"x","uri":"http://127.0.0.1:9000","roleCodes":"admin,1x"}"#),
            Some(("roleCodes".into(), MessageKey::RoleCodeInvalid))
        );
        assert_eq!(
            field(r#"{"routerId":"erp","name":"x","uri":"http://127.0.0.1:9000","status":"maybe"}"#),
            Some(("status".into(), MessageKey::ReturnOptionInvalid))
        );
        let none = route(&form(r#"{"routerId":"erp","name":"x","uri":"http://127.0.0.1:9000"}"#), &[]);
        assert_eq!(none.err().map(|e| e.key), Some(MessageKey::GatewayNoUpstreams));
    }

    #[test]
    fn the_allow_list_matches_whole_segments() {
        let list = vec!["http://a:80/api".to_owned()];
        assert!(allowed("http://a:80/api", &list));
        assert!(allowed("http://a:80/api/x", &list));
        assert!(!allowed("http://a:80/apiary", &list));
        assert!(!allowed("http://a:8080/api", &list));
        assert!(!allowed("https://a:80/api", &list));
        assert!(allowed("http://b/c", &["http://b".to_owned()]));
        assert!(!allowed("http://b.evil/c", &["http://b".to_owned()]));
    }

    #[test]
    fn forwarded_urls_and_paths() {
        assert_eq!(upstream_url("http://u/erp", "erp", true, "/orders/1", Some("a=1")), "http://u/erp/orders/1?a=1");
        assert_eq!(upstream_url("http://u/erp", "erp", false, "/orders", None), "http://u/erp/erp/orders");
        assert_eq!(upstream_url("http://u", "erp", true, "", Some("")), "http://u/");
        assert_eq!(upstream_url("http://u", "erp", false, "", None), "http://u/erp");
        for bad in ["/../admin", "/a/./b", "/%2e%2e/x", "/a%2Fb", "/a\\b", "/%5C"] {
            assert_eq!(path_issue(bad), Some(MessageKey::GatewayPathInvalid), "{bad}");
        }
        assert_eq!(path_issue("/orders/1..2/x.json"), None);
    }

    #[test]
    fn roles_open_or_restrict() {
        assert!(may_call(&[], &[]));
        assert!(may_call(&["ops".into()], &["admin".into(), "ops".into()]));
        assert!(!may_call(&["ops".into()], &["admin".into()]));
    }
}
