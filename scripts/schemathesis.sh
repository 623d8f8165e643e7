#!/usr/bin/env bash
# Property-based API testing over the served OpenAPI document (schemathesis, from PyPI): the debug
# server with the demo data on a fresh SQLite file, signed in as the demo forwarder's staff and then
# as its customer; every operation fed generated valid and invalid input. Fails on any 5xx, any
# answer that breaks its own documented schema or content type. `SCHEMATHESIS_SECONDS` per user
# (default 60); destructive calls on the signed-in user's own session or account are left out.
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION=4.32.5
BIN=${LOGISTICS_SERVER_BIN:-target/debug/logistics-server}
SECONDS_EACH=${SCHEMATHESIS_SECONDS:-60}
PORT=${SCHEMATHESIS_PORT:-18090}
if ! schemathesis --version 2>/dev/null | grep -q "$VERSION"; then
  echo "schemathesis: installing $VERSION from PyPI"
  python3 -m pip install --quiet --disable-pip-version-check "schemathesis==$VERSION" 2>&1 | grep -v 'Running pip as the' || true
fi
[ -x "$BIN" ] || cargo build --locked -p logistics-server
tmp=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$tmp"' EXIT
DATABASE_URL="sqlite://$tmp/api.db" LOGISTICS_DEMO=1 LOGISTICS_BIND="127.0.0.1:$PORT" LOGISTICS_RATE_LIMITS=off \
  LOGISTICS_UPLOAD_DIR="$tmp/uploads" RUST_LOG=warn "$BIN" serve >"$tmp/server.log" 2>&1 &
base="http://127.0.0.1:$PORT/boot"
for _ in $(seq 1 300); do curl -fs "$base/health/ready" >/dev/null 2>&1 && break; sleep 0.1; done
token() {
  curl -fs -X POST -H 'content-type: application/json' -d "{\"username\":\"$1\",\"password\":\"Demo@2026!\"}" "$base/sys/login" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["result"]["token"])'
}
status=0
for user in demo_admin demo; do
  echo "schemathesis: as $user, ${SECONDS_EACH}s"
  schemathesis run "$base/openapi.json" --url "$base" -H "X-Access-Token: $(token "$user")" \
    --checks not_a_server_error,response_schema_conformance,content_type_conformance \
    --phases coverage,fuzzing --max-examples 10 --workers 2 --max-time "$SECONDS_EACH" --request-timeout 10 \
    --exclude-path-regex '(logout|updatePassword|changePassword|passwordChange|frozenBatch|/sys/user/delete|deleteBatch|/sys/tenant/delete|/erp/user/sub/delete)' \
    --no-color --output-truncate true 2>&1 | grep -vE '^  - (GET|POST|PUT|DELETE) ' | tail -n 40 || status=1
done
if grep -q 'panicked' "$tmp/server.log"; then
  echo "schemathesis: the server log has a panic:"; grep -m5 -A5 'panicked' "$tmp/server.log"; status=1
fi
exit $status
