DROP INDEX idx_logistics_delivery_number_third;
DROP TABLE logistics_courier;
ALTER TABLE logistics_track_state DROP COLUMN timeline;
