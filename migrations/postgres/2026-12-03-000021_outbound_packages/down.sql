DROP INDEX idx_logistics_inbound_package;
ALTER TABLE logistics_inbound_parcel DROP COLUMN package_no;
ALTER TABLE logistics_inbound_parcel DROP COLUMN package_id;
DROP TABLE logistics_out_batch;
DROP TABLE logistics_out_package;
