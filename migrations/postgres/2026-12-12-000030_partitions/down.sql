-- Every card takes its partition's zones back into its body.
UPDATE logistics_rate_card c
SET body = (c.body::jsonb || jsonb_build_object('zones', p.zones::jsonb))::text
FROM logistics_partition p
WHERE p.id = c.partition_id;
DROP INDEX idx_logistics_rate_card_partition;
ALTER TABLE logistics_rate_card DROP COLUMN partition_id;
DROP TABLE logistics_partition;
