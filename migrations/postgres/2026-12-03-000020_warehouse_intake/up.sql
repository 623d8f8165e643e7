-- The forecast bundles orders were charged from, by their version (a fingerprint of the content):
-- written once when a bundle is first built, never changed, so that the warehouse re-quotes a
-- re-weighed parcel with the very prices its order was charged at.
CREATE TABLE logistics_rate_bundle (
    tenant_id INTEGER NOT NULL,
    version TEXT NOT NULL,
    body TEXT NOT NULL,
    create_time TIMESTAMP NOT NULL,
    PRIMARY KEY (tenant_id, version)
);

-- Inbound parcels: each parcel the warehouse received, once (unique per parcel), with what it
-- measured and, on the parcel that completed its order, what the order was held and charged.
CREATE TABLE logistics_inbound_parcel (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    customer_id TEXT NOT NULL,
    shipment_id TEXT NOT NULL,
    shipment_parcel_id TEXT NOT NULL,
    serial_number TEXT NOT NULL,
    parcel_serial_number TEXT NOT NULL,
    -- The number scanned, as read.
    scanned_no TEXT NOT NULL,
    track_no TEXT,
    sys_track_no TEXT,
    channel_product_id TEXT,
    channel_id TEXT,
    country TEXT,
    -- The Amazon warehouse (FBA code) or the customer's depot.
    depot TEXT,
    inbound_status TEXT NOT NULL,
    -- Measured: cm and kg (decimal text, as the parcels keep them); bulky is the volume weight.
    length TEXT NOT NULL,
    width TEXT NOT NULL,
    height TEXT NOT NULL,
    weight TEXT NOT NULL,
    bulky TEXT NOT NULL,
    declared_weight TEXT NOT NULL,
    -- Minor units of currency: the order's hold, its final charge and the difference.
    currency TEXT,
    held_amount BIGINT,
    charged_amount BIGINT,
    adjustment BIGINT,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX idx_logistics_inbound_parcel ON logistics_inbound_parcel (shipment_parcel_id);
CREATE INDEX idx_logistics_inbound_time ON logistics_inbound_parcel (tenant_id, create_time);
CREATE INDEX idx_logistics_inbound_customer ON logistics_inbound_parcel (tenant_id, customer_id, create_time);
CREATE INDEX idx_logistics_inbound_serial ON logistics_inbound_parcel (serial_number);
CREATE INDEX idx_logistics_inbound_scanned ON logistics_inbound_parcel (scanned_no);
