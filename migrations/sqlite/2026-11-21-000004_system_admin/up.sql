ALTER TABLE sys_tenant ADD COLUMN begin_date DATE;
ALTER TABLE sys_tenant ADD COLUMN end_date DATE;
ALTER TABLE sys_tenant ADD COLUMN update_time TIMESTAMP;

ALTER TABLE sys_log ADD COLUMN operate_type SMALLINT;
ALTER TABLE sys_log ADD COLUMN before_value TEXT;
ALTER TABLE sys_log ADD COLUMN after_value TEXT;
CREATE INDEX idx_sys_log_tenant ON sys_log (tenant_id, log_type, create_time);

ALTER TABLE sys_permission ADD COLUMN platform_only BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE sys_role_permission ADD COLUMN data_rule_ids TEXT;
ALTER TABLE sys_role ADD COLUMN create_by TEXT;

ALTER TABLE sys_depart ADD COLUMN memo TEXT;
ALTER TABLE sys_depart ADD COLUMN update_time TIMESTAMP;
DROP INDEX uk_sys_depart_org_code;
CREATE UNIQUE INDEX uk_sys_depart_org_code ON sys_depart (tenant_id, org_code);
CREATE INDEX idx_sys_depart_parent ON sys_depart (parent_id);
CREATE INDEX idx_sys_user_depart_dep ON sys_user_depart (dep_id);
CREATE INDEX idx_sys_user_list ON sys_user (tenant_id, del_flag, create_time, id);
CREATE INDEX idx_sys_user_list_username ON sys_user (tenant_id, del_flag, username);
CREATE INDEX idx_sys_user_list_status ON sys_user (tenant_id, del_flag, status, create_time, id);

CREATE TABLE sys_permission_data_rule (
    id TEXT PRIMARY KEY NOT NULL,
    permission_id TEXT NOT NULL REFERENCES sys_permission (id),
    rule_name TEXT NOT NULL,
    rule_column TEXT NOT NULL,
    rule_conditions TEXT NOT NULL,
    rule_value TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT '1',
    create_time TIMESTAMP NOT NULL,
    update_time TIMESTAMP
);
CREATE INDEX idx_sys_permission_data_rule_perm ON sys_permission_data_rule (permission_id);

CREATE TABLE sys_user_permission (
    user_id TEXT NOT NULL REFERENCES sys_user (id),
    permission_id TEXT NOT NULL REFERENCES sys_permission (id),
    PRIMARY KEY (user_id, permission_id)
);

CREATE TABLE sys_depart_permission (
    depart_id TEXT NOT NULL REFERENCES sys_depart (id),
    permission_id TEXT NOT NULL REFERENCES sys_permission (id),
    data_rule_ids TEXT,
    PRIMARY KEY (depart_id, permission_id)
);

CREATE TABLE sys_depart_role (
    id TEXT PRIMARY KEY NOT NULL,
    depart_id TEXT NOT NULL REFERENCES sys_depart (id),
    role_name TEXT NOT NULL,
    role_code TEXT NOT NULL,
    description TEXT,
    tenant_id INTEGER NOT NULL REFERENCES sys_tenant (id),
    create_time TIMESTAMP NOT NULL,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_sys_depart_role_code ON sys_depart_role (tenant_id, role_code);

CREATE TABLE sys_depart_role_user (
    user_id TEXT NOT NULL REFERENCES sys_user (id),
    drole_id TEXT NOT NULL REFERENCES sys_depart_role (id),
    PRIMARY KEY (user_id, drole_id)
);

CREATE TABLE sys_depart_role_permission (
    role_id TEXT NOT NULL REFERENCES sys_depart_role (id),
    permission_id TEXT NOT NULL REFERENCES sys_permission (id),
    PRIMARY KEY (role_id, permission_id)
);

CREATE TABLE sys_position (
    id TEXT PRIMARY KEY NOT NULL,
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    name_en TEXT,
    post_rank TEXT NOT NULL DEFAULT 'staff',
    tenant_id INTEGER NOT NULL REFERENCES sys_tenant (id),
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_sys_position_code ON sys_position (tenant_id, code);
