DROP TABLE sys_third_login;
DROP TABLE sys_third_account;
DROP TABLE sys_gateway_route;
