//! Data rules (JeecgBoot's `sys_permission_data_rule`): row filters attached to a menu, chosen per
//! role. The server turns the rules of a user's roles into a filter applied to reads AND writes
//! (edit, freeze, delete) of the rows the menu guards; the rule itself is decided here.

use crate::prelude::*;

use crate::i18n::MessageKey;
use crate::validate::FieldError;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Condition {
    Eq,
    Ne,
    Gt,
    Ge,
    Lt,
    Le,
    /// The value is a comma list.
    In,
    /// Contains.
    Like,
    /// Ends with (JeecgBoot: `%value`).
    LeftLike,
    /// Starts with (JeecgBoot: `value%`).
    RightLike,
}

impl Condition {
    pub const ALL: &'static [(&'static str, Condition)] = &[
        ("=", Condition::Eq),
        ("!=", Condition::Ne),
        (">", Condition::Gt),
        (">=", Condition::Ge),
        ("<", Condition::Lt),
        ("<=", Condition::Le),
        ("IN", Condition::In),
        ("LIKE", Condition::Like),
        ("LEFT_LIKE", Condition::LeftLike),
        ("RIGHT_LIKE", Condition::RightLike),
    ];

    pub fn parse(text: &str) -> Option<Condition> {
        let text = text.trim();
        Condition::ALL.iter().find(|(name, _)| name.eq_ignore_ascii_case(text)).map(|(_, c)| *c)
    }
}

/// What the placeholders of a rule value stand for, for the signed-in user.
#[derive(Clone, Copy, Debug)]
pub struct RuleContext<'a> {
    pub user_code: &'a str,
    pub user_id: &'a str,
    pub org_code: &'a str,
}

pub const PLACEHOLDERS: &[&str] = &["#{sys_user_code}", "#{sys_user_id}", "#{sys_org_code}"];

/// The rule value with its placeholders replaced.
pub fn resolve(value: &str, ctx: &RuleContext<'_>) -> String {
    value
        .trim()
        .replace("#{sys_user_code}", ctx.user_code)
        .replace("#{sys_user_id}", ctx.user_id)
        .replace("#{sys_org_code}", ctx.org_code)
}

/// Checks a rule as an administrator defines it: a known column of the guarded rows, a known
/// condition and a value (placeholders only from [`PLACEHOLDERS`]).
pub fn validate(column: &str, condition: &str, value: &str, columns: &[&str]) -> Result<Condition, FieldError> {
    if !columns.contains(&column.trim()) {
        return Err(FieldError::new("ruleColumn", MessageKey::DataRuleColumnInvalid).with("columns", columns.join(", ")));
    }
    let condition =
        Condition::parse(condition).ok_or_else(|| FieldError::new("ruleConditions", MessageKey::DataRuleConditionInvalid))?;
    let value = value.trim();
    if value.is_empty() || value.chars().count() > 500 {
        return Err(FieldError::new("ruleValue", MessageKey::DataRuleValueInvalid));
    }
    let mut rest = value;
    while let Some(start) = rest.find("#{") {
        let tail = &rest[start..];
        let Some(end) = tail.find('}') else { return Err(FieldError::new("ruleValue", MessageKey::DataRuleValueInvalid)) };
        if !PLACEHOLDERS.contains(&&tail[..=end]) {
            return Err(FieldError::new("ruleValue", MessageKey::DataRuleValueInvalid));
        }
        rest = &tail[end + 1..];
    }
    Ok(condition)
}

/// Whether one row's column value passes the rule (the server's SQL filter does the same for
/// lists; this decides single rows and is the reference the tests hold the SQL to).
pub fn matches(condition: Condition, row_value: &str, rule_value: &str) -> bool {
    match condition {
        Condition::Eq => row_value == rule_value,
        Condition::Ne => row_value != rule_value,
        Condition::Gt => row_value > rule_value,
        Condition::Ge => row_value >= rule_value,
        Condition::Lt => row_value < rule_value,
        Condition::Le => row_value <= rule_value,
        Condition::In => rule_value.split(',').any(|v| v.trim() == row_value),
        Condition::Like => row_value.contains(rule_value),
        Condition::LeftLike => row_value.ends_with(rule_value),
        Condition::RightLike => row_value.starts_with(rule_value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const COLUMNS: &[&str] = &["org_code", "create_by"];

    #[test]
    fn validates_rules() {
        assert_eq!(validate("org_code", "=", "#{sys_org_code}", COLUMNS), Ok(Condition::Eq));
        assert_eq!(validate("org_code", "right_like", "A01", COLUMNS), Ok(Condition::RightLike));
        assert!(validate("password", "=", "x", COLUMNS).is_err());
        assert!(validate("org_code", "~", "x", COLUMNS).is_err());
        assert!(validate("org_code", "=", "", COLUMNS).is_err());
        assert!(validate("org_code", "=", "#{sys_password}", COLUMNS).is_err());
        assert!(validate("org_code", "=", "#{sys_org_code", COLUMNS).is_err());
    }

    #[test]
    fn resolves_and_matches() {
        let ctx = RuleContext { user_code: "alice", user_id: "u1", org_code: "A01A02" };
        assert_eq!(resolve(" #{sys_org_code} ", &ctx), "A01A02");
        assert!(matches(Condition::RightLike, "A01A02A01", &resolve("#{sys_org_code}", &ctx)));
        assert!(!matches(Condition::Eq, "A01", "A01A02"));
        assert!(matches(Condition::In, "b", "a, b"));
        assert!(matches(Condition::LeftLike, "xalice", "alice"));
    }
}
