-- Waybill batches (运单批次): orders handed to one carrier with the file it loads them from:
-- house waybills under a master air waybill (hawb), FBA orders (fba), a JD FOP batch (jdfop) or
-- UPS package level detail (upspld). The file is kept as generated (its text and SHA-256) and
-- generated again on request from the orders as they are then, its version counting up.
CREATE TABLE logistics_waybill_batch (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    batch_no TEXT NOT NULL,
    -- hawb, fba, jdfop, upspld.
    batch_type TEXT NOT NULL,
    supplier_id TEXT NOT NULL,
    mawb_no TEXT,
    origin TEXT,
    destination TEXT,
    flight_no TEXT,
    flight_date TEXT,
    -- The UPS shipper number (upspld) or the JD merchant code (jdfop).
    account_no TEXT,
    shipments INTEGER NOT NULL,
    pieces INTEGER NOT NULL,
    -- kg, decimal text.
    weight TEXT NOT NULL,
    file_name TEXT NOT NULL,
    file_text TEXT NOT NULL,
    file_sha256 TEXT NOT NULL,
    file_version INTEGER NOT NULL,
    generated_by TEXT,
    generated_time TIMESTAMP NOT NULL,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX uk_logistics_waybill_batch_no ON logistics_waybill_batch (tenant_id, batch_no);
CREATE UNIQUE INDEX uk_logistics_waybill_batch_mawb ON logistics_waybill_batch (tenant_id, mawb_no);
CREATE INDEX idx_logistics_waybill_batch_time ON logistics_waybill_batch (tenant_id, create_time);

-- An order is in one batch of each kind at a time.
CREATE TABLE logistics_waybill_batch_item (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    batch_id TEXT NOT NULL REFERENCES logistics_waybill_batch (id) ON DELETE CASCADE,
    batch_type TEXT NOT NULL,
    shipment_id TEXT NOT NULL,
    seq INTEGER NOT NULL
);
CREATE UNIQUE INDEX uk_logistics_waybill_batch_item ON logistics_waybill_batch_item (tenant_id, batch_type, shipment_id);
CREATE INDEX idx_logistics_waybill_batch_item ON logistics_waybill_batch_item (batch_id);
