//! Languages and the message catalogue: every message the rules or the server show a user, in
//! zh-CN and en-US, under a stable snake_case key that clients may translate themselves.

use std::fmt;

/// The two languages of the product. English is the fallback whenever nothing else is known.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    ZhCn,
    #[default]
    EnUs,
}

impl Lang {
    /// Reads a language tag as browsers, cookies and JeecgBoot clients write it
    /// (`zh-CN`, `zh_CN`, `zh`, `en-US`, `en_us`, `en`); anything else is unknown.
    pub fn parse(tag: &str) -> Option<Lang> {
        let tag = tag.trim();
        let primary = tag.split(['-', '_']).next().unwrap_or("");
        if primary.eq_ignore_ascii_case("zh") {
            Some(Lang::ZhCn)
        } else if primary.eq_ignore_ascii_case("en") {
            Some(Lang::EnUs)
        } else {
            None
        }
    }

    /// Picks the first supported language of an `Accept-Language` header, honouring q-weights.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut best: Option<(u16, Lang)> = None;
        for part in header.split(',') {
            let mut pieces = part.split(';');
            let tag = pieces.next().unwrap_or("");
            let quality = pieces
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(1000, parse_quality);
            if let Some(lang) = Lang::parse(tag)
                && quality > 0
                && best.is_none_or(|(q, _)| quality > q)
            {
                best = Some((quality, lang));
            }
        }
        best.map(|(_, lang)| lang)
    }

    /// The catalogue code used in cookies and headers.
    pub fn code(self) -> &'static str {
        match self {
            Lang::ZhCn => "zh-CN",
            Lang::EnUs => "en-US",
        }
    }
}

/// `q=0.8` as thousandths, so that comparisons need no floats.
fn parse_quality(q: &str) -> u16 {
    let q = q.trim();
    let (whole, frac) = q.split_once('.').unwrap_or((q, ""));
    let whole: u16 = match whole {
        "1" => 1000,
        "0" | "" => 0,
        _ => return 0,
    };
    let mut thousandths = 0u16;
    let mut scale = 100u16;
    for c in frac.chars().take(3) {
        let Some(d) = c.to_digit(10) else { return 0 };
        thousandths += d as u16 * scale;
        scale /= 10;
    }
    (whole + thousandths).min(1000)
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

macro_rules! catalogue {
    ($($variant:ident = $key:literal { zh: $zh:literal, en: $en:literal })*) => {
        /// A message of the catalogue. Templates may hold `{field}`, `{max}` and similar
        /// placeholders, filled by [`render`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum MessageKey { $($variant),* }

        impl MessageKey {
            /// Every message, for catalogue checks and exports.
            pub const ALL: &'static [MessageKey] = &[$(MessageKey::$variant),*];

            /// The stable snake_case key clients see in error bodies.
            pub fn key(self) -> &'static str {
                match self { $(MessageKey::$variant => $key),* }
            }

            /// The template in the given language.
            pub fn template(self, lang: Lang) -> &'static str {
                match (self, lang) {
                    $((MessageKey::$variant, Lang::ZhCn) => $zh,
                      (MessageKey::$variant, Lang::EnUs) => $en,)*
                }
            }

            /// Finds a message by its key.
            pub fn from_key(key: &str) -> Option<MessageKey> {
                match key { $($key => Some(MessageKey::$variant),)* _ => None }
            }
        }
    };
}

catalogue! {
    Ok = "ok" { zh: "操作成功！", en: "Operation succeeded!" }
    Required = "required" { zh: "{field}不能为空!", en: "{field} is required!" }
    TooLong = "too_long" { zh: "{field}不能超过{max}个字符!", en: "{field} must not exceed {max} characters!" }
    PasswordPolicy = "password_policy" {
        zh: "密码由8位数字、大小写字母和特殊符号组成!",
        en: "The password must have at least 8 characters mixing digits, upper-case and lower-case letters and special symbols!"
    }
    PasswordTooLong = "password_too_long" { zh: "密码不能超过64个字符!", en: "The password must not exceed 64 characters!" }
    PhoneInvalid = "phone_invalid" { zh: "您的手机号码格式不正确!", en: "Your phone number format is incorrect!" }
    EmailInvalid = "email_invalid" { zh: "邮箱格式不正确!", en: "The e-mail address is not valid!" }
    NumberInvalid = "number_invalid" { zh: "{field}必须是有效的数字!", en: "{field} must be a valid number!" }
    NumberPositive = "number_positive" { zh: "{field}必须大于0!", en: "{field} must be greater than 0!" }
    NumberNotNegative = "number_not_negative" { zh: "{field}不能为负数!", en: "{field} must not be negative!" }
    NumberTooLarge = "number_too_large" { zh: "{field}不能超过{max}!", en: "{field} must not exceed {max}!" }
    NumberTooPrecise = "number_too_precise" {
        zh: "{field}最多保留{scale}位小数!",
        en: "{field} allows at most {scale} decimal places!"
    }
    FieldLength = "field_length" { zh: "长", en: "Length" }
    FieldWidth = "field_width" { zh: "宽", en: "Width" }
    FieldHeight = "field_height" { zh: "高", en: "Height" }
    FieldWeight = "field_weight" { zh: "实重", en: "Actual weight" }
    FieldDivisor = "field_divisor" { zh: "抛重系数", en: "Volumetric divisor" }
    FieldIncrement = "field_increment" { zh: "计费重进位", en: "Weight increment" }
    BadRequest = "bad_request" { zh: "请求参数不正确!", en: "The request is not valid!" }
    BadJson = "bad_json" { zh: "请求内容不是有效的JSON: {detail}", en: "The request body is not valid JSON: {detail}" }
    Unauthorized = "unauthorized" { zh: "未授权，请重新登录", en: "Unauthorized, please sign in again" }
    TokenExpired = "token_expired" { zh: "Token失效，请重新登录", en: "Token expired, please sign in again" }
    Forbidden = "forbidden" { zh: "拒绝访问", en: "Access denied" }
    NotFound = "not_found" { zh: "很抱歉，资源未找到!", en: "Sorry, the resource was not found!" }
    MethodNotAllowed = "method_not_allowed" { zh: "不支持该请求方法!", en: "This request method is not supported!" }
    Conflict = "conflict" { zh: "数据已存在或已被他人修改!", en: "The data already exists or was changed by someone else!" }
    PayloadTooLarge = "payload_too_large" { zh: "请求内容过大!", en: "The request body is too large!" }
    TooManyRequests = "too_many_requests" { zh: "请求过于频繁，请稍后再试!", en: "Too many requests, please try again later!" }
    InternalError = "internal_error" { zh: "服务器内部错误，请稍后再试!", en: "Internal server error, please try again later!" }
    ServiceUnavailable = "service_unavailable" { zh: "服务暂不可用，请稍后再试!", en: "The service is temporarily unavailable, please try again later!" }
    GatewayTimeout = "gateway_timeout" { zh: "网络超时", en: "Network timeout" }
}

/// Fills a template's `{name}` placeholders; unknown placeholders are left as they are.
pub fn render(key: MessageKey, lang: Lang, args: &[(&str, &str)]) -> String {
    let mut text = key.template(lang).to_owned();
    for (name, value) in args {
        text = text.replace(&format!("{{{name}}}"), value);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_language_tags() {
        assert_eq!(Lang::parse("zh-CN"), Some(Lang::ZhCn));
        assert_eq!(Lang::parse("zh_CN"), Some(Lang::ZhCn));
        assert_eq!(Lang::parse("ZH"), Some(Lang::ZhCn));
        assert_eq!(Lang::parse("en_US"), Some(Lang::EnUs));
        assert_eq!(Lang::parse("fr-FR"), None);
        assert_eq!(Lang::parse(""), None);
    }

    #[test]
    fn accept_language_honours_weights() {
        assert_eq!(
            Lang::from_accept_language("fr-FR,zh-CN;q=0.8,en;q=0.5"),
            Some(Lang::ZhCn)
        );
        assert_eq!(
            Lang::from_accept_language("en;q=0.4, zh;q=0.9"),
            Some(Lang::ZhCn)
        );
        assert_eq!(Lang::from_accept_language("zh;q=0, en"), Some(Lang::EnUs));
        assert_eq!(Lang::from_accept_language("de, fr"), None);
    }

    #[test]
    fn catalogue_keys_are_unique_and_complete() {
        let mut seen = std::collections::HashSet::new();
        for key in MessageKey::ALL {
            assert!(seen.insert(key.key()), "duplicate key {}", key.key());
            assert_eq!(MessageKey::from_key(key.key()), Some(*key));
            assert!(!key.template(Lang::ZhCn).is_empty());
            assert!(!key.template(Lang::EnUs).is_empty());
        }
    }

    #[test]
    fn renders_placeholders() {
        let text = render(
            MessageKey::TooLong,
            Lang::EnUs,
            &[("field", "Name"), ("max", "32")],
        );
        assert_eq!(text, "Name must not exceed 32 characters!");
    }
}
