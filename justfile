# Logistics platform: `just run` builds everything and serves it; `just test` runs every test.

set shell := ["bash", "-euo", "pipefail", "-c"]

wasm_bindgen_version := "0.2.130"
export PATH := justfile_directory() + "/web/node_modules/.bin:" + env_var('HOME') + "/.cargo/bin:" + env_var('PATH')

# List the recipes.
default:
    @just --list

# Install whatever is missing (the wasm32 target, wasm-bindgen-cli, wasm-pack, npm packages); skip what is present.
setup:
    scripts/setup.sh

# Build the shared core for the browser (wasm/pkg), optimized and size-checked.
wasm: setup
    scripts/build-wasm.sh

# Build the web app (web/dist) on top of the WebAssembly core.
web: wasm
    cd web && npm run build && node scripts/precompress.mjs

# The single release binary with the web app embedded: target/release/logistics-server.
build: web
    cargo build --release --locked -p logistics-server
    @ls -lh target/release/logistics-server | awk '{print "built target/release/logistics-server (" $5 ")"}'

# Build everything and serve the app and API on http://127.0.0.1:8080 (SQLite under ./data).
run: build
    ./target/release/logistics-server serve

# Run the server in debug mode against the current web/dist (for development).
dev:
    LOGISTICS_WEB_DIR=web/dist cargo run -p logistics-server

# Every test: formatting, lints, core (+ vectors), wasm32 build, server on SQLite (and PostgreSQL
# when TEST_DATABASE_URL is set), vitest with WASM parity, locale keys, Playwright in Chromium.
test: setup
    scripts/test.sh

# Benchmarks: criterion for core, wrk against the release server's endpoints.
bench: build
    scripts/bench.sh

# Fuzz core's rules with libFuzzer: `just fuzz` (20 s a target), `FUZZ_SECONDS=600 just fuzz forecast`.
fuzz *targets:
    scripts/fuzz.sh {{targets}}

# Crash safety: kill -9 under a mixed write load, 50 times (DATABASE_URL picks the database).
faults: build
    LOGISTICS_SERVER_BIN=target/release/logistics-server node bench/faults/kill9.mjs

# Outages: this machine's PostgreSQL stopped for 10 s under load, then Redis under two instances
# (it stops and starts them: run it where nothing else needs them).
outages: build
    LOGISTICS_SERVER_BIN=target/release/logistics-server node bench/faults/outages.mjs

# Rewrite the OpenAPI snapshot and the web's generated API types after a deliberate API change.
openapi:
    UPDATE_SNAPSHOTS=1 cargo test -p logistics-server --test it platform::schema::openapi
    cd web && npm run gen:api

# Format the Rust code.
fmt:
    cargo fmt --all
