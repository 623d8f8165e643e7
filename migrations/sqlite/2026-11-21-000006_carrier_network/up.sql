-- Carrier network and pricing: suppliers (carriers), their channels, the channel products
-- customers buy (with validity and postal rules), rate cards (versioned), customers' price
-- levels and tracking-number segments.

CREATE TABLE logistics_supplier (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    name_en TEXT,
    contact TEXT,
    phone TEXT,
    email TEXT,
    api_type TEXT,
    status SMALLINT NOT NULL DEFAULT 1,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_logistics_supplier_code ON logistics_supplier (tenant_id, code);

CREATE TABLE logistics_channel (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    supplier_id TEXT NOT NULL REFERENCES logistics_supplier (id),
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    name_en TEXT,
    trans_type TEXT,
    status SMALLINT NOT NULL DEFAULT 1,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_logistics_channel_code ON logistics_channel (tenant_id, code);
CREATE INDEX idx_logistics_channel_supplier ON logistics_channel (supplier_id);

CREATE TABLE logistics_rate_card (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    currency TEXT NOT NULL,
    -- A newer version of the same code supersedes an older one from this date.
    effective_from DATE NOT NULL,
    -- The card in the documented JSON format (rounding, zones, prices, surcharges).
    body TEXT NOT NULL,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_logistics_rate_card_version ON logistics_rate_card (tenant_id, code, effective_from);

CREATE TABLE logistics_channel_product (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    channel_id TEXT NOT NULL REFERENCES logistics_channel (id),
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    name_en TEXT,
    trade_type TEXT,
    trans_type TEXT,
    push_method TEXT,
    label_type TEXT,
    deduct_method TEXT,
    iz_subsist BOOLEAN NOT NULL DEFAULT FALSE,
    iz_single BOOLEAN NOT NULL DEFAULT TRUE,
    iz_mult BOOLEAN NOT NULL DEFAULT TRUE,
    iz_enable BOOLEAN NOT NULL DEFAULT TRUE,
    -- The rate card's code (its version in force applies).
    fee_id TEXT,
    -- Volumetric divisor (cm³ per kg); 0 bills actual weight only.
    th_weight_ratio INTEGER NOT NULL DEFAULT 0,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_logistics_channel_product_code ON logistics_channel_product (tenant_id, code);
CREATE INDEX idx_logistics_channel_product_channel ON logistics_channel_product (channel_id);

CREATE TABLE logistics_product_validity (
    id TEXT PRIMARY KEY,
    product_id TEXT NOT NULL REFERENCES logistics_channel_product (id) ON DELETE CASCADE,
    -- weight, longestSide, girth, declaredValue, pieces.
    valid_type TEXT NOT NULL,
    min_value TEXT,
    max_value TEXT
);
CREATE INDEX idx_logistics_product_validity ON logistics_product_validity (product_id);

CREATE TABLE logistics_product_postal (
    id TEXT PRIMARY KEY,
    product_id TEXT NOT NULL REFERENCES logistics_channel_product (id) ON DELETE CASCADE,
    country TEXT NOT NULL,
    postal_code TEXT NOT NULL,
    allow BOOLEAN NOT NULL DEFAULT FALSE,
    remark TEXT
);
CREATE INDEX idx_logistics_product_postal ON logistics_product_postal (product_id);

CREATE TABLE logistics_price_level (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    -- The customer's main account.
    customer_id TEXT NOT NULL,
    product_id TEXT NOT NULL REFERENCES logistics_channel_product (id) ON DELETE CASCADE,
    -- Percent on freight: positive marks up, negative discounts (at least -100).
    markup_percent TEXT NOT NULL,
    enabled BOOLEAN NOT NULL DEFAULT TRUE,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_logistics_price_level ON logistics_price_level (customer_id, product_id);

CREATE TABLE logistics_number_segment (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    channel_id TEXT NOT NULL REFERENCES logistics_channel (id),
    prefix TEXT NOT NULL DEFAULT '',
    suffix TEXT NOT NULL DEFAULT '',
    start_no BIGINT NOT NULL,
    end_no BIGINT NOT NULL,
    -- The last number handed out (start_no - 1 before the first).
    current_no BIGINT NOT NULL,
    -- none, mod7, s10, ups.
    check_scheme TEXT NOT NULL DEFAULT 'none',
    alert_threshold BIGINT NOT NULL DEFAULT 0,
    status SMALLINT NOT NULL DEFAULT 1,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_time TIMESTAMP
);
CREATE INDEX idx_logistics_number_segment_channel ON logistics_number_segment (tenant_id, channel_id, status);
