-- The shipment dashboard counted a customer's last 30 days of orders on every call (55 ms for a
-- customer with 53,000 of them, 91 ms for staff over the tenant). Orders change status and print
-- status long after the day they were created, so past days cannot be frozen as the wallet's
-- are: the database keeps the count of each business day, status and print status up to date
-- itself, as orders are added, change and are deleted (whatever writes them), and the dashboard
-- sums at most 30 days x statuses x print statuses rows.
--
-- An order's business day (YYYY-MM-DD in the business time zone, LOGISTICS_TIME_ZONE) is fixed
-- when it is created, like the date of any business document; the server writes it beside
-- create_time. Orders already here get theirs in the default zone, Asia/Shanghai (UTC+8).
ALTER TABLE logistics_shipment ADD COLUMN business_day TEXT NOT NULL DEFAULT '';
UPDATE logistics_shipment SET business_day = date(create_time, '+8 hours');

-- One row per customer, business day, status and print status, and the same for the whole tenant
-- under customer '*' (staff's dashboard). SQLite writes one transaction at a time: no shards.
CREATE TABLE logistics_shipment_day_tally (
    tenant_id INTEGER NOT NULL,
    customer_id TEXT NOT NULL,
    business_day TEXT NOT NULL,
    shipment_status TEXT NOT NULL,
    print_status TEXT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, customer_id, business_day, shipment_status, print_status)
) WITHOUT ROWID;

INSERT INTO logistics_shipment_day_tally (tenant_id, customer_id, business_day, shipment_status, print_status, n)
SELECT tenant_id, customer_id, business_day, shipment_status, print_status, COUNT(*)
FROM logistics_shipment
GROUP BY tenant_id, customer_id, business_day, shipment_status, print_status;

INSERT INTO logistics_shipment_day_tally (tenant_id, customer_id, business_day, shipment_status, print_status, n)
SELECT tenant_id, '*', business_day, shipment_status, print_status, COUNT(*)
FROM logistics_shipment
GROUP BY tenant_id, business_day, shipment_status, print_status;

CREATE TRIGGER trg_logistics_shipment_day_tally_insert AFTER INSERT ON logistics_shipment
BEGIN
    INSERT INTO logistics_shipment_day_tally (tenant_id, customer_id, business_day, shipment_status, print_status, n)
    VALUES (NEW.tenant_id, NEW.customer_id, NEW.business_day, NEW.shipment_status, NEW.print_status, 1),
           (NEW.tenant_id, '*', NEW.business_day, NEW.shipment_status, NEW.print_status, 1)
    ON CONFLICT (tenant_id, customer_id, business_day, shipment_status, print_status) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER trg_logistics_shipment_day_tally_delete AFTER DELETE ON logistics_shipment
BEGIN
    UPDATE logistics_shipment_day_tally SET n = n - 1
    WHERE tenant_id = OLD.tenant_id AND customer_id IN (OLD.customer_id, '*') AND business_day = OLD.business_day
      AND shipment_status = OLD.shipment_status AND print_status = OLD.print_status;
END;

CREATE TRIGGER trg_logistics_shipment_day_tally_update
AFTER UPDATE OF tenant_id, customer_id, business_day, shipment_status, print_status ON logistics_shipment
WHEN OLD.tenant_id <> NEW.tenant_id OR OLD.customer_id <> NEW.customer_id OR OLD.business_day <> NEW.business_day
  OR OLD.shipment_status <> NEW.shipment_status OR OLD.print_status <> NEW.print_status
BEGIN
    UPDATE logistics_shipment_day_tally SET n = n - 1
    WHERE tenant_id = OLD.tenant_id AND customer_id IN (OLD.customer_id, '*') AND business_day = OLD.business_day
      AND shipment_status = OLD.shipment_status AND print_status = OLD.print_status;
    INSERT INTO logistics_shipment_day_tally (tenant_id, customer_id, business_day, shipment_status, print_status, n)
    VALUES (NEW.tenant_id, NEW.customer_id, NEW.business_day, NEW.shipment_status, NEW.print_status, 1),
           (NEW.tenant_id, '*', NEW.business_day, NEW.shipment_status, NEW.print_status, 1)
    ON CONFLICT (tenant_id, customer_id, business_day, shipment_status, print_status) DO UPDATE SET n = n + 1;
END;
