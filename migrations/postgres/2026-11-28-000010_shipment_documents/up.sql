-- A predict batch's orders, counted on its page.
CREATE INDEX idx_logistics_shipment_predict_batch ON logistics_shipment (predict_batch_id);
-- The status tabs' counts read these alone (a customer's, and staff's over the tenant), not the
-- table: 300,000 orders of one customer counted in milliseconds, not seconds.
CREATE INDEX idx_logistics_shipment_customer_status ON logistics_shipment (tenant_id, customer_id, shipment_type, shipment_status);
CREATE INDEX idx_logistics_shipment_type_status ON logistics_shipment (tenant_id, shipment_type, shipment_status);
-- Bulk number search looks in five columns at once: each needs an index for the search to use them.
CREATE INDEX idx_logistics_shipment_fba_code ON logistics_shipment (fba_code);

-- FBA orders with their delivery to Amazon (`logistics_fba_order`, written when first recorded)
-- and its depot: what the FBA waybill page lists.
CREATE VIEW logistics_fba_waybill AS
SELECT
    s.id,
    s.tenant_id,
    s.customer_id,
    s.serial_number,
    s.customer_code,
    s.fba_code,
    s.po_code,
    s.shipment_status,
    s.shipment_pieces,
    s.sys_track_no,
    s.track_no,
    s.user_depot_id,
    d.depot_id AS depot_code,
    d.country AS depot_country,
    f.expect_time,
    f.real_time,
    f.batch_no,
    f.pod,
    f.update_by,
    f.update_time,
    s.submit_time,
    s.create_time,
    (SELECT COUNT(*) FROM logistics_fba_config c WHERE c.shipment_id = s.id) AS config_count,
    (SELECT CAST(COALESCE(SUM(c.pallet), 0) AS BIGINT) FROM logistics_fba_config c WHERE c.shipment_id = s.id) AS pallets
FROM logistics_shipment s
LEFT JOIN logistics_fba_order f ON f.shipment_id = s.id
LEFT JOIN logistics_depot d ON d.id = s.user_depot_id
WHERE s.shipment_type = 'FBA';
