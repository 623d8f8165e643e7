DROP INDEX idx_logistics_shipment_customer_time;
DROP INDEX idx_logistics_shipment_tenant_time;
CREATE INDEX idx_logistics_shipment_customer_time ON logistics_shipment (tenant_id, customer_id, create_time, id, shipment_status, print_status);
CREATE INDEX idx_logistics_shipment_tenant_time ON logistics_shipment (tenant_id, create_time, id, shipment_status, print_status);
DROP TRIGGER trg_logistics_shipment_day_tally_update;
DROP TRIGGER trg_logistics_shipment_day_tally_delete;
DROP TRIGGER trg_logistics_shipment_day_tally_insert;
DROP TABLE logistics_shipment_day_tally;
ALTER TABLE logistics_shipment DROP COLUMN business_day;
