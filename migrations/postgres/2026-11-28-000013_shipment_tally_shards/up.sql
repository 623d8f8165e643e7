-- Each order counts in one of 16 rows per customer, type and status (a shard chosen by a hash of
-- its key, the same for its whole life), and a count is their sum. Every order of a customer used
-- to add to the same row, whose lock it then held until its transaction committed: the orders of
-- one customer came through one at a time (16 callers, most of them waiting on that row).
ALTER TABLE logistics_shipment_tally ADD COLUMN shard SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE logistics_shipment_tally DROP CONSTRAINT logistics_shipment_tally_pkey;
ALTER TABLE logistics_shipment_tally ADD PRIMARY KEY (tenant_id, customer_id, shipment_type, shipment_status, shard);

-- A change takes its old row and its new one in the order of their keys, whichever way it goes,
-- so that two transactions never wait on each other's rows in a circle.
CREATE OR REPLACE FUNCTION logistics_shipment_tally_count() RETURNS trigger AS $$
DECLARE
    slot SMALLINT;
BEGIN
    IF TG_OP = 'UPDATE' AND (OLD.tenant_id, OLD.customer_id, OLD.shipment_type, OLD.shipment_status)
        = (NEW.tenant_id, NEW.customer_id, NEW.shipment_type, NEW.shipment_status) THEN
        RETURN NULL;
    END IF;
    IF TG_OP = 'DELETE' THEN
        slot := hashtext(OLD.id) & 15;
    ELSE
        slot := hashtext(NEW.id) & 15;
    END IF;
    IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW.tenant_id, NEW.customer_id, NEW.shipment_type, NEW.shipment_status)
        < (OLD.tenant_id, OLD.customer_id, OLD.shipment_type, OLD.shipment_status)) THEN
        INSERT INTO logistics_shipment_tally AS t (tenant_id, customer_id, shipment_type, shipment_status, shard, n)
        VALUES (NEW.tenant_id, NEW.customer_id, NEW.shipment_type, NEW.shipment_status, slot, 1)
        ON CONFLICT (tenant_id, customer_id, shipment_type, shipment_status, shard) DO UPDATE SET n = t.n + 1;
        IF TG_OP = 'UPDATE' THEN
            PERFORM logistics_shipment_tally_less(OLD.tenant_id, OLD.customer_id, OLD.shipment_type, OLD.shipment_status, slot);
        END IF;
    ELSE
        PERFORM logistics_shipment_tally_less(OLD.tenant_id, OLD.customer_id, OLD.shipment_type, OLD.shipment_status, slot);
        IF TG_OP = 'UPDATE' THEN
            INSERT INTO logistics_shipment_tally AS t (tenant_id, customer_id, shipment_type, shipment_status, shard, n)
            VALUES (NEW.tenant_id, NEW.customer_id, NEW.shipment_type, NEW.shipment_status, slot, 1)
            ON CONFLICT (tenant_id, customer_id, shipment_type, shipment_status, shard) DO UPDATE SET n = t.n + 1;
        END IF;
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- One order fewer: from its own shard's row, or (rows counted before the shards, all in shard 0)
-- from a row of its key that still has one.
CREATE FUNCTION logistics_shipment_tally_less(t_id INTEGER, c_id TEXT, s_type TEXT, s_status TEXT, s SMALLINT)
RETURNS void AS $$
BEGIN
    UPDATE logistics_shipment_tally SET n = n - 1
    WHERE tenant_id = t_id AND customer_id = c_id AND shipment_type = s_type AND shipment_status = s_status
      AND shard = s AND n > 0;
    IF NOT FOUND THEN
        UPDATE logistics_shipment_tally SET n = n - 1
        WHERE (tenant_id, customer_id, shipment_type, shipment_status, shard) = (
            SELECT tenant_id, customer_id, shipment_type, shipment_status, shard FROM logistics_shipment_tally
            WHERE tenant_id = t_id AND customer_id = c_id AND shipment_type = s_type AND shipment_status = s_status
              AND n > 0
            ORDER BY shard LIMIT 1);
    END IF;
END;
$$ LANGUAGE plpgsql;
