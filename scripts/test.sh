#!/usr/bin/env bash
# Runs every check and test, keeps going past failures so one run shows them all, and ends with
# one line: `N passed, N failed` (tests counted from each runner's own summary; a check that is
# not a test runner counts as one).
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/web/node_modules/.bin:$PATH"
export CARGO_TERM_COLOR=never NO_COLOR=1 FORCE_COLOR=0
logs=$(mktemp -d)
passed=0
failed=0
failures=()

# sum NUMBER-REGEX FILE: adds up the first number of every match.
sum() { grep -oE "$1" "$2" | grep -oE '[0-9]+' | head -c 100000 | awk '{s+=$1} END {print s+0}'; }

# step NAME KIND COMMAND...: KIND says how to count tests in the output (cargo, vitest, node, check).
step() {
  local name=$1 kind=$2
  shift 2
  local log="$logs/$(echo "$name" | tr ' /' '__').log"
  printf '== %s\n' "$name"
  local start=$SECONDS
  "$@" >"$log" 2>&1
  local rc=$?
  sed -i -E 's/\x1b\[[0-9;]*[a-zA-Z]//g' "$log"  # runners colour their summaries
  local p=0 f=0
  case $kind in
    cargo)  p=$(sum '[0-9]+ passed;' "$log"); f=$(sum '[0-9]+ failed;' "$log") ;;
    vitest) p=$(grep -E '^ +Tests ' "$log" | grep -oE '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
            f=$(grep -E '^ +Tests ' "$log" | grep -oE '[0-9]+ failed' | awk '{s+=$1} END {print s+0}') ;;
    node)   p=$(sum '^# pass [0-9]+' "$log"); f=$(sum '^# fail [0-9]+' "$log") ;;
  esac
  if [ "$kind" = check ]; then
    if [ $rc -eq 0 ]; then p=1; else f=1; fi
  elif [ $rc -ne 0 ] && [ "${f:-0}" -eq 0 ]; then
    f=1  # the runner failed before it could count (build error, crash)
  fi
  passed=$((passed + ${p:-0}))
  failed=$((failed + ${f:-0}))
  if [ $rc -eq 0 ]; then
    printf '   ok (%s passed, %ss)\n' "${p:-0}" $((SECONDS - start))
  else
    failures+=("$name")
    printf '   FAILED (%s passed, %s failed, %ss)\n' "${p:-0}" "${f:-0}" $((SECONDS - start))
    if [ "$kind" = node ] && grep -q '^ *not ok' "$log"; then
      # The failing tests and their errors, not the passing tail.
      echo "   the failures:"
      grep -n -A 24 '^ *not ok' "$log" | head -n 150 | sed 's/^/   | /'
    else
      echo "   last lines of its output:"
      tail -n 60 "$log" | sed 's/^/   | /'
    fi
  fi
}

core_is_pure() {
  local deps
  deps=$(cargo tree -p logistics-core -e normal --prefix none --locked | awk '{print $1}' | sort -u)
  if echo "$deps" | grep -qE '^(diesel|diesel-async|tokio|axum|sqlx)$'; then
    echo "logistics-core must not depend on diesel or tokio; it does:"; echo "$deps"; return 1
  fi
  echo "logistics-core depends on: $(echo "$deps" | tr '\n' ' ')"
}

api_types_current() {
  local tmp
  tmp=$(mktemp --suffix .d.ts)
  (cd web && npx openapi-typescript ../server/openapi.json -o "$tmp" >/dev/null) || return 1
  diff -q "$tmp" web/src/api/schema.d.ts || { echo "web/src/api/schema.d.ts is stale: run 'just openapi'"; return 1; }
}

# Labels need a CJK font; their tests read PDFs back with poppler (pdftoppm) and zbar (zbarimg).
ensure_label_tools() {
  if ! command -v pdftoppm >/dev/null || ! command -v zbarimg >/dev/null || ! fc-list 2>/dev/null | grep -qi 'wqy\|noto sans cjk'; then
    echo "installing Debian poppler-utils, zbar-tools and a CJK font for the label tests"
    local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq poppler-utils zbar-tools fonts-wqy-zenhei fontconfig
  fi
}

ensure_browser() {
  if [ ! -x /usr/bin/chromium ] || ! fc-list 2>/dev/null | grep -qi 'wqy\|noto sans cjk'; then
    echo "installing Debian chromium and a CJK font for the browser tests"
    local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium fonts-wqy-zenhei
  fi
}

step "cargo fmt --check"            check cargo fmt --all -- --check
step "clippy -D warnings"           check cargo clippy --workspace --all-targets --locked -- -D warnings
step "core is pure (no diesel/tokio)" check core_is_pure
# (wasm-pack builds core for wasm32 itself: a separate wasm32 build of core would only repeat it.)
step "wasm core (wasm-pack, size)"  check scripts/build-wasm.sh
step "label tools (font, poppler, zbar)" check ensure_label_tools
step "rust tests (core, vectors, server on sqlite${TEST_DATABASE_URL:+ + postgres})" cargo cargo test --workspace --locked
# Core's rules under libFuzzer, 20 s a target (cargo-fuzz installed once; `FUZZ_SECONDS` for longer).
step "fuzz core (rules, forecast, importers)" check scripts/fuzz.sh
# The API under generated input (schemathesis, the debug server the Rust tests built): no 5xx, no
# answer outside its documented schema, as staff and as a customer, 60 s each.
step "api property tests (schemathesis)" check scripts/schemathesis.sh
step "locale keys (zh-CN = en-US)"  check bash -c 'cd web && npm run --silent check:locales'
step "web typecheck + lint"         check bash -c 'cd web && npm run --silent typecheck && npm run --silent lint'
step "api types match openapi.json" check api_types_current
step "vitest (incl. WASM parity)"   vitest bash -c 'cd web && npx vitest run'
step "web build"                    check bash -c 'cd web && npm run --silent build && node scripts/precompress.mjs'
# The sign-in route's first-load JavaScript, brotli: at most 150 KB, held at what it is now
# (135,861 bytes with the single sign-on buttons, 2026-12-02) plus a small margin (bench/README.md,
# "Page weight").
step "sign-in page weight (JS brotli)" check bash -c 'cd web && node scripts/check-page-weight.mjs --budget 136500'
step "browser (chromium)"           check ensure_browser
# Two test files at a time (each its own server, data and browser): the browser's rendering is
# most of the CPU, so more at a time gains nothing (1006 s at two, 945 s at four, 90 tests,
# 2026-12-02). No test may hang the run: each ends within 15 minutes, passing or failing.
step "playwright e2e"               node bash -c 'cd web && LOGISTICS_SERVER_BIN=../target/debug/logistics-server node --test --test-concurrency=2 --test-timeout=900000 e2e/'

echo
echo "all steps: ${SECONDS}s"
[ ${#failures[@]} -gt 0 ] && printf 'failed: %s\n' "${failures[@]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
