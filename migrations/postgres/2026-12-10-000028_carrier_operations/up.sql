-- Carrier operations: each supplier's service catalogue (channels name their service), the
-- forwarder's own depots and hand-over points, supplier credentials (sealed), voided numbers,
-- dispatches (shipments or outbound batches handed to a carrier at a pickup) and the end-of-day
-- manifests that close them.

CREATE TABLE logistics_carrier_service (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    supplier_id TEXT NOT NULL,
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    name_en TEXT,
    -- express, standard, economy, freight.
    service_type TEXT NOT NULL,
    -- Days in transit, as the carrier states them.
    transit_min INTEGER,
    transit_max INTEGER,
    status SMALLINT NOT NULL DEFAULT 1,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_logistics_carrier_service ON logistics_carrier_service (tenant_id, code);
CREATE INDEX idx_logistics_carrier_service_supplier ON logistics_carrier_service (supplier_id);

ALTER TABLE logistics_channel ADD COLUMN service_id TEXT;

-- The carrier's account details, sealed with the server's data key (AES-256-GCM); never shown.
ALTER TABLE logistics_supplier ADD COLUMN credentials TEXT;

CREATE TABLE logistics_platform_depot (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    name_en TEXT,
    -- warehouse (the forwarder's own) or handover (a carrier's hand-over point).
    depot_type TEXT NOT NULL,
    -- A hand-over point's carrier.
    supplier_id TEXT,
    country TEXT NOT NULL,
    state TEXT,
    city TEXT,
    postal_code TEXT,
    address TEXT,
    contact TEXT,
    phone TEXT,
    status SMALLINT NOT NULL DEFAULT 1,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_logistics_platform_depot ON logistics_platform_depot (tenant_id, code);

-- A voided number stays in the ledger (and its unique key), so it is never issued again.
ALTER TABLE logistics_delivery_number ADD COLUMN void_time TIMESTAMP;
ALTER TABLE logistics_delivery_number ADD COLUMN void_by TEXT;
ALTER TABLE logistics_delivery_number ADD COLUMN void_reason TEXT;

CREATE TABLE logistics_dispatch (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    dispatch_no TEXT NOT NULL,
    supplier_id TEXT NOT NULL,
    depot_id TEXT NOT NULL,
    -- The business day of the pickup, YYYY-MM-DD, and its window (HH:MM-HH:MM).
    pickup_date TEXT NOT NULL,
    pickup_window TEXT,
    -- created, requested, picked_up, manifested, cancelled.
    dispatch_status TEXT NOT NULL,
    -- The carrier's confirmation of the pickup.
    pickup_ref TEXT,
    shipments INTEGER NOT NULL DEFAULT 0,
    pieces INTEGER NOT NULL DEFAULT 0,
    weight TEXT NOT NULL DEFAULT '0',
    manifest_id TEXT,
    manifest_no TEXT,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_logistics_dispatch_no ON logistics_dispatch (tenant_id, dispatch_no);
CREATE INDEX idx_logistics_dispatch_day ON logistics_dispatch (tenant_id, supplier_id, depot_id, pickup_date);
CREATE INDEX idx_logistics_dispatch_time ON logistics_dispatch (tenant_id, create_time);

-- The shipments of a dispatch; a shipment is in one dispatch at a time.
CREATE TABLE logistics_dispatch_item (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    dispatch_id TEXT NOT NULL REFERENCES logistics_dispatch (id) ON DELETE CASCADE,
    shipment_id TEXT NOT NULL,
    -- The outbound batch it came with, if it came with one.
    out_batch_id TEXT,
    pieces INTEGER NOT NULL,
    weight TEXT NOT NULL,
    create_time TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX uk_logistics_dispatch_item ON logistics_dispatch_item (tenant_id, shipment_id);
CREATE INDEX idx_logistics_dispatch_item ON logistics_dispatch_item (dispatch_id);

-- One manifest per carrier, depot and day: it closes that day's dispatches.
CREATE TABLE logistics_manifest (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    manifest_no TEXT NOT NULL,
    supplier_id TEXT NOT NULL,
    depot_id TEXT NOT NULL,
    manifest_date TEXT NOT NULL,
    dispatches INTEGER NOT NULL,
    shipments INTEGER NOT NULL,
    pieces INTEGER NOT NULL,
    weight TEXT NOT NULL,
    -- The carrier's reference for the manifest it received.
    carrier_ref TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX uk_logistics_manifest_no ON logistics_manifest (tenant_id, manifest_no);
CREATE UNIQUE INDEX uk_logistics_manifest_day ON logistics_manifest (tenant_id, supplier_id, depot_id, manifest_date);
CREATE INDEX idx_logistics_manifest_time ON logistics_manifest (tenant_id, create_time);

-- What each order cost with its carrier (beside what the customer was charged): rated through the
-- carrier's adapter when its day's manifest closes, or entered by staff. Minor units.
CREATE TABLE logistics_carrier_fee (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    shipment_id TEXT NOT NULL,
    serial_number TEXT NOT NULL,
    customer_id TEXT NOT NULL,
    supplier_id TEXT NOT NULL,
    channel_product_id TEXT,
    amount BIGINT NOT NULL,
    currency TEXT NOT NULL,
    -- adapter or manual.
    source TEXT NOT NULL,
    manifest_id TEXT,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_logistics_carrier_fee ON logistics_carrier_fee (tenant_id, shipment_id);
CREATE INDEX idx_logistics_carrier_fee_time ON logistics_carrier_fee (tenant_id, create_time);
