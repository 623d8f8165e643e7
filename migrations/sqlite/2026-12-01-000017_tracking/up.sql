-- Tracking: every event a parcel's journey produced (warehouse scans, carriers' webhooks and
-- polls, staff uploads), each source's codes mapped to one normalized status, and each order's
-- current status kept beside it for the lists and the public page.
CREATE TABLE logistics_track_event (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    customer_id TEXT NOT NULL,
    shipment_id TEXT NOT NULL,
    -- The parcel the event names; none: the whole order.
    parcel_id TEXT,
    serial_number TEXT NOT NULL,
    parcel_serial_number TEXT,
    track_no TEXT,
    sys_track_no TEXT,
    -- The instant (UTC) and the offset of the place, in minutes east of UTC.
    event_time TIMESTAMP NOT NULL,
    utc_offset INTEGER NOT NULL,
    location TEXT,
    detail TEXT,
    detail_en TEXT,
    status TEXT NOT NULL,
    reason TEXT,
    pieces INTEGER,
    dest_country TEXT,
    -- `warehouse`, `upload`, or a supplier's apiType / code; its own code; its id of the event.
    source TEXT NOT NULL,
    source_code TEXT NOT NULL,
    event_key TEXT NOT NULL,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX idx_logistics_track_event_key ON logistics_track_event (tenant_id, source, event_key);
CREATE INDEX idx_logistics_track_event_shipment ON logistics_track_event (shipment_id, event_time);
CREATE INDEX idx_logistics_track_event_tenant ON logistics_track_event (tenant_id, event_time);

-- An order's status now: its parcels' latest events combined (core `tracking::current`).
CREATE TABLE logistics_track_state (
    shipment_id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    customer_id TEXT NOT NULL,
    status TEXT NOT NULL,
    reason TEXT,
    event_time TIMESTAMP,
    utc_offset INTEGER,
    location TEXT,
    detail TEXT,
    detail_en TEXT,
    update_time TIMESTAMP NOT NULL
);
CREATE INDEX idx_logistics_track_state_status ON logistics_track_state (tenant_id, status);

-- A tenant's own meaning of a source's code (over core's built-in table).
CREATE TABLE logistics_track_mapping (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    source TEXT NOT NULL,
    code TEXT NOT NULL,
    status TEXT NOT NULL,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX idx_logistics_track_mapping_code ON logistics_track_mapping (tenant_id, source, code);

-- The public page looks numbers up across tenants: the numbers alone, indexed.
CREATE INDEX idx_logistics_shipment_serial_any ON logistics_shipment (serial_number);
CREATE INDEX idx_logistics_shipment_parcel_serial ON logistics_shipment_parcel (serial_number);
CREATE INDEX idx_logistics_shipment_parcel_sys_track ON logistics_shipment_parcel (sys_track_no) WHERE sys_track_no IS NOT NULL;
CREATE INDEX idx_logistics_delivery_number_track ON logistics_delivery_number (track_no);
