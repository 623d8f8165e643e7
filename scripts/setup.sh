#!/usr/bin/env bash
# Installs what the build needs and is missing; skips what is present. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
WASM_BINDGEN_VERSION=0.2.130

if command -v rustup >/dev/null && ! rustup target list --installed | grep -q '^wasm32-unknown-unknown$'; then
  echo "setup: adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi
if ! wasm-bindgen --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION"; then
  echo "setup: installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes, once)"
  # Its lockfile names a webpki-roots release some registry mirrors lack: fall back to a fresh resolve.
  cargo install --locked "wasm-bindgen-cli@$WASM_BINDGEN_VERSION" || cargo install "wasm-bindgen-cli@$WASM_BINDGEN_VERSION"
fi
if ! command -v wasm-pack >/dev/null; then
  echo "setup: installing wasm-pack (a few minutes, once)"
  cargo install --locked wasm-pack
fi
# npm packages: reinstall when the lockfile changed since the last install.
stamp=web/node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ web/package-lock.json -nt "$stamp" ]; then
  echo "setup: installing npm packages"
  (cd web && npm ci --prefer-offline --no-audit --no-fund)
fi
# Labels are drawn with a CJK font from Debian's packages (or LOGISTICS_LABEL_FONT).
if [ -z "${LOGISTICS_LABEL_FONT:-}" ] && ! ls /usr/share/fonts/truetype/wqy/wqy-*.ttc /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc >/dev/null 2>&1; then
  echo "setup: installing fonts-wqy-zenhei (the labels' CJK font)"
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq fonts-wqy-zenhei; } \
    || echo "setup: could not install a CJK font; labels will answer 503 until LOGISTICS_LABEL_FONT names one"
fi
