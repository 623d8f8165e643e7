DROP INDEX idx_logistics_shipment_sys_track;
DROP INDEX idx_logistics_shipment_track;
DROP INDEX idx_logistics_shipment_fba_code;
CREATE INDEX idx_logistics_shipment_sys_track ON logistics_shipment (sys_track_no);
CREATE INDEX idx_logistics_shipment_track ON logistics_shipment (track_no);
CREATE INDEX idx_logistics_shipment_fba_code ON logistics_shipment (fba_code);
