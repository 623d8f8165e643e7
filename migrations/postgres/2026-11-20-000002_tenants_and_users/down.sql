DROP TABLE sys_user;
DROP TABLE sys_tenant;
