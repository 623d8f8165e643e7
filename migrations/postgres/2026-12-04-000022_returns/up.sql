-- Returns (reverse logistics): a parcel that comes back and what is done with it. Rules in
-- core/src/returns.rs; one open return per parcel (or per order when it names no parcel).
CREATE TABLE logistics_return (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    return_no TEXT NOT NULL,
    customer_id TEXT NOT NULL,
    shipment_id TEXT NOT NULL,
    -- The parcel, when the return is for one parcel of the order.
    parcel_id TEXT,
    serial_number TEXT NOT NULL,
    parcel_no TEXT,
    sys_track_no TEXT,
    track_no TEXT,
    -- refused, undeliverable, addressIssue, damaged, customerReturn, other.
    reason TEXT NOT NULL,
    reason_detail TEXT,
    -- The carrier's tracking number of the way back.
    return_track_no TEXT,
    -- requested, approved, received, completed, rejected, cancelled.
    status TEXT NOT NULL,
    -- reship, returnToSender, destroy, hold.
    decision TEXT,
    decision_remark TEXT,
    decision_side TEXT,
    decision_by TEXT,
    decision_time TIMESTAMP,
    -- intact, damagedPackaging, damagedGoods, opened, missingItems.
    parcel_condition TEXT,
    condition_remark TEXT,
    received_by TEXT,
    received_time TIMESTAMP,
    reship_shipment_id TEXT,
    reship_serial_number TEXT,
    currency TEXT NOT NULL,
    remark TEXT,
    -- The parcel (or order) this return is open for; cleared when it ends, so one open return each.
    open_key TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX idx_logistics_return_no ON logistics_return (tenant_id, return_no);
CREATE UNIQUE INDEX idx_logistics_return_open ON logistics_return (tenant_id, open_key);
CREATE INDEX idx_logistics_return_customer ON logistics_return (tenant_id, customer_id, create_time);
CREATE INDEX idx_logistics_return_time ON logistics_return (tenant_id, create_time);
CREATE INDEX idx_logistics_return_shipment ON logistics_return (shipment_id);
CREATE INDEX idx_logistics_return_track ON logistics_return (tenant_id, return_track_no);

-- Photos and documents of a return (stored privately, served only to those who see the return).
CREATE TABLE logistics_return_attachment (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    return_id TEXT NOT NULL,
    return_no TEXT NOT NULL,
    customer_id TEXT NOT NULL,
    file_name TEXT NOT NULL,
    path TEXT NOT NULL,
    mime TEXT NOT NULL,
    size_bytes BIGINT NOT NULL,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL
);
CREATE INDEX idx_logistics_return_attachment ON logistics_return_attachment (return_id, create_time);

-- The thread between the customer and staff.
CREATE TABLE logistics_return_comment (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    return_id TEXT NOT NULL,
    return_no TEXT NOT NULL,
    customer_id TEXT NOT NULL,
    -- customer or staff.
    side TEXT NOT NULL,
    user_id TEXT NOT NULL,
    username TEXT NOT NULL,
    realname TEXT,
    content TEXT NOT NULL,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL
);
CREATE INDEX idx_logistics_return_comment ON logistics_return_comment (return_id, create_time);

-- The return's own tracking, on tracking's normalized statuses.
CREATE TABLE logistics_return_track (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    return_id TEXT NOT NULL,
    return_no TEXT NOT NULL,
    customer_id TEXT NOT NULL,
    status TEXT NOT NULL,
    location TEXT,
    detail TEXT NOT NULL,
    event_time TIMESTAMP NOT NULL,
    -- system, warehouse or staff.
    source TEXT NOT NULL,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL
);
CREATE INDEX idx_logistics_return_track_time ON logistics_return_track (return_id, event_time);

-- Fees and refunds of a return, each kind once per return, posted to the customer's wallet.
CREATE TABLE logistics_return_account (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    return_id TEXT NOT NULL,
    return_no TEXT NOT NULL,
    customer_id TEXT NOT NULL,
    -- fee or refund.
    kind TEXT NOT NULL,
    amount BIGINT NOT NULL,
    currency TEXT NOT NULL,
    trade_no TEXT NOT NULL,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX idx_logistics_return_account_kind ON logistics_return_account (return_id, kind);
CREATE INDEX idx_logistics_return_account_time ON logistics_return_account (tenant_id, create_time);
