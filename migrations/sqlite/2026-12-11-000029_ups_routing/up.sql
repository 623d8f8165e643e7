-- UPS routing codes: UPS's routing table (destination country and postal-code range to the routing
-- code its labels print), imported per tenant from UPS's routing file. Postal codes are stored in
-- core's canonical form (ups_routing::postal_key); empty ends cover the whole country.
CREATE TABLE logistics_ups_routing (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    country_code TEXT NOT NULL,
    postal_low TEXT NOT NULL,
    postal_high TEXT NOT NULL,
    -- The length of both ends (0: the whole country): a postal code is looked up among the ranges
    -- of its own length and of its prefixes'.
    postal_len SMALLINT NOT NULL,
    routing_code TEXT NOT NULL,
    -- The routing file's version or date, as the import named it.
    version TEXT,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_logistics_ups_routing ON logistics_ups_routing (tenant_id, country_code, postal_low, postal_high);
CREATE INDEX idx_logistics_ups_routing_lookup ON logistics_ups_routing (tenant_id, country_code, postal_len, postal_low);
