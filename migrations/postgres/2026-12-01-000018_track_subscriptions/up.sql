-- Tracking subscriptions: a customer's webhook URL that hears its orders' status changes, and the
-- log of every delivery (signed, retried with backoff, replayable).
CREATE TABLE logistics_track_subscription (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    customer_id TEXT NOT NULL,
    url TEXT NOT NULL,
    secret TEXT NOT NULL,
    status SMALLINT NOT NULL,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE INDEX idx_logistics_track_subscription_customer ON logistics_track_subscription (tenant_id, customer_id);

CREATE TABLE logistics_track_delivery (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    customer_id TEXT NOT NULL,
    subscription_id TEXT NOT NULL,
    shipment_id TEXT NOT NULL,
    serial_number TEXT NOT NULL,
    status TEXT NOT NULL,
    payload TEXT NOT NULL,
    -- pending, delivered or failed (attempts spent).
    state TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    next_time TIMESTAMP NOT NULL,
    response_code INTEGER,
    last_error TEXT,
    create_time TIMESTAMP NOT NULL,
    update_time TIMESTAMP
);
CREATE INDEX idx_logistics_track_delivery_due ON logistics_track_delivery (state, next_time);
CREATE INDEX idx_logistics_track_delivery_customer ON logistics_track_delivery (tenant_id, customer_id, create_time);
