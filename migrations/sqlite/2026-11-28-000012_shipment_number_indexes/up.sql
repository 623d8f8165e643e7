-- The number columns an order fills late (tracking numbers at submission, FBA codes on FBA
-- orders) are empty on most rows. A full index on them makes the statistics say "one value for
-- every row", and SQLite then searches a bulk number filter through the customer's orders
-- instead of these indexes (547 ms against 0.6 ms on 1,000,000 orders). Indexes of the filled
-- rows only: smaller, and their statistics count what is searched.
DROP INDEX idx_logistics_shipment_sys_track;
DROP INDEX idx_logistics_shipment_track;
DROP INDEX idx_logistics_shipment_fba_code;
CREATE INDEX idx_logistics_shipment_sys_track ON logistics_shipment (sys_track_no) WHERE sys_track_no IS NOT NULL;
CREATE INDEX idx_logistics_shipment_track ON logistics_shipment (track_no) WHERE track_no IS NOT NULL;
CREATE INDEX idx_logistics_shipment_fba_code ON logistics_shipment (fba_code) WHERE fba_code IS NOT NULL;
