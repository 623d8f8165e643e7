//! JSON for the rules: a small value, reader and writer of its own, so that the browser's build
//! carries no serde and no float formatting. Numbers keep the exact text they were written with
//! (`1.50` stays `1.50`): decimals are read from it without ever passing through floating point.
//! Objects keep their keys sorted (and a repeated key's last value), as `serde_json` does, so the
//! text this module writes is the text the server wrote before.

use alloc::string::String;
use alloc::vec::Vec;

/// A JSON value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Value {
    #[default]
    Null,
    Bool(bool),
    /// A number as written (`12`, `-0.5`, `1e3`).
    Number(String),
    String(String),
    Array(Vec<Value>),
    Object(Map),
}

/// An object's members, sorted by key, each key once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Map(Vec<(String, Value)>);

impl Map {
    pub const fn new() -> Map {
        Map(Vec::new())
    }

    fn find(&self, key: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| k.as_str().cmp(key))
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        self.find(key).ok().and_then(|at| self.0.get(at)).map(|(_, v)| v)
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        let at = self.find(key).ok()?;
        self.0.get_mut(at).map(|(_, v)| v)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.find(key).is_ok()
    }

    /// Sets `key` (replacing its value if it has one).
    pub fn insert(&mut self, key: impl Into<String>, value: Value) {
        let key = key.into();
        match self.find(&key) {
            Ok(at) => {
                if let Some(slot) = self.0.get_mut(at) {
                    slot.1 = value;
                }
            }
            Err(at) => self.0.insert(at, (key, value)),
        }
    }

    pub fn iter(&self) -> <&Map as IntoIterator>::IntoIter {
        self.into_iter()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a String, &'a Value);
    type IntoIter = core::iter::Map<core::slice::Iter<'a, (String, Value)>, fn(&'a (String, Value)) -> (&'a String, &'a Value)>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

impl<K: Into<String>> FromIterator<(K, Value)> for Map {
    fn from_iter<I: IntoIterator<Item = (K, Value)>>(items: I) -> Map {
        let mut map = Map::new();
        for (k, v) in items {
            map.insert(k, v);
        }
        map
    }
}

impl From<&str> for Value {
    fn from(text: &str) -> Value {
        Value::String(text.into())
    }
}

impl From<String> for Value {
    fn from(text: String) -> Value {
        Value::String(text)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}

impl From<Vec<Value>> for Value {
    fn from(items: Vec<Value>) -> Value {
        Value::Array(items)
    }
}

impl From<Vec<String>> for Value {
    fn from(items: Vec<String>) -> Value {
        Value::Array(items.into_iter().map(Value::String).collect())
    }
}

impl From<Map> for Value {
    fn from(map: Map) -> Value {
        Value::Object(map)
    }
}

/// An object from `(key, value)` pairs.
pub fn object<const N: usize>(members: [(&str, Value); N]) -> Value {
    Value::Object(members.into_iter().collect())
}

impl Value {
    /// The member `key` of an object (None for anything else).
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(map) => map.get(key),
            _ => None,
        }
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        match self {
            Value::Object(map) => map.get_mut(key),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&Vec<Value>> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    pub fn as_array_mut(&mut self) -> Option<&mut Vec<Value>> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    pub fn as_object(&self) -> Option<&Map> {
        match self {
            Value::Object(map) => Some(map),
            _ => None,
        }
    }

    /// The number's text, if it is a number.
    pub fn as_number(&self) -> Option<&str> {
        match self {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }

    /// A number written as a whole non-negative integer that fits 64 bits (`12`, not `12.0`).
    pub fn as_u64(&self) -> Option<u64> {
        let text = self.as_number()?;
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        text.bytes().try_fold(0u64, |n, b| n.checked_mul(10)?.checked_add(u64::from(b - b'0')))
    }

    /// A number written as a whole integer that fits 64 bits (`-3`, `12`).
    pub fn as_i64(&self) -> Option<i64> {
        let text = self.as_number()?;
        match text.strip_prefix('-') {
            Some(rest) => {
                let n = Value::Number(rest.into()).as_u64()?;
                0i64.checked_sub_unsigned(n)
            }
            None => i64::try_from(self.as_u64()?).ok(),
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// The value as compact JSON text.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    /// Appends the value as compact JSON text.
    pub fn write(&self, out: &mut String) {
        match self {
            Value::Null => out.push_str("null"),
            Value::Bool(true) => out.push_str("true"),
            Value::Bool(false) => out.push_str("false"),
            Value::Number(n) => out.push_str(n),
            Value::String(s) => write_string(out, s),
            Value::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write(out);
                }
                out.push(']');
            }
            Value::Object(map) => {
                out.push('{');
                for (i, (k, v)) in map.0.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_string(out, k);
                    out.push(':');
                    v.write(out);
                }
                out.push('}');
            }
        }
    }
}

impl core::fmt::Display for Value {
    /// Compact JSON text.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.to_json())
    }
}

/// `value` as a JSON string, quotes included.
pub fn write_string(out: &mut String, value: &str) {
    out.push('"');
    write_escaped(out, value);
    out.push('"');
}

/// JSON string content of `value` (no quotes), escaped as serde_json escapes.
pub fn write_escaped(out: &mut String, value: &str) {
    // Most text needs no escape: copied whole.
    if !value.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
        out.push_str(value);
        return;
    }
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(char::from(HEX[(c as usize) >> 4]));
                out.push(char::from(HEX[(c as usize) & 15]));
            }
            c => out.push(c),
        }
    }
}

/// How deep arrays and objects may nest (serde_json's limit).
const MAX_DEPTH: usize = 128;

/// Reads JSON text (RFC 8259, whitespace around it allowed); None if it is not exactly one value.
pub fn parse(text: &str) -> Option<Value> {
    let mut reader = Reader { bytes: text.as_bytes(), at: 0 };
    let value = reader.value(0)?;
    reader.space();
    if reader.at == reader.bytes.len() { Some(value) } else { None }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn next(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.at += 1;
        Some(b)
    }

    fn space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn literal(&mut self, word: &[u8], value: Value) -> Option<Value> {
        let end = self.at.checked_add(word.len())?;
        if self.bytes.get(self.at..end)? == word {
            self.at = end;
            Some(value)
        } else {
            None
        }
    }

    fn value(&mut self, depth: usize) -> Option<Value> {
        self.space();
        match self.peek()? {
            b'n' => self.literal(b"null", Value::Null),
            b't' => self.literal(b"true", Value::Bool(true)),
            b'f' => self.literal(b"false", Value::Bool(false)),
            b'"' => self.string().map(Value::String),
            b'[' if depth < MAX_DEPTH => {
                self.at += 1;
                let mut items = Vec::new();
                self.space();
                if self.peek() == Some(b']') {
                    self.at += 1;
                    return Some(Value::Array(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    self.space();
                    match self.next()? {
                        b',' => {}
                        b']' => return Some(Value::Array(items)),
                        _ => return None,
                    }
                }
            }
            b'{' if depth < MAX_DEPTH => {
                self.at += 1;
                let mut map = Map::new();
                self.space();
                if self.peek() == Some(b'}') {
                    self.at += 1;
                    return Some(Value::Object(map));
                }
                loop {
                    self.space();
                    if self.peek() != Some(b'"') {
                        return None;
                    }
                    let key = self.string()?;
                    self.space();
                    if self.next()? != b':' {
                        return None;
                    }
                    let value = self.value(depth + 1)?;
                    map.insert(key, value);
                    self.space();
                    match self.next()? {
                        b',' => {}
                        b'}' => return Some(Value::Object(map)),
                        _ => return None,
                    }
                }
            }
            b'-' | b'0'..=b'9' => self.number(),
            _ => None,
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.at;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.at += 1;
        }
        self.at - start
    }

    fn number(&mut self) -> Option<Value> {
        let start = self.at;
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        match self.peek()? {
            b'0' => self.at += 1,
            b'1'..=b'9' => {
                self.digits();
            }
            _ => return None,
        }
        if self.peek() == Some(b'.') {
            self.at += 1;
            if self.digits() == 0 {
                return None;
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.at += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.at += 1;
            }
            if self.digits() == 0 {
                return None;
            }
        }
        let text = core::str::from_utf8(self.bytes.get(start..self.at)?).ok()?;
        Some(Value::Number(text.into()))
    }

    fn hex4(&mut self) -> Option<u32> {
        let mut n = 0;
        for _ in 0..4 {
            let d = char::from(self.next()?).to_digit(16)?;
            n = n * 16 + d;
        }
        Some(n)
    }

    fn string(&mut self) -> Option<String> {
        self.at += 1; // the opening quote
        let mut out = String::new();
        loop {
            // Runs of plain characters are copied whole (they are valid UTF-8: the input is a str).
            let start = self.at;
            while matches!(self.peek(), Some(b) if b != b'"' && b != b'\\' && b >= 0x20) {
                self.at += 1;
            }
            out.push_str(core::str::from_utf8(self.bytes.get(start..self.at)?).ok()?);
            match self.next()? {
                b'"' => return Some(out),
                b'\\' => {
                    let c = match self.next()? {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let high = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&high) {
                                if self.next()? != b'\\' || self.next()? != b'u' {
                                    return None;
                                }
                                let low = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&low) {
                                    return None;
                                }
                                0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                            } else {
                                high
                            };
                            char::from_u32(code)?
                        }
                        _ => return None,
                    };
                    out.push(c);
                }
                _ => return None, // a control character
            }
        }
    }
}

/// Conversions from and to `serde_json` for the server (never in the browser's build).
#[cfg(feature = "serde_json")]
mod serde_glue {
    use super::{Map, Value};
    use alloc::string::{String, ToString};

    impl From<&serde_json::Value> for Value {
        fn from(v: &serde_json::Value) -> Value {
            match v {
                serde_json::Value::Null => Value::Null,
                serde_json::Value::Bool(b) => Value::Bool(*b),
                // serde_json's own writer (`1000.0` for a float), as the rules read numbers before.
                serde_json::Value::Number(n) => Value::Number(serde_json::to_string(n).unwrap_or_else(|_| n.to_string())),
                serde_json::Value::String(s) => Value::String(s.clone()),
                serde_json::Value::Array(items) => Value::Array(items.iter().map(Value::from).collect()),
                serde_json::Value::Object(members) => {
                    Value::Object(members.iter().map(|(k, v)| (k.clone(), Value::from(v))).collect::<Map>())
                }
            }
        }
    }

    impl From<&Value> for serde_json::Value {
        fn from(v: &Value) -> serde_json::Value {
            match v {
                Value::Null => serde_json::Value::Null,
                Value::Bool(b) => serde_json::Value::Bool(*b),
                Value::Number(n) => n.parse::<serde_json::Number>().map_or(serde_json::Value::Null, serde_json::Value::Number),
                Value::String(s) => serde_json::Value::String(s.clone()),
                Value::Array(items) => serde_json::Value::Array(items.iter().map(serde_json::Value::from).collect()),
                Value::Object(map) => {
                    serde_json::Value::Object(map.iter().map(|(k, v)| (String::clone(k), serde_json::Value::from(v))).collect())
                }
            }
        }
    }

    impl From<Value> for serde_json::Value {
        fn from(v: Value) -> serde_json::Value {
            serde_json::Value::from(&v)
        }
    }

    impl From<serde_json::Value> for Value {
        fn from(v: serde_json::Value) -> Value {
            Value::from(&v)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn reads_and_writes_back() {
        let text = r#"{"b":[1,-2.50,3e+2,true,null],"a":"x\"\\\n\u00e9\ud83d\ude00","c":{}}"#;
        let v = parse(text).unwrap_or_default();
        assert_eq!(v.get("b").and_then(|b| b.as_array()).map(Vec::len), Some(5));
        assert_eq!(v.get("a").and_then(Value::as_str), Some("x\"\\\né😀"));
        assert_eq!(v.to_json(), r#"{"a":"x\"\\\né😀","b":[1,-2.50,3e+2,true,null],"c":{}}"#);
    }

    #[test]
    fn refuses_what_is_not_json() {
        for bad in [
            "",
            "{",
            "[1,]",
            "{\"a\" 1}",
            "01",
            "1.",
            "-",
            ".5",
            "1e",
            "\"\\x\"",
            "\"\u{1}\"",
            "nul",
            "1 2",
            "\"\\ud800\"",
            "{1:2}",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
        let deep = "[".repeat(200) + &"]".repeat(200);
        assert_eq!(parse(&deep), None);
        assert!(parse(&("[".repeat(100) + &"]".repeat(100))).is_some());
    }

    #[test]
    fn objects_sort_keys_and_keep_the_last_value() {
        let v = parse(r#" {"b":1,"a":2,"b":3} "#).unwrap_or_default();
        assert_eq!(v.to_json(), r#"{"a":2,"b":3}"#);
        assert_eq!(object([("z", "1".into()), ("y", Value::Null)]).to_json(), r#"{"y":null,"z":"1"}"#);
    }

    #[test]
    fn integers() {
        let n = |t: &str| Value::Number(t.to_string());
        assert_eq!(n("12").as_u64(), Some(12));
        assert_eq!(n("12.0").as_u64(), None);
        assert_eq!(n("-3").as_i64(), Some(-3));
        assert_eq!(n("18446744073709551616").as_u64(), None);
        assert_eq!(n("-9223372036854775808").as_i64(), Some(i64::MIN));
    }

    #[test]
    fn escapes_as_serde_json_does() {
        let mut out = String::new();
        write_string(&mut out, "a\u{8}\u{c}\u{1}\t");
        assert_eq!(out, r#""a\b\f\u0001\t""#);
    }
}
