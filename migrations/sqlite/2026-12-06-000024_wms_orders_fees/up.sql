-- WMS orders and fees. An order of type WMS reserves its goods when submitted: one allocation
-- line per SKU and location (core's wms::allocate), its pieces counted in wms_stock.allocated
-- until they are picked (taken from the shelf through the ledger) or released (the order
-- cancelled). Fee rates per customer (or '' for every customer) and the fees the daily job
-- assesses, one per customer, day and type (so a second run of a day charges nothing more),
-- each paid through the wallet ledger.
CREATE TABLE wms_allocation (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    customer_id TEXT NOT NULL,
    shipment_id TEXT NOT NULL,
    serial_number TEXT NOT NULL,
    sku_id TEXT NOT NULL,
    sku_code TEXT NOT NULL,
    location_id TEXT NOT NULL,
    location_code TEXT NOT NULL,
    quantity BIGINT NOT NULL CHECK (quantity > 0),
    -- allocated, picked, released.
    status TEXT NOT NULL,
    picked_by TEXT,
    picked_time TIMESTAMP,
    create_time TIMESTAMP NOT NULL
);
CREATE INDEX idx_wms_allocation_shipment ON wms_allocation (shipment_id);
CREATE INDEX idx_wms_allocation_open ON wms_allocation (tenant_id, status, location_code);

CREATE TABLE wms_fee_rate (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    -- '' : every customer without a rate of its own.
    customer_id TEXT NOT NULL,
    currency TEXT NOT NULL,
    -- Decimal text: per cubic metre per day; per piece in; per piece out.
    storage_rate TEXT NOT NULL,
    inbound_rate TEXT NOT NULL,
    outbound_rate TEXT NOT NULL,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX idx_wms_fee_rate_customer ON wms_fee_rate (tenant_id, customer_id);

CREATE TABLE wms_user_fee (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    customer_id TEXT NOT NULL,
    -- The business day charged, YYYY-MM-DD.
    fee_date TEXT NOT NULL,
    -- storage, inbound, outbound.
    fee_type TEXT NOT NULL,
    -- Pieces held at the day's end (storage), received or picked that day.
    pieces BIGINT NOT NULL,
    -- Storage: cubic metres held (decimal text).
    volume TEXT,
    rate TEXT NOT NULL,
    -- Minor units of currency.
    amount BIGINT NOT NULL CHECK (amount >= 0),
    currency TEXT NOT NULL,
    -- due, charged.
    status TEXT NOT NULL,
    trade_no TEXT,
    -- Why the wallet has not paid it yet.
    message TEXT,
    create_time TIMESTAMP NOT NULL,
    charge_time TIMESTAMP
);
CREATE UNIQUE INDEX idx_wms_user_fee_day ON wms_user_fee (tenant_id, customer_id, fee_date, fee_type);
CREATE INDEX idx_wms_user_fee_status ON wms_user_fee (tenant_id, status);
