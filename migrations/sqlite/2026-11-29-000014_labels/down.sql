DROP TABLE sys_print_template;
DROP TABLE logistics_printer;
ALTER TABLE logistics_shipment DROP COLUMN print_count;
ALTER TABLE logistics_shipment DROP COLUMN print_time;
ALTER TABLE logistics_shipment DROP COLUMN print_message;
