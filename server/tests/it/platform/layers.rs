//! The server's import structure, read from its source: the files form no import loop, the
//! application state imports no handler, only start-up sees the route table, the platform's
//! machinery imports no business domain, and sign-in stands on identity, not on admin handlers.
//! A path that names a module (`crate::a::b::Item`, `super::x`, `use crate::{a, b::c}`) counts as
//! an import of the file that defines the longest module prefix of it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Module = Vec<String>;

struct Source {
    modules: BTreeMap<Module, PathBuf>,
    text: BTreeMap<Module, String>,
}

fn read() -> Source {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut modules = BTreeMap::new();
    let mut text = BTreeMap::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(&root).unwrap().with_extension("");
            let mut module: Module = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
            if module.last().is_some_and(|l| l == "mod" || l == "lib") {
                module.pop();
            }
            if module == ["main"] {
                continue;
            }
            let source = std::fs::read_to_string(&path).unwrap();
            // Comments do not import.
            let code: String = source.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n");
            text.insert(module.clone(), code);
            modules.insert(module, path);
        }
    }
    Source { modules, text }
}

/// The items inside `{…}` starting at `open` (the index of `{`), split at top-level commas.
fn group(code: &str, open: usize) -> Vec<String> {
    let (mut depth, mut items, mut current) = (0, Vec::new(), String::new());
    for c in code[open..].chars() {
        match c {
            '{' => {
                depth += 1;
                if depth == 1 {
                    continue;
                }
            }
            '}' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            ',' if depth == 1 => {
                items.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    items.push(current);
    items
}

/// One item of a `use` group (`a::b`, `a::{b, c::{d}}`), below `base`.
fn expand(base: &Module, item: &str, out: &mut Vec<Module>) {
    let item = item.trim();
    match item.find('{') {
        Some(open) => {
            let mut inner = base.clone();
            inner.extend(segments(&item[..open]));
            for nested in group(item, open) {
                expand(&inner, &nested, out);
            }
        }
        None => {
            let head: String = item.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
            let mut path = base.clone();
            path.extend(segments(&head));
            out.push(path);
        }
    }
}

fn segments(path: &str) -> Vec<String> {
    path.split("::").map(str::trim).filter(|s| !s.is_empty() && *s != "self").map(str::to_owned).collect()
}

/// Every module path a file names, made absolute.
fn paths(module: &Module, code: &str) -> Vec<Module> {
    let re = regex::Regex::new(r"\b(crate|super|self)((?:::[A-Za-z_][A-Za-z0-9_]*)+)?(::\{)?").unwrap();
    let mut out = Vec::new();
    for m in re.captures_iter(code) {
        let (base, rest, brace) = (&m[1], m.get(2).map_or("", |r| r.as_str()), m.get(3));
        if rest.is_empty() && brace.is_none() {
            continue; // `pub(crate)`, `pub(super)`, a bare `self`
        }
        let mut rest = segments(rest);
        let mut start: Module = match base {
            "crate" => Vec::new(),
            "self" => module.clone(),
            // In `a/b.rs` (module a::b) and `a/b/mod.rs` alike, `super` is `a`.
            _ => module[..module.len().saturating_sub(1)].to_vec(),
        };
        while rest.first().is_some_and(|s| s == "super") {
            rest.remove(0);
            start.pop();
        }
        let mut full = start;
        full.extend(rest);
        match brace {
            Some(b) => {
                for item in group(code, b.end() - 1) {
                    expand(&full, &item, &mut out);
                }
            }
            None => out.push(full),
        }
    }
    out
}

fn resolve(source: &Source, path: &[String]) -> Option<Module> {
    (0..=path.len()).rev().map(|n| path[..n].to_vec()).find(|m| source.modules.contains_key(m))
}

fn graph(source: &Source) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut edges = BTreeMap::new();
    for (module, code) in &source.text {
        let targets: BTreeSet<Module> =
            paths(module, code).iter().filter_map(|p| resolve(source, p)).filter(|t| t != module && !t.is_empty()).collect();
        edges.insert(module.clone(), targets);
    }
    edges
}

fn name(m: &Module) -> String {
    if m.is_empty() { "lib".to_owned() } else { m.join("/") }
}

/// Strongly connected groups of more than one file (Tarjan).
fn loops(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on_stack: BTreeSet<&'a Module>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a Module) {
        let i = w.index.len();
        w.index.insert(v, i);
        w.low.insert(v, i);
        w.stack.push(v);
        w.on_stack.insert(v);
        for t in &w.edges[v] {
            if !w.index.contains_key(t) {
                visit(w, t);
                let low = w.low[t].min(w.low[v]);
                w.low.insert(v, low);
            } else if w.on_stack.contains(t) {
                let low = w.index[t].min(w.low[v]);
                w.low.insert(v, low);
            }
        }
        if w.low[v] == w.index[v] {
            let mut group = Vec::new();
            while let Some(t) = w.stack.pop() {
                w.on_stack.remove(t);
                group.push(name(t));
                if t == v {
                    break;
                }
            }
            if group.len() > 1 {
                group.sort();
                w.found.push(group);
            }
        }
    }
    let mut w = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !w.index.contains_key(v) {
            visit(&mut w, v);
        }
    }
    w.found
}

fn starts(m: &Module, prefix: &[&str]) -> bool {
    m.len() >= prefix.len() && m.iter().zip(prefix).all(|(a, b)| a == b)
}

fn has_handlers(source: &Source, m: &Module) -> bool {
    source.text[m].contains("#[utoipa::path")
}

#[test]
fn the_server_has_no_import_loop() {
    let source = read();
    let edges = graph(&source);
    assert!(edges.len() > 50, "the source was read ({} files)", edges.len());
    let found = loops(&edges);
    assert!(found.is_empty(), "files that import each other (directly or around a loop): {found:#?}");
}

#[test]
fn layers_point_one_way() {
    let source = read();
    let edges = graph(&source);
    let mut wrong = Vec::new();
    for (from, targets) in &edges {
        for to in targets {
            let (f, t) = (name(from), name(to));
            // Only start-up sees the route table (and routes see every handler).
            if (to == &vec!["routes".to_owned()] && from != &vec!["app".to_owned()]) || to == &vec!["app".to_owned()] {
                wrong.push(format!("{f} imports {t}: only app.rs starts the routes"));
            }
            // The state holds caches and services, never a handler.
            if from == &vec!["state".to_owned()] && has_handlers(&source, to) {
                wrong.push(format!("state imports the handler file {t}"));
            }
            // The platform's machinery stands on nothing of the business.
            let machinery =
                ["config", "db", "http", "cluster", "settings", "secrets"].iter().any(|m| starts(from, &["platform", m]));
            if machinery && !starts(to, &["platform"]) {
                wrong.push(format!("{f} is platform machinery but imports {t}"));
            }
            // Sign-in stands on identity (users, sessions, grants), not on administration handlers.
            if starts(from, &["system", "auth"]) && !starts(to, &["system", "auth"]) && has_handlers(&source, to) {
                wrong.push(format!("{f} (sign-in) imports the handler file {t}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn the_reader_sees_imports() {
    // The rules above are only as good as the reading: it must see grouped, nested and relative paths.
    let module: Module = vec!["system".into(), "dicts".into(), "items".into()];
    let code = "use super::cache::X;\nuse crate::{platform::db::Db, system::{auth::CurrentUser, logs}};\nfn f() { crate::state::AppState::x(); }\npub(crate) fn g() {}";
    let found: Vec<String> = paths(&module, code).iter().map(|p| p.join("/")).collect();
    assert!(found.contains(&"system/dicts/cache/X".to_owned()), "{found:?}");
    assert!(found.contains(&"platform/db/Db".to_owned()), "{found:?}");
    assert!(found.contains(&"state/AppState/x".to_owned()), "{found:?}");
    assert!(found.contains(&"system/auth/CurrentUser".to_owned()), "{found:?}");
    assert!(found.contains(&"system/logs".to_owned()), "{found:?}");
    assert!(!found.iter().any(|p| p.is_empty()), "pub(crate) is no import: {found:?}");
}
