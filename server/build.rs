//! Rebuild when a migration is added or changed: they are embedded in the binary.
fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
