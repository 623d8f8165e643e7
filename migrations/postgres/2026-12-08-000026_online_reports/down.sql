DROP TABLE onl_cgreport_head;
DROP TABLE sys_data_source;
