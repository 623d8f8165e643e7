-- Warehouse management (WMS): locations, SKUs, stock per SKU and location with its append-only
-- log, and inbound forecasts (advance shipping notices) with their lines. Rules in
-- core/src/wms.rs. Stock never goes negative (the checks below, and every change is one
-- conditional update); a location's `held` is the sum of its stock, kept in the same
-- transaction, so its capacity holds under concurrent receipts.
CREATE TABLE wms_location (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    warehouse TEXT NOT NULL,
    zone TEXT NOT NULL,
    aisle TEXT,
    shelf TEXT,
    bin TEXT,
    -- The segments joined by '-': what its label's barcode carries.
    code TEXT NOT NULL,
    capacity BIGINT NOT NULL,
    held BIGINT NOT NULL DEFAULT 0 CHECK (held >= 0 AND held <= capacity),
    -- receiving, storage, pick, bulk, returns, quarantine.
    location_type TEXT NOT NULL,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX idx_wms_location_code ON wms_location (tenant_id, code);

CREATE TABLE wms_sku (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    customer_id TEXT NOT NULL,
    sku_code TEXT NOT NULL,
    barcode TEXT,
    name_zh TEXT NOT NULL,
    name_en TEXT NOT NULL,
    -- One unit: centimetres, kilograms, declared value (decimal text).
    length TEXT NOT NULL,
    width TEXT NOT NULL,
    height TEXT NOT NULL,
    weight TEXT NOT NULL,
    hs_code TEXT,
    declared_value TEXT NOT NULL,
    currency TEXT NOT NULL,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX idx_wms_sku_code ON wms_sku (tenant_id, customer_id, sku_code);
CREATE INDEX idx_wms_sku_barcode ON wms_sku (tenant_id, barcode);

CREATE TABLE wms_stock (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    customer_id TEXT NOT NULL,
    sku_id TEXT NOT NULL,
    sku_code TEXT NOT NULL,
    location_id TEXT NOT NULL,
    location_code TEXT NOT NULL,
    -- On hand, and the part of it allocated to orders not yet picked.
    quantity BIGINT NOT NULL CHECK (quantity >= 0),
    allocated BIGINT NOT NULL DEFAULT 0 CHECK (allocated >= 0 AND allocated <= quantity),
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX idx_wms_stock_slot ON wms_stock (sku_id, location_id);
CREATE INDEX idx_wms_stock_customer ON wms_stock (tenant_id, customer_id, sku_code);
CREATE INDEX idx_wms_stock_location ON wms_stock (location_id);

-- Append-only: every change of a stock row, signed, with the row's quantity after it.
CREATE TABLE wms_stock_log (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    customer_id TEXT NOT NULL,
    sku_id TEXT NOT NULL,
    sku_code TEXT NOT NULL,
    location_id TEXT NOT NULL,
    location_code TEXT NOT NULL,
    -- in, out, move, adjust.
    kind TEXT NOT NULL,
    quantity BIGINT NOT NULL,
    balance BIGINT NOT NULL,
    -- adjust: count, damaged, lost, found, other.
    reason TEXT,
    -- What caused it: manual, forecast, order; and that document's number.
    ref_type TEXT NOT NULL,
    ref_no TEXT,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL
);
CREATE INDEX idx_wms_stock_log_slot ON wms_stock_log (sku_id, location_id);
CREATE INDEX idx_wms_stock_log_customer ON wms_stock_log (tenant_id, customer_id, create_time);
CREATE INDEX idx_wms_stock_log_time ON wms_stock_log (tenant_id, create_time);

CREATE TABLE wms_forecast (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    customer_id TEXT NOT NULL,
    forecast_no TEXT NOT NULL,
    warehouse TEXT NOT NULL,
    -- The carrier's tracking number or the container's, when known.
    reference TEXT,
    -- pending, receiving, received, cancelled.
    status TEXT NOT NULL,
    expected_total BIGINT NOT NULL,
    received_total BIGINT NOT NULL DEFAULT 0,
    remark TEXT,
    received_time TIMESTAMP,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX idx_wms_forecast_no ON wms_forecast (tenant_id, forecast_no);
CREATE INDEX idx_wms_forecast_customer ON wms_forecast (tenant_id, customer_id, create_time);

CREATE TABLE wms_forecast_line (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    forecast_id TEXT NOT NULL,
    customer_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    sku_id TEXT NOT NULL,
    sku_code TEXT NOT NULL,
    expected BIGINT NOT NULL CHECK (expected > 0),
    received BIGINT NOT NULL DEFAULT 0 CHECK (received >= 0)
);
CREATE UNIQUE INDEX idx_wms_forecast_line_sku ON wms_forecast_line (forecast_id, sku_id);
CREATE INDEX idx_wms_forecast_line_sku_id ON wms_forecast_line (sku_id);
