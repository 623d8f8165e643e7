#!/usr/bin/env bash
# Benchmarks: criterion for core, then the release server under wrk on loopback (bounded: a few
# seconds per endpoint), cold start to ready, idle memory and the WASM size. Prints the figures;
# bench/README.md records them with the machine they came from.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=target/release/logistics-server
EX=target/release/examples
# Core's criterion bench and its examples build with core's dev-dependencies, which unify other
# features of shared crates: in the server's target directory that rebuilt core and then the
# whole server (15 minutes here) on every alternation. They get a directory of their own.
CORE_TARGET=$PWD/target/bench-core  # absolute: criterion writes under it from core/
PORT=${BENCH_PORT:-18080}
DURATION=${BENCH_SECONDS:-10}
out=bench/results
rm -rf "$out"; mkdir -p "$out"  # this run's figures only: bench/summary.mjs reads them

if ! command -v wrk >/dev/null; then
  echo "installing wrk (Debian) for the HTTP benchmarks"
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq wrk
fi

if [ -z "${BENCH_BUILT:-}" ]; then  # BENCH_BUILT=1: the release binaries are current
  cargo build --release --locked -p logistics-server --bins --examples
fi
echo "== machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "== core (criterion)"
CARGO_TARGET_DIR=$CORE_TARGET cargo bench -p logistics-core --bench core -- --noplot 2>/dev/null | grep -E '^[a-z].*|time:' | tee "$out/core.txt"

tmp=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$tmp"' EXIT
start_server() {
  DATABASE_URL="sqlite://$tmp/bench.db" LOGISTICS_BIND="127.0.0.1:$PORT" LOGISTICS_ADMIN_PASSWORD='Bench@12345' \
    LOGISTICS_RATE_LIMITS=off RUST_LOG=warn,logistics_server::platform::http::middleware=info "$BIN" >"$tmp/server.log" 2>&1 &
  server=$!
}
wait_ready() {
  for _ in $(seq 1 2000); do
    curl -fs "http://127.0.0.1:$PORT/boot/health/ready" >/dev/null 2>&1 && return 0
    sleep 0.001
  done
  echo "server did not become ready"; cat "$tmp/server.log"; exit 1
}

echo "== cold start to ready (SQLite)"
for run in first-start restart restart; do
  t0=$(date +%s%N); start_server; wait_ready; t1=$(date +%s%N)
  sleep 1  # idle: what it holds once start-up work is done
  rss=$(awk '/VmRSS/{print $2}' /proc/$server/status)
  echo "$run: $(( (t1 - t0) / 1000000 )) ms to ready, idle RSS $((rss / 1024)) MB" | tee -a "$out/startup.txt"
  kill $server; wait $server 2>/dev/null || true
done

start_server; wait_ready
DATABASE_URL="sqlite://$tmp/bench.db" $EX/bench_seed >/dev/null
cat >"$tmp/weight.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"length":"60.5","width":"40.25","height":"35","weight":"11.2","divisor":6000,"increment":"0.5"}'
LUA
echo "== GET /boot/health (wrk, 2 threads, 16 connections, ${DURATION}s)"
wrk -t2 -c16 -d"${DURATION}s" --latency "http://127.0.0.1:$PORT/boot/health" | tee "$out/health.txt" | grep -E 'Requests/sec|Latency|99%'
echo "== GET /boot/health/ready (one database round trip)"
wrk -t2 -c16 -d"${DURATION}s" --latency "http://127.0.0.1:$PORT/boot/health/ready" | tee "$out/ready.txt" | grep -E 'Requests/sec|Latency|99%'
echo "== POST /boot/logistics/weight/chargeable"
wrk -t2 -c16 -d"${DURATION}s" --latency -s "$tmp/weight.lua" "http://127.0.0.1:$PORT/boot/logistics/weight/chargeable" \
  | tee "$out/weight.txt" | grep -E 'Requests/sec|Latency|99%'
cat >"$tmp/login.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"username":"bench","password":"Bench@12345"}'
LUA
echo "== POST /boot/sys/login (argon2id verify + session, 16 connections)"
wrk -t2 -c16 -d"${DURATION}s" --latency -s "$tmp/login.lua" "http://127.0.0.1:$PORT/boot/sys/login" \
  | tee "$out/login.txt" | grep -E 'Requests/sec|Latency|99%|Non-2xx'
token=$(curl -fs -X POST -H 'Content-Type: application/json' -d '{"username":"bench","password":"Bench@12345"}' \
  "http://127.0.0.1:$PORT/boot/sys/login" | sed -E 's/.*"token":"([^"]+)".*/\1/')
echo "== GET /boot/sys/permission/getUserPermissionByToken (500 menus, 2,000 buttons, 16 connections)"
wrk -t2 -c16 -d"${DURATION}s" --latency -H "X-Access-Token: $token" \
  "http://127.0.0.1:$PORT/boot/sys/permission/getUserPermissionByToken" | tee "$out/permissions.txt" | grep -E 'Requests/sec|Latency|99%|Non-2xx'
echo "== the same, one connection (latency without queueing)"
logged=$(wc -l <"$tmp/server.log")
wrk -t1 -c1 -d"${DURATION}s" --latency -H "X-Access-Token: $token" \
  "http://127.0.0.1:$PORT/boot/sys/permission/getUserPermissionByToken" | tee "$out/permissions-1.txt" | grep -E 'Requests/sec|Latency|50%|99%'
server_side() {  # p50/p90/p99 of the request log's server-side times for paths matching $1, added to $2
  tail -n +"$((logged + 1))" "$tmp/server.log" | grep "$1" | sed -E 's/.*micros=([0-9]+).*/\1/' | sort -n \
    | awk '{a[NR]=$1} END {if (NR) printf "   server-side: n=%d p50=%.2fms p90=%.2fms p99=%.2fms\n", NR, a[int(NR*0.5)]/1000, a[int(NR*0.9)]/1000, a[int(NR*0.99)]/1000}' \
    | tee -a "$2"
}
server_side 'getUserPermissionByToken' "$out/permissions-1.txt"
admin=$(curl -fs -X POST -H 'Content-Type: application/json' -d '{"username":"admin","password":"Bench@12345"}' \
  "http://127.0.0.1:$PORT/boot/sys/login" | sed -E 's/.*"token":"([^"]+)".*/\1/')
cat >"$tmp/users.lua" <<'LUA'
local sorts = {"", "&column=username&order=asc", "&column=username&order=desc", "&column=createTime&order=asc", "&status=2", "&status=1"}
request = function()
  local path = "/boot/sys/user/list?pageSize=20&pageNo=" .. math.random(1, 50) .. sorts[math.random(1, #sorts)]
  return wrk.format("GET", path)
end
LUA
echo "== GET /boot/sys/user/list: pages of 20 over 100,000 users (first 50 pages, sorts, status filter), one connection"
logged=$(wc -l <"$tmp/server.log")
wrk -t1 -c1 -d"${DURATION}s" --latency -H "X-Access-Token: $admin" -s "$tmp/users.lua" "http://127.0.0.1:$PORT" \
  | tee "$out/users.txt" | grep -E 'Requests/sec|Latency|50%|99%|Non-2xx'
server_side 'sys/user/list' "$out/users.txt"
cat >"$tmp/search.lua" <<'LUA'
local searches = {"&username=user0123", "&realname=" .. "%E7%94%A8%E6%88%B7777", "&phone=13900001", "&departId=bd_7"}
request = function()
  return wrk.format("GET", "/boot/sys/user/list?pageSize=20&pageNo=1" .. searches[math.random(1, #searches)])
end
LUA
echo "== GET /boot/sys/user/list: substring searches (username, realname, phone) and a department, 100,000 users, one connection"
logged=$(wc -l <"$tmp/server.log")
wrk -t1 -c1 -d"${DURATION}s" --latency -H "X-Access-Token: $admin" -s "$tmp/search.lua" "http://127.0.0.1:$PORT" \
  | tee "$out/users-search.txt" | grep -E 'Requests/sec|Latency|50%|99%|Non-2xx'
server_side 'sys/user/list' "$out/users-search.txt"
ids_all=$(seq -s, -f 'bm_%g' 0 499)
ids_half=$(seq -s, -f 'bm_%g' 0 249)
cat >"$tmp/grant.lua" <<LUA
wrk.headers["Content-Type"] = "application/json"
local bodies = {'{"roleId":"bench_role","permissionIds":"$ids_all"}', '{"roleId":"bench_role","permissionIds":"$ids_half"}'}
local n = 0
request = function()
  n = n + 1
  return wrk.format("POST", "/boot/sys/permission/saveRolePermission", nil, bodies[n % 2 + 1])
end
LUA
echo "== POST saveRolePermission: a role's tree of 500 menus saved (alternately 500 and 250 granted), one connection"
logged=$(wc -l <"$tmp/server.log")
wrk -t1 -c1 -d"${DURATION}s" --latency -H "X-Access-Token: $admin" -s "$tmp/grant.lua" "http://127.0.0.1:$PORT" \
  | tee "$out/grant-save.txt" | grep -E 'Requests/sec|Latency|50%|99%|Non-2xx'
server_side 'saveRolePermission' "$out/grant-save.txt"
cat >"$tmp/tree.lua" <<'LUA'
local paths = {"/boot/sys/permission/queryTreeList", "/boot/sys/permission/queryRolePermission?roleId=bench_role"}
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", paths[n % 2 + 1])
end
LUA
echo "== GET queryTreeList (2,500 permissions) + queryRolePermission: loading the authorize drawer, one connection"
logged=$(wc -l <"$tmp/server.log")
wrk -t1 -c1 -d"${DURATION}s" --latency -H "X-Access-Token: $admin" -s "$tmp/tree.lua" "http://127.0.0.1:$PORT" \
  | tee "$out/grant-load.txt" | grep -E 'Requests/sec|Latency|50%|99%|Non-2xx'
server_side 'queryTreeList\|queryRolePermission' "$out/grant-load.txt"
echo "== pricing: 500 channel products on 50 rate cards, all open to the customer bench"
DATABASE_URL="sqlite://$tmp/bench.db" $EX/bench_pricing_seed >/dev/null
curl -fs -H "X-Access-Token: $token" "http://127.0.0.1:$PORT/boot/logistics/priceForecast/bundle" >"$tmp/bundle.json"
echo "bundle for 500 products: $(wc -c <"$tmp/bundle.json") bytes, $(gzip -9 -c "$tmp/bundle.json" | wc -c) gzipped (bar < 200 KB gzipped)" \
  | tee "$out/bundle.txt"
echo "== the browser's engine (WASM, in Node): 500 products x 5 parcels"
(cd web && node scripts/bench-forecast.mjs "$tmp/bundle.json") | tee "$out/wasm-forecast.txt"
echo "== the WebAssembly core compiled and instantiated in Chromium, CPU throttled 4x (bar < 10 ms)"
(cd web && node scripts/bench-wasm-instantiate.mjs ../wasm/pkg/logistics_wasm_bg.wasm 20) | tee "$out/wasm-instantiate.txt"
echo "== the sign-in route (/user/login): first-load JavaScript, brotli (bar <= 150 KB), and largest contentful paint in Chromium (bar < 1.2 s)"
(cd web && node scripts/check-page-weight.mjs) | tee "$out/page-weight.txt"
(cd web && node scripts/measure-lcp.mjs --runs 5 --link none) | tee "$out/lcp.txt"
(cd web && node scripts/measure-lcp.mjs --runs 5 --link slow) | tee -a "$out/lcp.txt"
echo "== the same engine natively"
CARGO_TARGET_DIR=$CORE_TARGET cargo run --quiet --release -p logistics-core --example forecast_bench "$tmp/bundle.json" | tee "$out/native-forecast.txt"
cat >"$tmp/forecast.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"countryCode":"US","postalCode":"10001","tradeType":"B2C","declaredValue":"320","parcels":[{"length":50,"width":40,"height":30,"weight":8},{"length":30,"width":20,"height":15,"weight":"2.35","quantity":2},{"length":60,"width":45,"height":40,"weight":"12.5"},{"length":25,"width":25,"height":25,"weight":"1.2"},{"length":80,"width":30,"height":20,"weight":"6.75"}]}'
LUA
typical=$(curl -fs -X POST -H 'Content-Type: application/json' -d '{"username":"bench20","password":"Bench@12345"}' \
  "http://127.0.0.1:$PORT/boot/sys/login" | sed -E 's/.*"token":"([^"]+)".*/\1/')
for who in "bench20:20" "bench:500"; do
  name=${who%%:*}; n=${who##*:}; tok=$token; [ "$name" = bench20 ] && tok=$typical
  echo "== POST /boot/logistics/priceForecast: a customer with $n products, 5 parcels, 32 connections"
  logged=$(wc -l <"$tmp/server.log")
  wrk -t2 -c32 -d"${DURATION}s" --latency -H "X-Access-Token: $tok" -s "$tmp/forecast.lua" \
    "http://127.0.0.1:$PORT/boot/logistics/priceForecast" | tee "$out/forecast-$n.txt" | grep -E 'Requests/sec|Latency|50%|99%|Non-2xx'
  server_side 'priceForecast' "$out/forecast-$n.txt"
  # Every request's latency kept (wrk's figures for large answers break Little's law).
  sed -nE "s/^wrk.body = '(.*)'$/\1/p" "$tmp/forecast.lua" >"$tmp/forecast.json"
  $EX/load "http://127.0.0.1:$PORT/boot/logistics/priceForecast" "$tok" \
    "$tmp/forecast.json" 32 "$DURATION" | tee -a "$out/forecast-$n.txt"
done
rss=$(awk '/VmRSS/{print $2}' /proc/$server/status)
echo "RSS after load: $((rss / 1024)) MB" | tee "$out/rss-after-load.txt"
echo "== live notices: ${BENCH_SOCKETS:-10000} authenticated WebSockets on a fresh instance, then one broadcast to all"
kill $server; wait $server 2>/dev/null || true
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
start_server; wait_ready
DATABASE_URL="sqlite://$tmp/bench.db" $EX/ws_bench \
  "http://127.0.0.1:$PORT" "$server" "${BENCH_SOCKETS:-10000}" 'Bench@12345' | tee "$out/websocket.txt"
kill $server; wait $server 2>/dev/null || true
echo "== wallet: hold + capture pairs through the ledger, 16 tasks over 64 customers (SQLite; PostgreSQL with TEST_DATABASE_URL)"
DATABASE_URL="sqlite://$tmp/wallet.db" $EX/wallet_bench 4000 16 64 | tee "$out/wallet.txt"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  DATABASE_URL="$TEST_DATABASE_URL" $EX/wallet_bench 4000 16 64 | tee -a "$out/wallet.txt"
fi
orders=${BENCH_ORDERS:-1000000}
echo "== shipment orders: $orders generated, lists, status tabs, create + submit, a 10,000-row import (SQLite; PostgreSQL with TEST_DATABASE_URL, in a database of its own)"
DATABASE_URL="sqlite://$tmp/shipments.db" $EX/shipment_bench "$orders" | tee "$out/shipments.txt"
if [ -n "${TEST_DATABASE_URL:-}" ] && command -v psql >/dev/null; then
  db="shipment_bench_$$"
  psql "$TEST_DATABASE_URL" -qc "CREATE DATABASE $db" && \
    DATABASE_URL="${TEST_DATABASE_URL%/*}/$db" $EX/shipment_bench "$orders" | tee -a "$out/shipments.txt"
  psql "$TEST_DATABASE_URL" -qc "DROP DATABASE IF EXISTS $db"
fi
track_orders=${BENCH_TRACK_ORDERS:-1000000}
echo "== tracking: the public query of 100 numbers over $track_orders orders with 10 events each, the limit off (SQLite; PostgreSQL with TEST_DATABASE_URL)"
DATABASE_URL="sqlite://$tmp/track.db" $EX/track_bench "$track_orders" 10 | tee "$out/track.txt"
rm -f "$tmp"/track.db*
# BENCH_TRACK_POSTGRES=0 leaves PostgreSQL's run out (its generation takes 13 minutes here).
if [ -n "${TEST_DATABASE_URL:-}" ] && command -v psql >/dev/null && [ "${BENCH_TRACK_POSTGRES:-1}" != 0 ]; then
  db="track_bench_$$"
  psql "$TEST_DATABASE_URL" -qc "CREATE DATABASE $db" && \
    DATABASE_URL="${TEST_DATABASE_URL%/*}/$db" $EX/track_bench "$track_orders" 10 | tee -a "$out/track.txt"
  psql "$TEST_DATABASE_URL" -qc "DROP DATABASE IF EXISTS $db"
fi
echo "== Karrio beside ours (issue 23): sign-in, shipment creation, the list over ${KARRIO_SHIPMENTS:-10000} shipments each; SQLite both"
if [ -f ../shared/peers/karrio.sh ] || [ -n "${KARRIO_PEER:-}" ]; then
  LOGISTICS_SERVER_BIN="$BIN" SHIPMENTS=${KARRIO_SHIPMENTS:-10000} KARRIO_JSON="$out/karrio.json" node bench/karrio.mjs | tee "$out/karrio.txt"
else
  echo "   skipped: no Karrio peer script (../shared/peers/karrio.sh or KARRIO_PEER)"
fi
echo "== wasm core: $(stat -c %s wasm/pkg/logistics_wasm_bg.wasm) bytes raw, $(gzip -c wasm/pkg/logistics_wasm_bg.wasm | wc -c) gzipped" | tee "$out/wasm-size.txt"
echo "== release binary: $(stat -c %s "$BIN") bytes" | tee "$out/binary.txt"
echo
echo "== every goal, met or not (bench/summary.mjs over $out)"
node bench/summary.mjs "$out" | tee "$out/summary.md"
