DROP INDEX idx_sys_log_tenant_ip;
DROP INDEX idx_sys_session_revoke;
DROP TABLE sys_announcement_send;
DROP TABLE sys_announcement;
DROP TABLE sys_country;
DROP TABLE sys_category;
DROP TABLE sys_dict_item;
DROP TABLE sys_dict;
