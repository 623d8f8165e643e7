DROP TABLE logistics_track_delivery;
DROP TABLE logistics_track_subscription;
