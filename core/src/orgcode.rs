//! Department codes (JeecgBoot's `YouBianCodeUtil`): each level adds three characters, a letter and
//! two digits (A01 … A99, B01 … Z99), so a department's code starts with its parent's and sorts in
//! tree order: A01, A01A01, A01A02, A02.

use crate::prelude::*;

/// Codes a level can hold: 26 letters × 99 numbers.
pub const LEVEL_CAPACITY: u32 = 26 * 99;

fn level_index(segment: &str) -> Option<u32> {
    let mut chars = segment.chars();
    let letter = chars.next().filter(char::is_ascii_uppercase)?;
    let number: u32 = chars.as_str().parse().ok().filter(|n| (1..=99).contains(n) && chars.as_str().len() == 2)?;
    Some((letter as u32 - 'A' as u32) * 99 + (number - 1))
}

fn level_code(index: u32) -> Option<String> {
    if index >= LEVEL_CAPACITY {
        return None;
    }
    let letter = char::from_u32('A' as u32 + index / 99)?;
    Some(format!("{letter}{:02}", index % 99 + 1))
}

/// The code of a new child of `parent` (`None` for a top-level department), after the siblings'
/// codes already used; `None` when the level is full. Siblings' codes that do not extend the
/// parent's code by exactly one level are ignored.
pub fn next_child(parent: Option<&str>, siblings: &[&str]) -> Option<String> {
    let prefix = parent.unwrap_or("");
    let highest =
        siblings.iter().filter_map(|code| code.strip_prefix(prefix)).filter(|rest| rest.len() == 3).filter_map(level_index).max();
    let next = highest.map_or(0, |i| i + 1);
    level_code(next).map(|segment| format!("{prefix}{segment}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_follow_the_levels() {
        assert_eq!(next_child(None, &[]).as_deref(), Some("A01"));
        assert_eq!(next_child(None, &["A01", "A02"]).as_deref(), Some("A03"));
        assert_eq!(next_child(None, &["A99"]).as_deref(), Some("B01"));
        assert_eq!(next_child(Some("A01"), &[]).as_deref(), Some("A01A01"));
        assert_eq!(next_child(Some("A01"), &["A01A05", "A01A02"]).as_deref(), Some("A01A06"));
        assert_eq!(next_child(None, &["Z99"]), None);
        assert_eq!(next_child(None, &["bad", "A1", "A100"]).as_deref(), Some("A01"));
    }
}
