-- Outbound packages (sort-pack): received parcels grouped by channel, destination country, depot
-- and transport type into numbered packages, which go into outbound batches handed to a carrier.
CREATE TABLE logistics_out_package (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    package_no TEXT NOT NULL,
    channel_id TEXT,
    channel_product_id TEXT,
    country TEXT,
    depot TEXT,
    transport_type TEXT,
    -- open, batched, handed.
    package_status TEXT NOT NULL,
    pieces INTEGER NOT NULL DEFAULT 0,
    -- kg, decimal text: the sum of its parcels' measured weights.
    weight TEXT NOT NULL DEFAULT '0',
    batch_id TEXT,
    batch_no TEXT,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX idx_logistics_out_package_no ON logistics_out_package (tenant_id, package_no);
CREATE INDEX idx_logistics_out_package_time ON logistics_out_package (tenant_id, create_time);
CREATE INDEX idx_logistics_out_package_batch ON logistics_out_package (batch_id);

-- Outbound batches: packages handed to a carrier together.
CREATE TABLE logistics_out_batch (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    batch_no TEXT NOT NULL,
    channel_id TEXT,
    -- open, handed.
    batch_status TEXT NOT NULL,
    packages INTEGER NOT NULL DEFAULT 0,
    pieces INTEGER NOT NULL DEFAULT 0,
    weight TEXT NOT NULL DEFAULT '0',
    remark TEXT,
    handed_by TEXT,
    handed_time TIMESTAMP,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX idx_logistics_out_batch_no ON logistics_out_batch (tenant_id, batch_no);
CREATE INDEX idx_logistics_out_batch_time ON logistics_out_batch (tenant_id, create_time);

-- The package a received parcel was sorted into.
ALTER TABLE logistics_inbound_parcel ADD COLUMN package_id TEXT;
ALTER TABLE logistics_inbound_parcel ADD COLUMN package_no TEXT;
CREATE INDEX idx_logistics_inbound_package ON logistics_inbound_parcel (package_id);
