DROP TABLE sys_quartz_job_log;
DROP TABLE sys_quartz_job;
