//! Coding rules (JeecgBoot's `checkRule/checkByCode`): named format rules for codes people type,
//! checked the same way by the server and, inline, by the browser.

use crate::i18n::MessageKey;
use crate::validate::{self, FieldError};

/// The rule codes clients may ask for.
pub const RULE_CODES: &[&str] = &["role_code", "position_code", "work_no", "perms_code", "username", "phone", "email"];

fn is_code_char(c: char, extra: &[char]) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || extra.contains(&c)
}

fn code(value: &str, min: usize, max: usize, extra: &[char], key: MessageKey) -> Result<(), FieldError> {
    let len = value.chars().count();
    let starts_with_letter = value.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
    if len < min || len > max || !starts_with_letter || !value.chars().all(|c| is_code_char(c, extra)) {
        return Err(FieldError::new("value", key));
    }
    Ok(())
}

/// A role code: 2 to 32 letters, digits or `_`, starting with a letter.
pub fn role_code(value: &str) -> Result<(), FieldError> {
    code(value, 2, 32, &[], MessageKey::RoleCodeInvalid)
}

/// A position code: 2 to 32 letters, digits, `_` or `-`, starting with a letter.
pub fn position_code(value: &str) -> Result<(), FieldError> {
    code(value, 2, 32, &['-'], MessageKey::PositionCodeInvalid)
}

/// A button permission code like `system:user:add`: up to 100 letters, digits, `_ : . -`,
/// starting with a letter.
pub fn perms_code(value: &str) -> Result<(), FieldError> {
    code(value, 1, 100, &[':', '.', '-'], MessageKey::PermsCodeInvalid)
}

/// A staff number: 1 to 32 letters, digits, `_` or `-`.
pub fn work_no(value: &str) -> Result<(), FieldError> {
    let len = value.chars().count();
    if len == 0 || len > 32 || !value.chars().all(|c| is_code_char(c, &['-'])) {
        return Err(FieldError::new("value", MessageKey::WorkNoInvalid));
    }
    Ok(())
}

/// Checks `value` against the rule `rule_code`. An empty value passes (the field may be optional;
/// "required" is a separate rule). An unknown rule is an error of its own.
pub fn check(rule_code: &str, value: &str) -> Result<(), FieldError> {
    if value.is_empty() && RULE_CODES.contains(&rule_code) {
        return Ok(());
    }
    match rule_code {
        "role_code" => role_code(value),
        "position_code" => position_code(value),
        "work_no" => work_no(value),
        "perms_code" => perms_code(value),
        "username" => validate::username("value", value),
        "phone" => validate::phone("value", value),
        "email" => validate::email("value", value),
        _ => Err(FieldError::new("ruleCode", MessageKey::CheckRuleUnknown)),
    }
}
