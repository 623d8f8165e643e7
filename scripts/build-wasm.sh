#!/usr/bin/env bash
# Builds wasm/pkg from core through the wasm facade. wasm-opt comes from npm's binaryen (Debian's
# is too old for this wasm-bindgen), so web/node_modules/.bin goes first on PATH and wasm-pack
# never tries to download anything.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/web/node_modules/.bin:$PATH"
MAX_BYTES=153600  # the optimized core stays <= 150 KB

wasm-pack --quiet build wasm --target bundler --out-dir pkg --out-name logistics_wasm \
  --profile wasm-release --mode no-install
size=$(stat -c %s wasm/pkg/logistics_wasm_bg.wasm)
echo "wasm core: $size bytes ($(gzip -c wasm/pkg/logistics_wasm_bg.wasm | wc -c) gzipped)"
if [ "$size" -gt "$MAX_BYTES" ]; then
  echo "error: the optimized wasm core is $size bytes, over the $MAX_BYTES budget" >&2
  exit 1
fi
