/**
 * Scheduled jobs (`/sys/quartzJob/*`, docs/api/jobs.md): handlers registered on the server, each
 * with a Quartz cron expression (checked in the browser by core, `cronIssue`, as the server checks
 * it), a parameter and a status (0 on schedule, -1 paused); pause, resume, run now; each run's
 * attempts in the history (`/sys/quartzJob/log`).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';

export type QuartzJobRecord = components['schemas']['QuartzJobRecord'];
export type QuartzJobForm = components['schemas']['QuartzJobForm'];
export type QuartzJobLogRecord = components['schemas']['QuartzJobLogRecord'];
export type JobHandler = components['schemas']['JobHandler'];

export const JOB_PERMISSION = 'system:quartzJob';
export const JOB_EDIT_PERMISSION = 'system:quartzJob:edit';
export const JOB_EXECUTE_PERMISSION = 'system:quartzJob:execute';
/** A job's status: on schedule, paused. */
export const RUNNING = 0;
export const PAUSED = -1;
export const RUN_STATUSES = ['running', 'success', 'failed'] as const;

export const { listPath: JOB_LIST_PATH, add: addJob, edit: editJob, removeAny: deleteJobs } = resource<QuartzJobRecord, QuartzJobForm>('/sys/quartzJob');
export const { listPath: JOB_LOG_LIST_PATH } = resource<QuartzJobLogRecord, never>('/sys/quartzJob/log');

export const pauseJob = (id: string) => api.get<QuartzJobRecord>('/sys/quartzJob/pause', { id });
export const resumeJob = (id: string) => api.get<QuartzJobRecord>('/sys/quartzJob/resume', { id });
export const executeJob = (id: string) => api.get<QuartzJobLogRecord>('/sys/quartzJob/execute', { id });
/** The next five times an expression fires (UTC instants); refusals are the form's to show. */
export const nextFireTimes = (cronExpression: string) => api.get<string[]>('/sys/quartzJob/nextFireTimes', { cronExpression }, { notify: false });

/** The handlers jobs may run, in the UI's language. */
export function useJobHandlers() {
  return useQuery({ queryKey: ['sys', 'quartzJob', 'handlers'], queryFn: () => api.get<JobHandler[]>('/sys/quartzJob/handlers').then((e) => e.result), staleTime: 60_000 });
}
