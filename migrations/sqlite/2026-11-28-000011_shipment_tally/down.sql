CREATE INDEX idx_logistics_shipment_customer_status ON logistics_shipment (tenant_id, customer_id, shipment_type, shipment_status);
CREATE INDEX idx_logistics_shipment_type_status ON logistics_shipment (tenant_id, shipment_type, shipment_status);
DROP TRIGGER trg_logistics_shipment_tally_update;
DROP TRIGGER trg_logistics_shipment_tally_delete;
DROP TRIGGER trg_logistics_shipment_tally_insert;
DROP TABLE logistics_shipment_tally;
