DROP TABLE logistics_inbound_parcel;
DROP TABLE logistics_rate_bundle;
