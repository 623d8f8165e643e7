-- The shipment dashboard counted a customer's last 30 days of orders on every call (23 ms for a
-- customer with 53,000 of them, 29 ms for staff over the tenant). Orders change status and print
-- status long after the day they were created, so past days cannot be frozen as the wallet's
-- are: the database keeps the count of each business day, status and print status up to date
-- itself, as orders are added, change and are deleted (whatever writes them), and the dashboard
-- sums at most 30 days x statuses x print statuses x 16 shards rows.
--
-- An order's business day (YYYY-MM-DD in the business time zone, LOGISTICS_TIME_ZONE) is fixed
-- when it is created, like the date of any business document; the server writes it beside
-- create_time. Orders already here get theirs in the default zone, Asia/Shanghai.
ALTER TABLE logistics_shipment ADD COLUMN business_day TEXT;
UPDATE logistics_shipment
SET business_day = to_char((create_time AT TIME ZONE 'UTC') AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD');
ALTER TABLE logistics_shipment ALTER COLUMN business_day SET NOT NULL;

-- One row per customer, business day, status, print status and shard, and the same for the whole
-- tenant under customer '*' (staff's dashboard). A statement's changes count in one of 16 shards
-- (its transaction's number modulo 16): orders of one customer written at once then seldom wait on
-- the same row's lock. A shard may go below zero (an order counted in another shard before); only
-- the sum means anything.
CREATE TABLE logistics_shipment_day_tally (
    tenant_id INTEGER NOT NULL,
    customer_id TEXT NOT NULL,
    business_day TEXT NOT NULL,
    shipment_status TEXT NOT NULL,
    print_status TEXT NOT NULL,
    shard SMALLINT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, customer_id, business_day, shipment_status, print_status, shard)
);

INSERT INTO logistics_shipment_day_tally (tenant_id, customer_id, business_day, shipment_status, print_status, shard, n)
SELECT tenant_id, customer_id, business_day, shipment_status, print_status, 0, COUNT(*)
FROM logistics_shipment
GROUP BY tenant_id, customer_id, business_day, shipment_status, print_status;

INSERT INTO logistics_shipment_day_tally (tenant_id, customer_id, business_day, shipment_status, print_status, shard, n)
SELECT tenant_id, '*', business_day, shipment_status, print_status, 0, COUNT(*)
FROM logistics_shipment
GROUP BY tenant_id, business_day, shipment_status, print_status;

-- Counted once per statement, from its transition tables: a batch print of 1,000 orders adds to a
-- few rows once, not 2,000 times, and every statement takes its rows' locks in the order of their
-- keys (the ORDER BY), so that two batches never wait on each other in a circle. Orders whose
-- counted columns an UPDATE left alone cancel out (HAVING).
CREATE FUNCTION logistics_shipment_day_tally_count() RETURNS trigger AS $$
DECLARE
    slot SMALLINT := (txid_current() % 16)::SMALLINT;
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO logistics_shipment_day_tally AS t (tenant_id, customer_id, business_day, shipment_status, print_status, shard, n)
        SELECT r.tenant_id, c.customer_id, r.business_day, r.shipment_status, r.print_status, slot, COUNT(*)
        FROM new_rows r CROSS JOIN LATERAL (VALUES (r.customer_id), ('*')) AS c (customer_id)
        GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT (tenant_id, customer_id, business_day, shipment_status, print_status, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
    ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO logistics_shipment_day_tally AS t (tenant_id, customer_id, business_day, shipment_status, print_status, shard, n)
        SELECT r.tenant_id, c.customer_id, r.business_day, r.shipment_status, r.print_status, slot, -COUNT(*)
        FROM old_rows r CROSS JOIN LATERAL (VALUES (r.customer_id), ('*')) AS c (customer_id)
        GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT (tenant_id, customer_id, business_day, shipment_status, print_status, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
    ELSE
        INSERT INTO logistics_shipment_day_tally AS t (tenant_id, customer_id, business_day, shipment_status, print_status, shard, n)
        SELECT d.tenant_id, d.customer_id, d.business_day, d.shipment_status, d.print_status, slot, SUM(d.delta)
        FROM (
            SELECT r.tenant_id, c.customer_id, r.business_day, r.shipment_status, r.print_status, -1 AS delta
            FROM old_rows r CROSS JOIN LATERAL (VALUES (r.customer_id), ('*')) AS c (customer_id)
            UNION ALL
            SELECT r.tenant_id, c.customer_id, r.business_day, r.shipment_status, r.print_status, 1 AS delta
            FROM new_rows r CROSS JOIN LATERAL (VALUES (r.customer_id), ('*')) AS c (customer_id)
        ) AS d
        GROUP BY 1, 2, 3, 4, 5 HAVING SUM(d.delta) <> 0 ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT (tenant_id, customer_id, business_day, shipment_status, print_status, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- PostgreSQL gives transition tables only to a trigger of one event and no column list.
CREATE TRIGGER trg_logistics_shipment_day_tally_insert AFTER INSERT ON logistics_shipment
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION logistics_shipment_day_tally_count();
CREATE TRIGGER trg_logistics_shipment_day_tally_update AFTER UPDATE ON logistics_shipment
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION logistics_shipment_day_tally_count();
CREATE TRIGGER trg_logistics_shipment_day_tally_delete AFTER DELETE ON logistics_shipment
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION logistics_shipment_day_tally_count();
