DROP TABLE logistics_ups_routing;
