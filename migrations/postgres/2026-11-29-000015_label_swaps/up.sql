-- Change label / label scan swap: a parcel's old number, the new one it was given, why, who and
-- when. The old number is never issued again (segments only count up).
CREATE TABLE logistics_label_swap (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    customer_id TEXT NOT NULL,
    shipment_id TEXT NOT NULL,
    shipment_parcel_id TEXT,
    serial_number TEXT NOT NULL,
    old_no TEXT NOT NULL,
    new_no TEXT NOT NULL,
    reason TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL
);
CREATE INDEX idx_logistics_label_swap_customer ON logistics_label_swap (tenant_id, customer_id, create_time);
CREATE INDEX idx_logistics_label_swap_old ON logistics_label_swap (old_no);
CREATE INDEX idx_logistics_label_swap_new ON logistics_label_swap (new_no);
