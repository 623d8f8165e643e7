DROP TABLE sys_setting;
