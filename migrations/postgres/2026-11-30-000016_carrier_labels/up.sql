-- Carrier labels: the label a carrier supplies for an order (through its adapter, or uploaded by
-- staff or the customer), stored through the file storage and printed instead of the platform's.
-- One per order; deleting it makes the next print fetch it again.
CREATE TABLE logistics_carrier_label (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    customer_id TEXT NOT NULL,
    shipment_id TEXT NOT NULL,
    serial_number TEXT NOT NULL,
    source TEXT NOT NULL,
    carrier TEXT,
    track_no TEXT,
    file_path TEXT NOT NULL,
    file_size INTEGER NOT NULL,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX idx_logistics_carrier_label_shipment ON logistics_carrier_label (shipment_id);
CREATE INDEX idx_logistics_carrier_label_customer ON logistics_carrier_label (tenant_id, customer_id, create_time);
