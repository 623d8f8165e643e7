#!/usr/bin/env bash
# Fuzzes core's rules with libFuzzer (cargo fuzz): every target for FUZZ_SECONDS each (default 20;
# `FUZZ_SECONDS=600 scripts/fuzz.sh` for a longer run, `scripts/fuzz.sh forecast` for one target).
# A crash leaves its input under core/fuzz/artifacts/<target>/ and fails the run; replay it with
# `RUSTC_BOOTSTRAP=1 cargo fuzz run <target> <file> --fuzz-dir core/fuzz`.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-20}
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(rules forecast importers)
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "fuzz: installing cargo-fuzz (once)"
  cargo install --locked cargo-fuzz
fi
# The toolchain is stable (rust-toolchain.toml); cargo fuzz passes libFuzzer's instrumentation
# flags, which stable rustc takes only with RUSTC_BOOTSTRAP. No sanitizer: core forbids unsafe code,
# so what a fuzz run looks for is a panic (overflow, index, slicing, unwrap) or a hang.
export RUSTC_BOOTSTRAP=1
for target in "${targets[@]}"; do
  mkdir -p "core/fuzz/corpus/$target"
  echo "fuzz: $target for ${seconds}s"
  cargo fuzz run --fuzz-dir core/fuzz --sanitizer none --debug-assertions "$target" \
    "core/fuzz/corpus/$target" "core/fuzz/seeds/$target" -- \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 2>&1 \
    | grep -avE "^#[0-9]+\s+(NEW|REDUCE|pulse)|NEW_FUNC" || { echo "fuzz: $target FAILED"; exit 1; }
done
echo "fuzz: no panic in ${targets[*]}"
