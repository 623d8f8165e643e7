DROP TABLE wms_user_fee;
DROP TABLE wms_fee_rate;
DROP TABLE wms_allocation;
