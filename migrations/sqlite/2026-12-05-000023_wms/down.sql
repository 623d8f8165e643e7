DROP TABLE wms_forecast_line;
DROP TABLE wms_forecast;
DROP TABLE wms_stock_log;
DROP TABLE wms_stock;
DROP TABLE wms_sku;
DROP TABLE wms_location;
