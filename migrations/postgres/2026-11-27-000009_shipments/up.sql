-- Shipment orders (B2B, B2C, FBA, WMS): the order with its consignee, its parcels and their
-- declared goods, the tracking numbers issued for it; customers' shippers (sender addresses),
-- depots (Amazon fulfilment centres seeded, and their own), product catalogue, predict batches
-- and FBA data; the counters that number orders.

-- Counters (serial numbers per tenant and day, system tracking numbers per tenant): incremented
-- in the transaction that uses the number.
CREATE TABLE sys_counter (
    name VARCHAR(64) PRIMARY KEY,
    value BIGINT NOT NULL
);

-- Long work a user started (an import, a batch of labels): its progress, read by polling, so any
-- instance can answer; `result` is the finished work's report (JSON).
CREATE TABLE sys_task (
    id VARCHAR(32) PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    user_id VARCHAR(32) NOT NULL,
    kind TEXT NOT NULL,
    status TEXT NOT NULL,
    total INTEGER NOT NULL DEFAULT 0,
    done INTEGER NOT NULL DEFAULT 0,
    result TEXT,
    message TEXT,
    create_time TIMESTAMP NOT NULL,
    update_time TIMESTAMP
);

-- Amazon fulfilment centres (platform-wide reference data): the addresses FBA orders ship to.
CREATE TABLE logistics_fba_warehouse (
    code VARCHAR(8) PRIMARY KEY,
    country VARCHAR(2) NOT NULL,
    state TEXT,
    city TEXT NOT NULL,
    postal_code TEXT NOT NULL,
    address1 TEXT NOT NULL
);

-- A customer's sender addresses; one may be the default.
CREATE TABLE logistics_shipper (
    id VARCHAR(32) PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    customer_id VARCHAR(32) NOT NULL,
    name TEXT NOT NULL,
    company TEXT,
    phone TEXT,
    email TEXT,
    country VARCHAR(2) NOT NULL,
    state TEXT,
    city TEXT NOT NULL,
    postal_code TEXT,
    street TEXT,
    house TEXT,
    address1 TEXT NOT NULL,
    address2 TEXT,
    iz_default SMALLINT NOT NULL DEFAULT 0,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE INDEX idx_logistics_shipper_customer ON logistics_shipper (tenant_id, customer_id, create_time);

-- A customer's depots: Amazon fulfilment centres it ships to (depot_id is the centre's code) and
-- its own or overseas warehouses; `code` is the customer's own name for it.
CREATE TABLE logistics_depot (
    id VARCHAR(32) PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    customer_id VARCHAR(32) NOT NULL,
    depot_id TEXT NOT NULL,
    code TEXT,
    depot_name TEXT NOT NULL,
    -- amazon, overseas or private.
    depot_type TEXT NOT NULL,
    contact TEXT,
    phone TEXT,
    country VARCHAR(2) NOT NULL,
    state TEXT,
    city TEXT NOT NULL,
    postal_code TEXT,
    street TEXT,
    house TEXT,
    address1 TEXT NOT NULL,
    address2 TEXT,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_logistics_depot ON logistics_depot (tenant_id, customer_id, depot_id);

-- A customer's catalogue of declared goods, copied onto parcels.
CREATE TABLE logistics_parcel_product (
    id VARCHAR(32) PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    customer_id VARCHAR(32) NOT NULL,
    sku TEXT NOT NULL,
    lc_hscode TEXT,
    fr_hscode TEXT,
    lc_name TEXT,
    fr_name TEXT NOT NULL,
    lc_meterial TEXT,
    fr_meterial TEXT,
    lc_usage TEXT,
    fr_usage TEXT,
    lc_brand TEXT,
    fr_brand TEXT,
    lc_model TEXT,
    fr_model TEXT,
    shop_url TEXT,
    photo_url TEXT,
    -- Decimal text: kilograms, and the declared value in the customer's currency.
    unit_weight TEXT NOT NULL,
    unit_price TEXT NOT NULL,
    unit TEXT,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_logistics_parcel_product_sku ON logistics_parcel_product (tenant_id, customer_id, sku);

-- A customer's pre-advice of the orders it hands over in one warehouse intake.
CREATE TABLE logistics_predict_batch (
    id VARCHAR(32) PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    customer_id VARCHAR(32) NOT NULL,
    batch_no TEXT NOT NULL,
    expect_time TIMESTAMP,
    -- open, handed (to the warehouse), received.
    status TEXT NOT NULL,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_logistics_predict_batch_no ON logistics_predict_batch (tenant_id, batch_no);

CREATE TABLE logistics_shipment (
    id VARCHAR(32) PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    customer_id VARCHAR(32) NOT NULL,
    -- B2B, B2C, FBA, WMS.
    shipment_type TEXT NOT NULL,
    -- The system's order number (a coding rule: type, day, sequence).
    serial_number TEXT NOT NULL,
    -- The customer's own reference: unique per customer (imports are idempotent by it).
    customer_code TEXT,
    fba_code TEXT,
    po_code TEXT,
    company TEXT,
    sys_track_no TEXT,
    track_no TEXT,
    channel_product_id TEXT,
    channel_id TEXT,
    user_depot_id TEXT,
    shipper_id TEXT,
    predict_batch_id TEXT,
    -- single (one piece) or multi.
    order_method TEXT NOT NULL,
    -- web, import or api.
    shipment_resource TEXT NOT NULL,
    -- core's lifecycle (`shipment::STATUSES`) and print status (unprinted, printed, error).
    shipment_status TEXT NOT NULL,
    print_status TEXT NOT NULL,
    -- Where the goods are: notArrived until the warehouse receives them.
    location_status TEXT NOT NULL,
    shipment_pieces INTEGER NOT NULL,
    -- Grams (summed by the dashboards); the parcels hold their exact figures.
    shipment_weight BIGINT NOT NULL,
    -- Minor units of `currency`: the goods' declared value, and the charge held at submission.
    declared_value BIGINT NOT NULL,
    currency TEXT NOT NULL,
    deduct_amount BIGINT,
    deduct_currency TEXT,
    -- The quote the charge came from, as the customer saw it (JSON), its bundle version and the
    -- chargeable weight (decimal text, kg).
    quote TEXT,
    rate_version TEXT,
    chargeable_weight TEXT,
    consignee_name TEXT,
    consignee_phone TEXT,
    consignee_email TEXT,
    consignee_company TEXT,
    consignee_tax_number TEXT,
    consignee_country VARCHAR(2),
    consignee_state TEXT,
    consignee_city TEXT,
    consignee_postal_code TEXT,
    consignee_street TEXT,
    consignee_house TEXT,
    consignee_address1 TEXT,
    consignee_address2 TEXT,
    consignee_remark TEXT,
    remark TEXT,
    submit_time TIMESTAMP,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_logistics_shipment_serial ON logistics_shipment (tenant_id, serial_number);
CREATE UNIQUE INDEX uk_logistics_shipment_customer_code ON logistics_shipment (tenant_id, customer_id, customer_code);
CREATE INDEX idx_logistics_shipment_customer ON logistics_shipment (tenant_id, customer_id, shipment_type, create_time);
CREATE INDEX idx_logistics_shipment_type ON logistics_shipment (tenant_id, shipment_type, create_time);
CREATE INDEX idx_logistics_shipment_status ON logistics_shipment (tenant_id, shipment_status, create_time);
CREATE INDEX idx_logistics_shipment_sys_track ON logistics_shipment (sys_track_no);
CREATE INDEX idx_logistics_shipment_track ON logistics_shipment (track_no);

CREATE TABLE logistics_shipment_parcel (
    id VARCHAR(32) PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    shipment_id VARCHAR(32) NOT NULL REFERENCES logistics_shipment (id) ON DELETE CASCADE,
    -- 1, 2, … within the order.
    seq INTEGER NOT NULL,
    reference TEXT,
    fba_code TEXT,
    -- The order's serial number and the parcel's place (`…-001`).
    serial_number TEXT NOT NULL,
    sys_track_no TEXT,
    parcel_status TEXT NOT NULL,
    -- Decimal text: centimetres and kilograms; bulky is the volume weight.
    length TEXT NOT NULL,
    width TEXT NOT NULL,
    height TEXT NOT NULL,
    weight TEXT NOT NULL,
    bulky TEXT NOT NULL,
    remark TEXT,
    create_time TIMESTAMP NOT NULL
);
CREATE INDEX idx_logistics_shipment_parcel ON logistics_shipment_parcel (shipment_id, seq);
CREATE INDEX idx_logistics_shipment_parcel_reference ON logistics_shipment_parcel (reference);

-- Declared goods of a parcel (ParcelProduct fields, tied to the parcel).
CREATE TABLE logistics_shipment_product (
    id VARCHAR(32) PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    shipment_id VARCHAR(32) NOT NULL REFERENCES logistics_shipment (id) ON DELETE CASCADE,
    parcel_id VARCHAR(32) NOT NULL REFERENCES logistics_shipment_parcel (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    sku TEXT,
    lc_hscode TEXT,
    fr_hscode TEXT,
    lc_name TEXT,
    fr_name TEXT,
    lc_meterial TEXT,
    fr_meterial TEXT,
    lc_usage TEXT,
    fr_usage TEXT,
    lc_brand TEXT,
    fr_brand TEXT,
    lc_model TEXT,
    fr_model TEXT,
    shop_url TEXT,
    photo_url TEXT,
    unit_weight TEXT,
    unit_price TEXT,
    quantity INTEGER,
    unit TEXT,
    remark TEXT
);
CREATE INDEX idx_logistics_shipment_product ON logistics_shipment_product (shipment_id, seq);

-- Tracking numbers issued for an order or a parcel: from the channel's number segment or the
-- carrier.
CREATE TABLE logistics_delivery_number (
    id VARCHAR(32) PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    customer_id VARCHAR(32) NOT NULL,
    track_no TEXT NOT NULL,
    shipment_id VARCHAR(32) NOT NULL REFERENCES logistics_shipment (id) ON DELETE CASCADE,
    shipment_parcel_id TEXT,
    channel_product_id TEXT,
    channel_id TEXT,
    segment_id TEXT,
    -- The carrier's id for the number and its remark, when the carrier issued it.
    third_id TEXT,
    third_mark TEXT,
    create_time TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX uk_logistics_delivery_number ON logistics_delivery_number (tenant_id, track_no);
CREATE INDEX idx_logistics_delivery_number_shipment ON logistics_delivery_number (shipment_id);

-- An FBA order's delivery to Amazon (one per FBA shipment) and its cartons/pallets per Amazon
-- shipment ID.
CREATE TABLE logistics_fba_order (
    shipment_id VARCHAR(32) PRIMARY KEY REFERENCES logistics_shipment (id) ON DELETE CASCADE,
    tenant_id INTEGER NOT NULL,
    expect_time TIMESTAMP,
    real_time TIMESTAMP,
    batch_no TEXT,
    -- The proof of delivery, a stored file's key.
    pod TEXT,
    update_by TEXT,
    update_time TIMESTAMP
);

CREATE TABLE logistics_fba_config (
    id VARCHAR(32) PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    shipment_id VARCHAR(32) NOT NULL REFERENCES logistics_shipment (id) ON DELETE CASCADE,
    fba_shipment_id TEXT NOT NULL,
    serial_number TEXT,
    pieces INTEGER NOT NULL,
    pallet INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX idx_logistics_fba_config ON logistics_fba_config (shipment_id);

-- Common Amazon fulfilment centres (US, CA, UK, DE, JP). Amazon assigns the ship-to centre in
-- each shipment plan; a customer's depot names the one its plan gave.
INSERT INTO logistics_fba_warehouse (code, country, state, city, postal_code, address1) VALUES
    ('ONT8', 'US', 'CA', 'Moreno Valley', '92551', '24300 Nandina Ave'),
    ('LGB8', 'US', 'CA', 'Rialto', '92376', '1568 N Linden Ave'),
    ('SBD1', 'US', 'CA', 'San Bernardino', '92408', '1910 E Central Ave'),
    ('LAX9', 'US', 'CA', 'Fontana', '92337', '11263 Oleander Ave'),
    ('SMF3', 'US', 'CA', 'Stockton', '95206', '3923 S B St'),
    ('PHX7', 'US', 'AZ', 'Phoenix', '85043', '800 N 75th Ave'),
    ('BFI4', 'US', 'WA', 'Kent', '98032', '21005 64th Ave S'),
    ('DFW6', 'US', 'TX', 'Coppell', '75019', '940 W Bethel Rd'),
    ('FTW1', 'US', 'TX', 'Dallas', '75241', '33333 LBJ Fwy'),
    ('MDW2', 'US', 'IL', 'Joliet', '60433', '250 Emerald Dr'),
    ('EWR4', 'US', 'NJ', 'Robbinsville', '08691', '50 New Canton Way'),
    ('ABE8', 'US', 'NJ', 'Florence', '08518', '401 Independence Rd'),
    ('JAX3', 'US', 'FL', 'Jacksonville', '32221', '13333 103rd St'),
    ('CLT2', 'US', 'NC', 'Charlotte', '28214', '10240 Old Dowd Rd'),
    ('YYZ4', 'CA', 'ON', 'Brampton', 'L6Y 0C9', '8050 Heritage Rd'),
    ('YVR2', 'CA', 'BC', 'Delta', 'V3M 5Y9', '450 Derwent Pl'),
    ('YYC1', 'CA', 'AB', 'Rocky View County', 'T4A 1C6', '293069 Colonel Robertson Way'),
    ('LTN1', 'GB', NULL, 'Ridgmont', 'MK43 0ZA', 'Marston Gate'),
    ('LCY2', 'GB', NULL, 'Tilbury', 'RM18 7AN', 'London Distribution Park, Windrush Road'),
    ('EUK5', 'GB', NULL, 'Peterborough', 'PE2 9EN', 'Kingston Park, Flaxley Road'),
    ('BHX1', 'GB', NULL, 'Rugeley', 'WS15 1LX', 'Towers Business Park'),
    ('FRA1', 'DE', NULL, 'Bad Hersfeld', '36251', 'Amazonstraße 1'),
    ('LEJ1', 'DE', NULL, 'Leipzig', '04347', 'Amazonstraße 1'),
    ('MUC3', 'DE', NULL, 'Graben', '86836', 'Amazonstraße 1'),
    ('DUS2', 'DE', NULL, 'Rheinberg', '47495', 'Amazonstraße 1'),
    ('CGN1', 'DE', NULL, 'Kobern-Gondorf', '56330', 'Amazonstraße 1'),
    ('NRT5', 'JP', 'Chiba', 'Ichikawa', '272-0127', '2-13-1 Shiohama'),
    ('HND3', 'JP', 'Saitama', 'Kawaguchi', '332-0004', '5-14-35 Ryoke');
