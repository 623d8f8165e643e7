//! Field validation: the password policy, phone numbers, e-mail addresses, required and length
//! checks. Each failure is a [`FieldError`] that names the field and a catalogue message.

use crate::i18n::{Lang, MessageKey, render};
use crate::prelude::*;

/// Longest password accepted: argon2 would take more, but nobody types more.
pub const PASSWORD_MAX_CHARS: usize = 64;
/// Shortest password accepted (spec section 5).
pub const PASSWORD_MIN_CHARS: usize = 8;

/// A rule that a field broke, with what is needed to say so in either language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    /// The field's name as the client sends it (`password`, `phone`, `length`).
    pub field: String,
    pub key: MessageKey,
    /// Placeholder values. A value that starts with `@` names a catalogue message, so field labels
    /// are translated too.
    pub args: Vec<(&'static str, String)>,
}

impl FieldError {
    pub fn new(field: impl Into<String>, key: MessageKey) -> Self {
        FieldError { field: field.into(), key, args: Vec::new() }
    }

    pub fn with(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.args.push((name, value.into()));
        self
    }

    /// The message in the user's language.
    pub fn message(&self, lang: Lang) -> String {
        let args: Vec<(&str, String)> = self
            .args
            .iter()
            .map(|(name, value)| {
                let value = match value.strip_prefix('@').and_then(MessageKey::from_key) {
                    Some(label) => label.template(lang).to_owned(),
                    None => value.clone(),
                };
                (*name, value)
            })
            .collect();
        let borrowed: Vec<(&str, &str)> = args.iter().map(|(n, v)| (*n, v.as_str())).collect();
        render(self.key, lang, &borrowed)
    }
}

/// Spec section 5: at least 8 characters mixing digits, upper case, lower case and special symbols.
pub fn password(field: &str, value: &str) -> Result<(), FieldError> {
    let count = value.chars().count();
    if count > PASSWORD_MAX_CHARS {
        return Err(FieldError::new(field, MessageKey::PasswordTooLong));
    }
    let has = |pred: fn(&char) -> bool| value.chars().any(|c| pred(&c));
    let ok = count >= PASSWORD_MIN_CHARS
        && has(char::is_ascii_digit)
        && has(char::is_ascii_uppercase)
        && has(char::is_ascii_lowercase)
        && has(|c| !c.is_ascii_alphanumeric() && !c.is_whitespace() && !c.is_control());
    if ok { Ok(()) } else { Err(FieldError::new(field, MessageKey::PasswordPolicy)) }
}

/// A mainland China mobile number (`13800138000`, optionally `+86` / `86` first) or any E.164
/// number (`+` then 7 to 15 digits, no leading zero). Spaces and dashes between digits are allowed.
pub fn phone(field: &str, value: &str) -> Result<(), FieldError> {
    if normalize_phone(value).is_some() { Ok(()) } else { Err(FieldError::new(field, MessageKey::PhoneInvalid)) }
}

/// The phone number as stored: CN mobiles as 11 digits, others in E.164 with their `+`.
pub fn normalize_phone(value: &str) -> Option<String> {
    let trimmed = value.trim();
    let international = trimmed.starts_with('+');
    let body = trimmed.strip_prefix('+').unwrap_or(trimmed);
    let mut digits = String::with_capacity(body.len());
    let mut last_was_separator = true;
    for c in body.chars() {
        match c {
            '0'..='9' => {
                digits.push(c);
                last_was_separator = false;
            }
            ' ' | '-' if !last_was_separator => last_was_separator = true,
            _ => return None,
        }
    }
    if last_was_separator && !digits.is_empty() {
        return None;
    }
    let is_cn_mobile = |d: &str| {
        let b = d.as_bytes();
        b.len() == 11 && b[0] == b'1' && (b'3'..=b'9').contains(&b[1])
    };
    if !international && is_cn_mobile(&digits) {
        return Some(digits);
    }
    if let Some(rest) = digits.strip_prefix("86")
        && is_cn_mobile(rest)
    {
        return Some(rest.to_owned());
    }
    let e164 = international && (7..=15).contains(&digits.len()) && !digits.starts_with('0');
    e164.then(|| format!("+{digits}"))
}

/// A practical e-mail check: one `@`, a local part of allowed characters, a domain of at least
/// two labels made of letters, digits and inner hyphens, a top-level label of letters.
pub fn email(field: &str, value: &str) -> Result<(), FieldError> {
    if is_email(value.trim()) { Ok(()) } else { Err(FieldError::new(field, MessageKey::EmailInvalid)) }
}

fn is_email(value: &str) -> bool {
    if value.len() > 254 {
        return false;
    }
    let Some((local, domain)) = value.split_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.as_bytes().windows(2).any(|pair| pair == b"..")
        && local.bytes().all(|c| c.is_ascii_alphanumeric() || b"!#$%&'*+/=?^_`{|}~.-".contains(&c));
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
        && labels.last().is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()));
    local_ok && domain_ok
}

/// A value that must be present: blank (only whitespace) counts as missing. `label` is what the
/// user sees as the field's name, already in their language.
pub fn required(field: &str, label: &str, value: &str) -> Result<(), FieldError> {
    if value.trim().is_empty() { Err(FieldError::new(field, MessageKey::Required).with("field", label)) } else { Ok(()) }
}

/// A value no longer than `max` characters (not bytes: Chinese text counts per character).
pub fn max_chars(field: &str, label: &str, value: &str, max: usize) -> Result<(), FieldError> {
    if value.chars().count() > max {
        Err(FieldError::new(field, MessageKey::TooLong).with("field", label).with("max", max.to_string()))
    } else {
        Ok(())
    }
}

/// A form's text field, trimmed ("" when absent or not text).
pub fn text_of<'a>(form: &'a crate::json::Value, key: &str) -> &'a str {
    form.get(key).and_then(crate::json::Value::as_str).map_or("", str::trim)
}

/// A form's field that must be one of `options` (`label` names it in the message).
pub fn one_of(form: &crate::json::Value, key: &str, label: &str, options: &[&str]) -> Result<String, FieldError> {
    let value = text_of(form, key);
    if value.is_empty() {
        return Err(FieldError::new(key, MessageKey::Required).with("field", label));
    }
    if !options.contains(&value) {
        return Err(FieldError::new(key, MessageKey::ReturnOptionInvalid)
            .with("field", label)
            .with("value", value.chars().take(40).collect::<String>()));
    }
    Ok(value.to_owned())
}

/// A form's optional note of at most `max` characters (None when blank).
pub fn note(form: &crate::json::Value, key: &str, label: &str, max: usize) -> Result<Option<String>, FieldError> {
    let value = text_of(form, key);
    max_chars(key, label, value, max)?;
    Ok((!value.is_empty()).then(|| value.to_owned()))
}

/// 3 to 32 characters of ASCII letters, digits and `_ . - @`, starting with a letter or digit.
pub fn username(field: &str, value: &str) -> Result<(), FieldError> {
    let ok = (3..=32).contains(&value.len())
        && value.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
        && value.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-' | '@'));
    if ok { Ok(()) } else { Err(FieldError::new(field, MessageKey::UsernameInvalid)) }
}

/// An ISO 3166-1 alpha-2 country code such as `CN` or `US`.
pub fn country_code(field: &str, label: &str, value: &str) -> Result<(), FieldError> {
    required(field, label, value)?;
    if value.len() == 2 && value.bytes().all(|b| b.is_ascii_uppercase()) {
        Ok(())
    } else {
        Err(FieldError::new(field, MessageKey::CountryInvalid))
    }
}

/// A verification code as sent by SMS: exactly six digits.
pub fn sms_code(field: &str, value: &str) -> Result<(), FieldError> {
    let value = value.trim();
    if value.len() == 6 && value.bytes().all(|b| b.is_ascii_digit()) {
        Ok(())
    } else {
        Err(FieldError::new(field, MessageKey::SmsCodeFormat))
    }
}

/// The change-password form (spec section 5), field by field in the order the form shows them:
/// `oldpassword` required, `password` required and by the policy, `confirmpassword` required and
/// equal to the new one.
pub fn password_change(old: &str, new: &str, confirm: &str) -> Result<(), FieldError> {
    if old.is_empty() {
        return Err(FieldError::new("oldpassword", MessageKey::OldPasswordRequired));
    }
    new_password(new, confirm)
}

/// A new password and its confirmation (registration, reset, change).
pub fn new_password(new: &str, confirm: &str) -> Result<(), FieldError> {
    if new.is_empty() {
        return Err(FieldError::new("password", MessageKey::NewPasswordRequired));
    }
    password("password", new)?;
    if confirm.is_empty() {
        return Err(FieldError::new("confirmpassword", MessageKey::ConfirmPasswordRequired));
    }
    if confirm != new {
        return Err(FieldError::new("confirmpassword", MessageKey::PasswordMismatch));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn password_policy() {
        assert!(password("password", "Abcdef1!").is_ok());
        assert!(password("password", "密码Abcdef1!").is_ok());
        for bad in ["", "Abcde1!", "abcdefg1!", "ABCDEFG1!", "Abcdefgh!", "Abcdefgh1", "Abcd efg1"] {
            assert_eq!(password("password", bad).map_err(|e| e.key), Err(MessageKey::PasswordPolicy), "{bad}");
        }
        let long = format!("Aa1!{}", "x".repeat(61));
        assert_eq!(password("password", &long).map_err(|e| e.key), Err(MessageKey::PasswordTooLong));
    }

    #[test]
    fn phones() {
        assert_eq!(normalize_phone("13800138000").as_deref(), Some("13800138000"));
        assert_eq!(normalize_phone("+86 138-0013-8000").as_deref(), Some("13800138000"));
        assert_eq!(normalize_phone("+1 415 555 2671").as_deref(), Some("+14155552671"));
        for bad in ["", "12800138000", "1380013800", "+0123456789", "138 0013 8000-", "+86--13800138000", "abc"] {
            assert_eq!(normalize_phone(bad), None, "{bad}");
        }
    }

    #[test]
    fn emails() {
        assert!(email("email", "ops@forwarder.cn").is_ok());
        assert!(email("email", "a.b+c@mail.example.co.uk").is_ok());
        for bad in ["", "a@b", "@x.com", "a@@x.com", "a@x..com", "a@-x.com", "a@x.c0m", ".a@x.com", "a b@x.com"] {
            assert!(email("email", bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn usernames_codes_and_password_changes() {
        assert!(username("u", "demo_sub").is_ok());
        for bad in ["ab", "_lead", "with space", "名字abc", &"x".repeat(33)] {
            assert!(username("u", bad).is_err(), "{bad}");
        }
        assert!(sms_code("c", "012345").is_ok());
        assert!(sms_code("c", "12345").is_err());
        let key = |r: Result<(), FieldError>| r.err().map(|e| (e.field, e.key));
        assert_eq!(key(password_change("", "", "")), Some(("oldpassword".into(), MessageKey::OldPasswordRequired)));
        assert_eq!(key(password_change("x", "", "")), Some(("password".into(), MessageKey::NewPasswordRequired)));
        assert_eq!(key(password_change("x", "weak", "")), Some(("password".into(), MessageKey::PasswordPolicy)));
        assert_eq!(
            key(password_change("x", "Abcdef1!", "")),
            Some(("confirmpassword".into(), MessageKey::ConfirmPasswordRequired))
        );
        assert_eq!(
            key(password_change("x", "Abcdef1!", "Abcdef1?")),
            Some(("confirmpassword".into(), MessageKey::PasswordMismatch))
        );
        assert_eq!(key(password_change("x", "Abcdef1!", "Abcdef1!")), None);
    }

    #[test]
    fn messages_translate_labels() {
        let err = FieldError::new("length", MessageKey::NumberPositive).with("field", "@field_length");
        assert_eq!(err.message(Lang::ZhCn), "长必须大于0!");
        assert_eq!(err.message(Lang::EnUs), "Length must be greater than 0!");
        let err = max_chars("name", "名称", "一二三", 2).err();
        assert_eq!(err.map(|e| e.message(Lang::ZhCn)).as_deref(), Some("名称不能超过2个字符!"));
    }
}
