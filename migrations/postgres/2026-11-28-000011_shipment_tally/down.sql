CREATE INDEX idx_logistics_shipment_customer_status ON logistics_shipment (tenant_id, customer_id, shipment_type, shipment_status);
CREATE INDEX idx_logistics_shipment_type_status ON logistics_shipment (tenant_id, shipment_type, shipment_status);
DROP TRIGGER trg_logistics_shipment_tally ON logistics_shipment;
DROP FUNCTION logistics_shipment_tally_count();
DROP TABLE logistics_shipment_tally;
