CREATE OR REPLACE FUNCTION logistics_shipment_tally_count() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND (OLD.tenant_id, OLD.customer_id, OLD.shipment_type, OLD.shipment_status)
        = (NEW.tenant_id, NEW.customer_id, NEW.shipment_type, NEW.shipment_status) THEN
        RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW.tenant_id, NEW.customer_id, NEW.shipment_type, NEW.shipment_status)
        < (OLD.tenant_id, OLD.customer_id, OLD.shipment_type, OLD.shipment_status)) THEN
        INSERT INTO logistics_shipment_tally AS t (tenant_id, customer_id, shipment_type, shipment_status, n)
        VALUES (NEW.tenant_id, NEW.customer_id, NEW.shipment_type, NEW.shipment_status, 1)
        ON CONFLICT (tenant_id, customer_id, shipment_type, shipment_status) DO UPDATE SET n = t.n + 1;
        IF TG_OP = 'UPDATE' THEN
            UPDATE logistics_shipment_tally SET n = n - 1
            WHERE tenant_id = OLD.tenant_id AND customer_id = OLD.customer_id
              AND shipment_type = OLD.shipment_type AND shipment_status = OLD.shipment_status;
        END IF;
    ELSE
        UPDATE logistics_shipment_tally SET n = n - 1
        WHERE tenant_id = OLD.tenant_id AND customer_id = OLD.customer_id
          AND shipment_type = OLD.shipment_type AND shipment_status = OLD.shipment_status;
        IF TG_OP = 'UPDATE' THEN
            INSERT INTO logistics_shipment_tally AS t (tenant_id, customer_id, shipment_type, shipment_status, n)
            VALUES (NEW.tenant_id, NEW.customer_id, NEW.shipment_type, NEW.shipment_status, 1)
            ON CONFLICT (tenant_id, customer_id, shipment_type, shipment_status) DO UPDATE SET n = t.n + 1;
        END IF;
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
DROP FUNCTION logistics_shipment_tally_less(INTEGER, TEXT, TEXT, TEXT, SMALLINT);
CREATE TABLE logistics_shipment_tally_merged AS
SELECT tenant_id, customer_id, shipment_type, shipment_status, SUM(n)::BIGINT AS n
FROM logistics_shipment_tally GROUP BY tenant_id, customer_id, shipment_type, shipment_status;
DELETE FROM logistics_shipment_tally;
ALTER TABLE logistics_shipment_tally DROP CONSTRAINT logistics_shipment_tally_pkey;
ALTER TABLE logistics_shipment_tally DROP COLUMN shard;
ALTER TABLE logistics_shipment_tally ADD PRIMARY KEY (tenant_id, customer_id, shipment_type, shipment_status);
INSERT INTO logistics_shipment_tally SELECT * FROM logistics_shipment_tally_merged;
DROP TABLE logistics_shipment_tally_merged;
