-- Labels: each order's last print (its status beside the order's status, why it failed, when,
-- how often), each user's printers, and the print centre's templates.
ALTER TABLE logistics_shipment ADD COLUMN print_message TEXT;
ALTER TABLE logistics_shipment ADD COLUMN print_time TIMESTAMP;
ALTER TABLE logistics_shipment ADD COLUMN print_count INTEGER NOT NULL DEFAULT 0;

-- A user's printers (spec: printer name, paper format, horizontal, preview, width and height in
-- mm), each used for one label size; the Lodop printer it prints to silently, if any.
CREATE TABLE logistics_printer (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    user_id TEXT NOT NULL,
    printer_name TEXT NOT NULL,
    paper_format TEXT NOT NULL,
    output_format TEXT NOT NULL DEFAULT 'pdf',
    dpi INTEGER NOT NULL DEFAULT 203,
    iz_horizontal SMALLINT NOT NULL DEFAULT 0,
    iz_preview SMALLINT NOT NULL DEFAULT 1,
    iz_default SMALLINT NOT NULL DEFAULT 0,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX idx_logistics_printer_name ON logistics_printer (tenant_id, user_id, printer_name);

-- The print centre: a template per label size, for every order (no product, no customer), a
-- channel product's or a customer's. `content` is core's template JSON.
CREATE TABLE sys_print_template (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    template_name TEXT NOT NULL,
    label_size TEXT NOT NULL,
    channel_product_id TEXT,
    customer_id TEXT,
    content TEXT NOT NULL,
    iz_enable SMALLINT NOT NULL DEFAULT 1,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE INDEX idx_sys_print_template_size ON sys_print_template (tenant_id, label_size);
