-- Dictionaries (platform-wide), categories (per tenant), countries (ISO 3166-1), announcements.

CREATE TABLE sys_dict (
    id TEXT PRIMARY KEY,
    dict_name TEXT NOT NULL,
    dict_name_en TEXT,
    dict_code TEXT NOT NULL,
    description TEXT,
    -- Seeded dictionaries the application reads; they can be edited but not deleted.
    system_flag BOOLEAN NOT NULL DEFAULT FALSE,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_sys_dict_code ON sys_dict (dict_code);

CREATE TABLE sys_dict_item (
    id TEXT PRIMARY KEY,
    dict_id TEXT NOT NULL REFERENCES sys_dict (id) ON DELETE CASCADE,
    item_text TEXT NOT NULL,
    item_text_en TEXT,
    item_value TEXT NOT NULL,
    item_color TEXT,
    description TEXT,
    sort_order INTEGER NOT NULL DEFAULT 0,
    -- 1 enabled, 0 disabled (JeecgBoot's status).
    status SMALLINT NOT NULL DEFAULT 1,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_sys_dict_item_value ON sys_dict_item (dict_id, item_value);

CREATE TABLE sys_category (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    -- '0' for a root.
    pid TEXT NOT NULL,
    name TEXT NOT NULL,
    name_en TEXT,
    code TEXT NOT NULL,
    has_child BOOLEAN NOT NULL DEFAULT FALSE,
    sort_order INTEGER NOT NULL DEFAULT 0,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_sys_category_code ON sys_category (tenant_id, code);
CREATE INDEX idx_sys_category_pid ON sys_category (tenant_id, pid);

CREATE TABLE sys_country (
    code TEXT PRIMARY KEY,
    name_zh TEXT NOT NULL,
    name_en TEXT NOT NULL,
    phone_prefix TEXT,
    postal_pattern TEXT,
    enabled BOOLEAN NOT NULL DEFAULT TRUE,
    sort_order INTEGER NOT NULL DEFAULT 0,
    update_by TEXT,
    update_time TIMESTAMP
);

CREATE TABLE sys_announcement (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    titile TEXT NOT NULL,
    msg_content TEXT NOT NULL,
    start_time TIMESTAMP,
    end_time TIMESTAMP,
    sender TEXT NOT NULL,
    priority TEXT NOT NULL,
    -- '1' announcement, '2' system message.
    msg_category TEXT NOT NULL,
    -- 'ALL' or 'USER' (user_ids names them, comma separated).
    msg_type TEXT NOT NULL,
    user_ids TEXT,
    -- '0' draft, '1' released, '2' revoked.
    send_status TEXT NOT NULL,
    send_time TIMESTAMP,
    cancel_time TIMESTAMP,
    open_type TEXT,
    open_page TEXT,
    bus_type TEXT,
    bus_id TEXT,
    del_flag BOOLEAN NOT NULL DEFAULT FALSE,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE INDEX idx_sys_announcement_list ON sys_announcement (tenant_id, del_flag, create_time);
CREATE INDEX idx_sys_announcement_live ON sys_announcement (tenant_id, send_status, msg_category, send_time);

CREATE TABLE sys_announcement_send (
    id TEXT PRIMARY KEY,
    annt_id TEXT NOT NULL REFERENCES sys_announcement (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    read_flag BOOLEAN NOT NULL DEFAULT FALSE,
    read_time TIMESTAMP,
    create_time TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX uk_sys_announcement_send ON sys_announcement_send (annt_id, user_id);
CREATE INDEX idx_sys_announcement_send_user ON sys_announcement_send (user_id, read_flag);

-- Live sockets close when their session is revoked: each instance asks for the recent revocations.
CREATE INDEX idx_sys_session_revoke ON sys_session (revoke_time);
CREATE INDEX idx_sys_log_tenant_ip ON sys_log (tenant_id, log_type, create_time, ip);
