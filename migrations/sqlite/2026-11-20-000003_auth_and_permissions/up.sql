ALTER TABLE sys_user ADD COLUMN login_fail_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sys_user ADD COLUMN login_fail_since TIMESTAMP;
ALTER TABLE sys_user ADD COLUMN lock_until TIMESTAMP;
CREATE UNIQUE INDEX uk_sys_user_phone ON sys_user (phone) WHERE phone IS NOT NULL;
CREATE UNIQUE INDEX uk_sys_user_email ON sys_user (email) WHERE email IS NOT NULL;

CREATE TABLE sys_session (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES sys_user (id),
    tenant_id INTEGER NOT NULL,
    ip TEXT,
    user_agent TEXT,
    create_time TIMESTAMP NOT NULL,
    expire_time TIMESTAMP NOT NULL,
    revoke_time TIMESTAMP
);
CREATE INDEX idx_sys_session_user ON sys_session (user_id);

CREATE TABLE sys_sms_code (
    id TEXT PRIMARY KEY NOT NULL,
    phone TEXT NOT NULL,
    mode TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    consumed BOOLEAN NOT NULL DEFAULT 0,
    create_time TIMESTAMP NOT NULL,
    expire_time TIMESTAMP NOT NULL
);
CREATE INDEX idx_sys_sms_code_phone ON sys_sms_code (phone, create_time);

CREATE TABLE sys_log (
    id TEXT PRIMARY KEY NOT NULL,
    log_type SMALLINT NOT NULL,
    log_content TEXT NOT NULL,
    ok BOOLEAN NOT NULL,
    userid TEXT,
    username TEXT,
    ip TEXT,
    method TEXT,
    request_url TEXT,
    tenant_id INTEGER,
    create_time TIMESTAMP NOT NULL
);
CREATE INDEX idx_sys_log_type_time ON sys_log (log_type, create_time);
CREATE INDEX idx_sys_log_user ON sys_log (userid, log_type, create_time);

CREATE TABLE sys_role (
    id TEXT PRIMARY KEY NOT NULL,
    role_name TEXT NOT NULL,
    role_name_en TEXT,
    role_code TEXT NOT NULL,
    description TEXT,
    tenant_id INTEGER NOT NULL REFERENCES sys_tenant (id),
    create_time TIMESTAMP NOT NULL,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_sys_role_code ON sys_role (tenant_id, role_code);

CREATE TABLE sys_user_role (
    user_id TEXT NOT NULL REFERENCES sys_user (id),
    role_id TEXT NOT NULL REFERENCES sys_role (id),
    PRIMARY KEY (user_id, role_id)
);

CREATE TABLE sys_permission (
    id TEXT PRIMARY KEY NOT NULL,
    parent_id TEXT REFERENCES sys_permission (id),
    name TEXT NOT NULL,
    name_en TEXT NOT NULL,
    url TEXT,
    component TEXT,
    component_name TEXT,
    redirect TEXT,
    menu_type SMALLINT NOT NULL,
    perms TEXT,
    perms_type TEXT NOT NULL DEFAULT '1',
    sort_no INTEGER NOT NULL DEFAULT 0,
    always_show BOOLEAN NOT NULL DEFAULT 0,
    icon TEXT,
    is_route BOOLEAN NOT NULL DEFAULT 1,
    keep_alive BOOLEAN NOT NULL DEFAULT 0,
    hidden BOOLEAN NOT NULL DEFAULT 0,
    internal_or_external BOOLEAN NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT '1',
    del_flag SMALLINT NOT NULL DEFAULT 0,
    create_time TIMESTAMP NOT NULL,
    update_time TIMESTAMP
);
CREATE INDEX idx_sys_permission_parent ON sys_permission (parent_id);

CREATE TABLE sys_role_permission (
    role_id TEXT NOT NULL REFERENCES sys_role (id),
    permission_id TEXT NOT NULL REFERENCES sys_permission (id),
    PRIMARY KEY (role_id, permission_id)
);

CREATE TABLE sys_depart (
    id TEXT PRIMARY KEY NOT NULL,
    parent_id TEXT REFERENCES sys_depart (id),
    depart_name TEXT NOT NULL,
    depart_name_en TEXT,
    org_code TEXT NOT NULL,
    org_category TEXT NOT NULL DEFAULT '1',
    depart_order INTEGER NOT NULL DEFAULT 0,
    tenant_id INTEGER NOT NULL REFERENCES sys_tenant (id),
    del_flag SMALLINT NOT NULL DEFAULT 0,
    create_time TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX uk_sys_depart_org_code ON sys_depart (org_code);

CREATE TABLE sys_user_depart (
    user_id TEXT NOT NULL REFERENCES sys_user (id),
    dep_id TEXT NOT NULL REFERENCES sys_depart (id),
    PRIMARY KEY (user_id, dep_id)
);

CREATE TABLE customer_company (
    user_id TEXT PRIMARY KEY NOT NULL REFERENCES sys_user (id),
    company_name TEXT NOT NULL,
    contact_person TEXT NOT NULL,
    country TEXT NOT NULL,
    address TEXT NOT NULL,
    tax_number TEXT,
    create_time TIMESTAMP NOT NULL
);
