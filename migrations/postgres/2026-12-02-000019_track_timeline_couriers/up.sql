-- Each order's timeline as the track queries answer it (newest first, at most 200 points),
-- written with its status whenever its events change: a query of 100 numbers then reads 100 rows
-- instead of every event of every order.
ALTER TABLE logistics_track_state ADD COLUMN timeline TEXT;

-- Couriers: the last-mile carriers whose numbers the out-track search recognises (a pattern and a
-- check-digit scheme), with the page where each tracks its own numbers.
CREATE TABLE logistics_courier (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    name_en TEXT,
    website TEXT,
    -- The courier's tracking page, {number} standing for the number.
    track_url TEXT,
    -- The numbers it issues (core's pattern syntax) and their check digit (s10, ups, mod7).
    number_pattern TEXT,
    check_digit TEXT,
    phone TEXT,
    sort_no INTEGER NOT NULL DEFAULT 0,
    status SMALLINT NOT NULL DEFAULT 1,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX idx_logistics_courier_code ON logistics_courier (tenant_id, code);

-- The carriers' own ids of a delivery number, looked up by the out-track search.
CREATE INDEX idx_logistics_delivery_number_third ON logistics_delivery_number (third_id) WHERE third_id IS NOT NULL;
