DROP TABLE logistics_carrier_label;
