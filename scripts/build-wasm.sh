#!/usr/bin/env bash
# Builds wasm/pkg from core through the wasm facade. wasm-opt comes from npm's binaryen (Debian's
# is too old for this wasm-bindgen), so web/node_modules/.bin goes first on PATH and wasm-pack
# never tries to download anything.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/web/node_modules/.bin:$PATH"
# The budget is what a browser downloads: the optimized core brotli-compressed as served (the
# server sends web/dist's precompressed .br copy), at most 100 KB.
MAX_BROTLI_BYTES=102400

wasm-pack --quiet build wasm --target bundler --out-dir pkg --out-name logistics_wasm \
  --profile wasm-release --mode no-install
read -r raw gz br < <(node -e '
  const z = require("zlib"), b = require("fs").readFileSync(process.argv[1]);
  console.log(b.length, z.gzipSync(b, { level: 9 }).length,
    z.brotliCompressSync(b, { params: { [z.constants.BROTLI_PARAM_QUALITY]: 11 } }).length);
' wasm/pkg/logistics_wasm_bg.wasm)
echo "wasm core: $raw bytes raw, $gz gzip, $br brotli (budget $MAX_BROTLI_BYTES brotli)"
# The browser's build links no standard library (wasm/src/lib.rs): no panic formatting, and core's
# own JSON, not serde_json. Either string in the binary means one of them came back.
for banned in "panicked at" "serde_json"; do
  if grep -qaF "$banned" wasm/pkg/logistics_wasm_bg.wasm; then
    echo "error: the wasm core contains \"$banned\": std's panic formatting or serde_json is back in the browser's build" >&2
    exit 1
  fi
done
if [ "$br" -gt "$MAX_BROTLI_BYTES" ]; then
  echo "error: the optimized wasm core is $br bytes brotli-compressed, over the $MAX_BROTLI_BYTES budget" >&2
  exit 1
fi
