//! Postal-code patterns: the regular expressions a country's postal codes follow (`^\d{5}$`), read
//! and matched by one small engine on both sides, so that the pattern the server accepts is the
//! one the browser tries a postal code against.
//!
//! The syntax is what JavaScript and Rust's `regex` read alike: literals; `.`; `^` and `$` (the
//! whole text's start and end); `\d \D \w \W \s \S` (ASCII); classes `[A-Z0-9]`, `[^…]` with
//! ranges and escapes; groups `( )` and `(?: )`; `|`; `* + ?` and `{n} {n,} {n,m}`, each optionally
//! lazy (`?`); a backslash before any ASCII punctuation, `\t \n \r`. Anything else (flags,
//! look-around, back-references, named groups, nested classes) is refused, as is a pattern that
//! compiles to more than [`MAX_PROGRAM`] steps. Matching finds the pattern anywhere in the text
//! (as `RegExp.test` and `Regex::is_match` do) in time linear in the text: no backtracking.

use crate::prelude::*;

/// The most instructions a pattern may compile to (a repetition is written out).
pub const MAX_PROGRAM: usize = 10_000;
/// The largest repetition count.
const MAX_REPEAT: u32 = 1_000;

/// A set of characters: inclusive ranges, or everything but them.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Class {
    negated: bool,
    ranges: Vec<(char, char)>,
}

impl Class {
    fn matches(&self, c: char) -> bool {
        self.ranges.iter().any(|&(a, b)| a <= c && c <= b) != self.negated
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Node {
    Empty,
    Char(char),
    /// Any character but a line feed.
    Any,
    Class(Class),
    Start,
    End,
    Concat(Vec<Node>),
    Alt(Vec<Node>),
    Repeat(Box<Node>, u32, Option<u32>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Inst {
    Char(char),
    Any,
    /// Index into the classes.
    Class(usize),
    Start,
    End,
    Split(usize, usize),
    Jmp(usize),
    Match,
}

/// A compiled pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    program: Vec<Inst>,
    classes: Vec<Class>,
}

const DIGIT: &[(char, char)] = &[('0', '9')];
const WORD: &[(char, char)] = &[('0', '9'), ('A', 'Z'), ('_', '_'), ('a', 'z')];
const SPACE: &[(char, char)] = &[('\t', '\r'), (' ', ' ')];

struct Parser<'a> {
    chars: core::iter::Peekable<core::str::Chars<'a>>,
}

impl Parser<'_> {
    fn eat(&mut self, c: char) -> bool {
        self.chars.next_if_eq(&c).is_some()
    }

    /// alternation := concat ('|' concat)*
    fn alternation(&mut self, depth: usize) -> Option<Node> {
        if depth > 64 {
            return None;
        }
        let mut branches = vec![self.concat(depth)?];
        while self.eat('|') {
            branches.push(self.concat(depth)?);
        }
        Some(if branches.len() == 1 { branches.pop()? } else { Node::Alt(branches) })
    }

    fn concat(&mut self, depth: usize) -> Option<Node> {
        let mut items = Vec::new();
        while let Some(&c) = self.chars.peek() {
            if c == '|' || c == ')' {
                break;
            }
            let atom = self.atom(depth)?;
            let atom = self.quantified(atom)?;
            items.push(atom);
        }
        Some(match items.len() {
            0 => Node::Empty,
            1 => items.pop()?,
            _ => Node::Concat(items),
        })
    }

    fn atom(&mut self, depth: usize) -> Option<Node> {
        Some(match self.chars.next()? {
            '.' => Node::Any,
            '^' => Node::Start,
            '$' => Node::End,
            '(' => {
                if self.eat('?') && !self.eat(':') {
                    return None; // flags, look-around, named groups
                }
                let inner = self.alternation(depth + 1)?;
                if !self.eat(')') {
                    return None;
                }
                inner
            }
            '[' => Node::Class(self.class()?),
            '\\' => match self.escape()? {
                Escaped::Char(c) => Node::Char(c),
                Escaped::Set(class) => Node::Class(class),
            },
            '*' | '+' | '?' | '{' | ')' | ']' => return None,
            c => Node::Char(c),
        })
    }

    fn number(&mut self) -> Option<u32> {
        let mut n: Option<u32> = None;
        while let Some(d) = self.chars.peek().and_then(|c| c.to_digit(10)) {
            self.chars.next();
            n = Some(n.unwrap_or(0).checked_mul(10)?.checked_add(d)?);
        }
        n.filter(|n| *n <= MAX_REPEAT)
    }

    fn quantified(&mut self, atom: Node) -> Option<Node> {
        let (min, max) = match self.chars.peek() {
            Some('*') => (0, None),
            Some('+') => (1, None),
            Some('?') => (0, Some(1)),
            Some('{') => {
                self.chars.next();
                let min = self.number()?;
                let max = if self.eat(',') {
                    if self.chars.peek() == Some(&'}') { None } else { Some(self.number()?) }
                } else {
                    Some(min)
                };
                if !self.eat('}') || max.is_some_and(|m| m < min) {
                    return None;
                }
                return self.repeat(atom, min, max);
            }
            _ => return Some(atom),
        };
        self.chars.next();
        self.repeat(atom, min, max)
    }

    fn repeat(&mut self, atom: Node, min: u32, max: Option<u32>) -> Option<Node> {
        if matches!(atom, Node::Start | Node::End) {
            return None;
        }
        self.eat('?'); // lazy: the same answer to "does it match"
        if matches!(self.chars.peek(), Some('*' | '+' | '?' | '{')) {
            return None;
        }
        Some(Node::Repeat(Box::new(atom), min, max))
    }

    fn escape(&mut self) -> Option<Escaped> {
        let set = |ranges: &[(char, char)], negated: bool| Escaped::Set(Class { negated, ranges: ranges.to_vec() });
        Some(match self.chars.next()? {
            'd' => set(DIGIT, false),
            'D' => set(DIGIT, true),
            'w' => set(WORD, false),
            'W' => set(WORD, true),
            's' => set(SPACE, false),
            'S' => set(SPACE, true),
            't' => Escaped::Char('\t'),
            'n' => Escaped::Char('\n'),
            'r' => Escaped::Char('\r'),
            c if c.is_ascii_punctuation() && c != '<' && c != '>' => Escaped::Char(c),
            _ => return None,
        })
    }

    fn class(&mut self) -> Option<Class> {
        let negated = self.eat('^');
        let mut ranges = Vec::new();
        let mut first = true;
        loop {
            let c = self.chars.next()?;
            let start = match c {
                ']' if !first => break,
                '[' => return None, // nested classes and [:alpha:] read differently
                '\\' => match self.escape()? {
                    Escaped::Char(c) => c,
                    Escaped::Set(Class { negated: false, ranges: set }) => {
                        ranges.extend(set);
                        first = false;
                        continue;
                    }
                    Escaped::Set(_) => return None,
                },
                '&' | '~' | '-' if self.chars.peek() == Some(&c) => return None, // set operations in Rust
                ']' => return None,                                              // `[]` is empty in one, literal in the other
                c => c,
            };
            first = false;
            if self.chars.peek() == Some(&'-') {
                self.chars.next();
                match self.chars.peek() {
                    Some(']') => {
                        ranges.push((start, start));
                        ranges.push(('-', '-'));
                    }
                    Some(_) => {
                        let end = match self.chars.next()? {
                            '\\' => match self.escape()? {
                                Escaped::Char(c) => c,
                                Escaped::Set(_) => return None,
                            },
                            '[' | '-' => return None,
                            c => c,
                        };
                        if end < start {
                            return None;
                        }
                        ranges.push((start, end));
                    }
                    None => return None,
                }
            } else {
                ranges.push((start, start));
            }
        }
        Some(Class { negated, ranges })
    }
}

enum Escaped {
    Char(char),
    Set(Class),
}

struct Compiler {
    program: Vec<Inst>,
    classes: Vec<Class>,
}

impl Compiler {
    fn push(&mut self, inst: Inst) -> Option<usize> {
        if self.program.len() >= MAX_PROGRAM {
            return None;
        }
        self.program.push(inst);
        Some(self.program.len() - 1)
    }

    fn set(&mut self, at: usize, inst: Inst) {
        if let Some(slot) = self.program.get_mut(at) {
            *slot = inst;
        }
    }

    fn node(&mut self, node: &Node) -> Option<()> {
        match node {
            Node::Empty => {}
            Node::Char(c) => {
                self.push(Inst::Char(*c))?;
            }
            Node::Any => {
                self.push(Inst::Any)?;
            }
            Node::Class(class) => {
                let at = match self.classes.iter().position(|c| c == class) {
                    Some(at) => at,
                    None => {
                        self.classes.push(class.clone());
                        self.classes.len() - 1
                    }
                };
                self.push(Inst::Class(at))?;
            }
            Node::Start => {
                self.push(Inst::Start)?;
            }
            Node::End => {
                self.push(Inst::End)?;
            }
            Node::Concat(items) => {
                for item in items {
                    self.node(item)?;
                }
            }
            Node::Alt(branches) => {
                // split L1, next; L1: branch; jmp end; next: split …; the last branch falls through.
                let mut jumps = Vec::new();
                for (i, branch) in branches.iter().enumerate() {
                    if i + 1 < branches.len() {
                        let split = self.push(Inst::Split(0, 0))?;
                        self.node(branch)?;
                        jumps.push(self.push(Inst::Jmp(0))?);
                        let next = self.program.len();
                        self.set(split, Inst::Split(split + 1, next));
                    } else {
                        self.node(branch)?;
                    }
                }
                let end = self.program.len();
                for j in jumps {
                    self.set(j, Inst::Jmp(end));
                }
            }
            Node::Repeat(inner, min, max) => {
                for _ in 0..*min {
                    self.node(inner)?;
                }
                match max {
                    None => {
                        // L: split body, end; body; jmp L
                        let split = self.push(Inst::Split(0, 0))?;
                        self.node(inner)?;
                        self.push(Inst::Jmp(split))?;
                        let end = self.program.len();
                        self.set(split, Inst::Split(split + 1, end));
                    }
                    Some(max) => {
                        // Each optional copy: split body, end (all to the same end).
                        let mut splits = Vec::new();
                        for _ in *min..*max {
                            splits.push(self.push(Inst::Split(0, 0))?);
                            self.node(inner)?;
                        }
                        let end = self.program.len();
                        for s in splits {
                            self.set(s, Inst::Split(s + 1, end));
                        }
                    }
                }
            }
        }
        Some(())
    }
}

impl Pattern {
    /// Reads and compiles a pattern; None when it is not of the syntax above or too large.
    pub fn new(pattern: &str) -> Option<Pattern> {
        let mut parser = Parser { chars: pattern.chars().peekable() };
        let node = parser.alternation(0)?;
        if parser.chars.next().is_some() {
            return None; // an unmatched `)`
        }
        let mut compiler = Compiler { program: Vec::new(), classes: Vec::new() };
        compiler.node(&node)?;
        compiler.push(Inst::Match)?;
        Some(Pattern { program: compiler.program, classes: compiler.classes })
    }

    /// Whether the pattern matches somewhere in `text`.
    pub fn is_match(&self, text: &str) -> bool {
        let n = self.program.len();
        let (mut current, mut next) = (Threads::new(n), Threads::new(n));
        let chars: Vec<char> = text.chars().collect();
        for at in 0..=chars.len() {
            // A new start at every position: the pattern may match anywhere.
            if self.add(&mut current, 0, at, chars.len()) {
                return true;
            }
            let Some(&c) = chars.get(at) else { break };
            next.clear();
            for i in 0..current.list.len() {
                let pc = current.list[i];
                let step = match self.program.get(pc) {
                    Some(Inst::Char(want)) => *want == c,
                    Some(Inst::Any) => c != '\n',
                    Some(Inst::Class(k)) => self.classes.get(*k).is_some_and(|class| class.matches(c)),
                    _ => false,
                };
                if step && self.add(&mut next, pc + 1, at + 1, chars.len()) {
                    return true;
                }
            }
            core::mem::swap(&mut current, &mut next);
        }
        false
    }

    /// Adds the thread at `pc` and every thread its jumps and assertions reach at position `at`;
    /// true when one of them is the match.
    fn add(&self, threads: &mut Threads, pc: usize, at: usize, len: usize) -> bool {
        let mut stack = vec![pc];
        while let Some(pc) = stack.pop() {
            if !threads.insert(pc) {
                continue;
            }
            match self.program.get(pc) {
                Some(Inst::Match) => return true,
                Some(Inst::Jmp(to)) => stack.push(*to),
                Some(Inst::Split(a, b)) => {
                    stack.push(*b);
                    stack.push(*a);
                }
                Some(Inst::Start) if at == 0 => stack.push(pc + 1),
                Some(Inst::End) if at == len => stack.push(pc + 1),
                Some(Inst::Char(_) | Inst::Any | Inst::Class(_)) => threads.list.push(pc),
                _ => {}
            }
        }
        false
    }
}

/// The threads at one position: those that consume a character, and every instruction seen.
struct Threads {
    list: Vec<usize>,
    seen: Vec<bool>,
}

impl Threads {
    fn new(n: usize) -> Threads {
        Threads { list: Vec::new(), seen: vec![false; n] }
    }

    fn insert(&mut self, pc: usize) -> bool {
        match self.seen.get_mut(pc) {
            Some(seen) if !*seen => {
                *seen = true;
                true
            }
            _ => false,
        }
    }

    fn clear(&mut self) {
        self.list.clear();
        self.seen.iter_mut().for_each(|s| *s = false);
    }
}

/// Whether `postal_code` (trimmed, upper-cased) matches `pattern`; None when the pattern does not
/// read or either is blank (nothing to say).
pub fn postal_matches(pattern: &str, postal_code: &str) -> Option<bool> {
    let (pattern, code) = (pattern.trim(), postal_code.trim());
    if pattern.is_empty() || code.is_empty() {
        return None;
    }
    Some(Pattern::new(pattern)?.is_match(&code.to_ascii_uppercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(p: &str, text: &str) -> bool {
        Pattern::new(p).is_some_and(|p| p.is_match(text))
    }

    #[test]
    fn postal_formats() {
        let uk = r"^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$";
        assert!(matches(uk, "SW1A 1AA"));
        assert!(!matches(uk, "SW1A-1AA"));
        let us = r"^\d{5}(-\d{4})?$";
        assert!(matches(us, "12345") && matches(us, "12345-6789"));
        assert!(!matches(us, "1234") && !matches(us, "123456") && !matches(us, "12345-"));
        assert!(matches(r"^(?:AI-)?2640$", "AI-2640") && matches(r"^(?:AI-)?2640$", "2640"));
        assert!(matches(r"^\d{5}[\-]?\d{3}$", "12345-678"));
        assert!(matches(r"^([ABCEGHJKLMNPRSTVXY][0-9][ABCEGHJKLMNPRSTVWXYZ])\s*([0-9][ABCEGHJKLMNPRSTVWXYZ][0-9])$", "K1A 0B1"));
        assert!(matches(r"^(ASCN|STHL) 1ZZ$", "STHL 1ZZ") && !matches(r"^(ASCN|STHL) 1ZZ$", "ASC 1ZZ"));
        assert!(matches(r"^[A-HJ-NP-Z]\d{4}([A-Z]{3})?$", "B1234ABC") && !matches(r"^[A-HJ-NP-Z]\d{4}([A-Z]{3})?$", "I1234"));
        assert!(matches(r"^((\d{4}-)?\d{3}-\d{3}(-\d{1})?)?$", ""));
        assert!(matches(r"^\d{5,7}$", "123456") && !matches(r"^\d{5,7}$", "12345678"));
    }

    #[test]
    fn searches_anywhere_without_anchors() {
        assert!(matches("b+", "abbbc"));
        assert!(matches("", "x"));
        assert!(matches("a|", "zzz"));
        assert!(!matches("^b", "ab"));
        assert!(matches("[^0-9]", "12a"));
        assert!(matches(r"a.c", "abc") && !matches(r"a.c", "a\nc"));
        assert!(matches(r"x{2,}?y", "xxxy") && matches(r"(a*)*b", "aaab"));
        assert!(!matches(r"(a*)*b", &"a".repeat(5000)));
    }

    #[test]
    fn refuses_what_one_side_reads_differently() {
        for bad in [
            "(",
            ")",
            "([",
            "[",
            "[]",
            "[a-",
            "[z-a]",
            "a{2,1}",
            "a{",
            "a{x}",
            "*",
            "a**",
            "a+*",
            "^*",
            "(?i)a",
            "(?=a)",
            "(?<n>a)",
            r"\1",
            r"\p{L}",
            "[[:alpha:]]",
            "[a&&b]",
            "[a--b]",
            r"\k",
            "a{1001}",
        ] {
            assert!(Pattern::new(bad).is_none(), "{bad}");
        }
        assert!(Pattern::new("(a{1000}){1000}").is_none(), "too large");
        for good in ["a{0}", "a{3}?", "a??", "[-a]", "[a-]", r"[\]\\]", r"\.\-\/", "}", "a|b|", "()"] {
            assert!(Pattern::new(good).is_some(), "{good}");
        }
    }

    #[test]
    fn postal_codes_are_upper_cased() {
        assert_eq!(postal_matches(r"^[A-Z]{2}\d$", " ab1 "), Some(true));
        assert_eq!(postal_matches(r"^\d{5}$", "1234"), Some(false));
        assert_eq!(postal_matches("", "1"), None);
        assert_eq!(postal_matches(r"^\d$", " "), None);
        assert_eq!(postal_matches("([", "1"), None);
    }
}
