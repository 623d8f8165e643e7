-- Partitions (分区表): a named set of zones (each the countries it covers and, optionally, postal
-- prefixes) that rate cards reference instead of carrying zones of their own. Existing cards keep
-- their zones in their body until the server's first start on this schema files them as
-- partitions (carrier::partitions::adopt): one per distinct set of zones, the card's body then
-- without zones and pointing here. Quotes are unchanged: a card is quoted with its partition's
-- zones put back in.
CREATE TABLE logistics_partition (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    name_en TEXT,
    -- The zones in core's normalized JSON ([{code, countries, postalPrefixes}]).
    zones TEXT NOT NULL,
    zone_count SMALLINT NOT NULL,
    -- Every country of the zones, once each, comma-separated (list and filter).
    countries TEXT NOT NULL,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_logistics_partition_code ON logistics_partition (tenant_id, code);

ALTER TABLE logistics_rate_card ADD COLUMN partition_id TEXT REFERENCES logistics_partition (id);
CREATE INDEX idx_logistics_rate_card_partition ON logistics_rate_card (partition_id);
