#!/usr/bin/env bash
# Karrio's shipment list beside ours: fills the peer (../shared/peers/karrio.sh, SQLite) with
# KARRIO_SHIPMENTS shipments of its admin (Django's bulk_create: the peer's own model, address,
# parcel and rate JSON filled as a label purchase leaves them), then times its first page of 20
# (GET /v1/shipments?limit=20, with its count) over loopback, as many runs as RUNS.
# Usage: bench/karrio_list.sh   (env: KARRIO_SHIPMENTS=300000, RUNS=200)
set -euo pipefail
cd "$(dirname "$0")/.."
PEER=${KARRIO_PEER:-../shared/peers/karrio.sh}
N=${KARRIO_SHIPMENTS:-300000}
RUNS=${RUNS:-200}
export KARRIO_VENV=${KARRIO_VENV:-/tmp/kv} KARRIO_WORK=${KARRIO_WORK:-/tmp/karrio_run}
base=$(bash "$PEER" start | tail -1)
export WORK_DIR=$KARRIO_WORK SECRET_KEY=karrio-bench-only DATABASE_ENGINE=sqlite3 LOG_DIR=$KARRIO_WORK
"$KARRIO_VENV/bin/karrio" shell -c "
import uuid, datetime
from django.utils import timezone
from karrio.server.manager.models import Shipment
from karrio.server.user.models import User
user = User.objects.get(email='admin@example.com')
have = Shipment.objects.filter(created_by=user).count()
want = $N
addr = lambda c: {'person_name': 'Ann Lee', 'phone_number': '+14155550100', 'email': 'ann@example.com',
    'address_line1': '1 Market St', 'city': 'San Francisco', 'state_code': 'CA', 'postal_code': '94105', 'country_code': c}
now = timezone.now()
rate = {'id': 'rat_bench', 'object_type': 'rate', 'carrier_name': 'ups', 'carrier_id': 'ups', 'service': 'ups_express',
    'currency': 'CNY', 'total_charge': 98.5, 'transit_days': 3, 'extra_charges': [], 'meta': {}, 'test_mode': False}
batch = []
for i in range(have, want):
    batch.append(Shipment(id='shp_' + uuid.uuid4().hex, created_by=user, status='purchased', test_mode=False,
        tracking_number='1Z%010d' % i, reference='BENCH-%07d' % i, shipper=addr('CN'), recipient=addr('US'),
        parcels=[{'weight': 1.25, 'weight_unit': 'KG', 'length': 30, 'width': 20, 'height': 10, 'dimension_unit': 'CM'}],
        selected_rate=rate,
        carrier_ids=['ups'], options={}, meta={}, metadata={}, messages=[], rates=[],
        created_at=now - datetime.timedelta(seconds=i), updated_at=now))
    if len(batch) == 5000:
        Shipment.objects.bulk_create(batch); batch = []
if batch:
    Shipment.objects.bulk_create(batch)
print('karrio shipments:', Shipment.objects.filter(created_by=user).count())
" 2>/dev/null | tail -1
token=$(bash "$PEER" token)
node -e '
const [base, token, runs] = process.argv.slice(1);
(async () => {
  const url = base + "/v1/shipments?limit=20";
  const h = { Authorization: "Bearer " + token };
  for (let i = 0; i < 5; i++) await (await fetch(url, { headers: h })).text();
  const times = [];
  let count = 0;
  for (let i = 0; i < Number(runs); i++) {
    const t = performance.now();
    const body = await (await fetch(url, { headers: h })).json();
    times.push(performance.now() - t);
    count = body.count;
  }
  times.sort((a, b) => a - b);
  const p = (q) => times[Math.min(times.length - 1, Math.floor(times.length * q))].toFixed(1);
  console.log(`karrio GET /v1/shipments?limit=20 over ${count} shipments: p50 ${p(0.5)} ms, p99 ${p(0.99)} ms (${runs} runs, loopback HTTP)`);
})();
' "$base" "$token" "$RUNS"
