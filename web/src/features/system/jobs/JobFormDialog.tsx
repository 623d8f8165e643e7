import { List, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextareaField, TextField } from '../../../components/form/fields';
import { RecordFormDialog, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { textValues } from '../../../components/form/values';
import { showTime } from '../../../lib/utcTime';
import { cronIssue } from '../../../core';
import { currentLanguage } from '../../../i18n';
import { addJob, editJob, JOB_LIST_PATH, nextFireTimes, useJobHandlers, type QuartzJobForm, type QuartzJobRecord } from './api';

const TEXTS = ['jobClassName', 'cronExpression', 'parameter', 'description'] as const;
type Values = Record<(typeof TEXTS)[number], string>;

const body = (values: Values): QuartzJobForm => ({
  jobClassName: values.jobClassName,
  cronExpression: values.cronExpression.trim(),
  parameter: values.parameter.trim() || null,
  description: values.description.trim() || null,
});

/** The next times the typed expression fires, once core accepts it (the server computes them in the business zone). */
function NextRuns() {
  const { t } = useTranslation('quartzJob');
  const { control } = useFormContext<Values>();
  const expression = (useWatch({ control, name: 'cronExpression' }) ?? '').trim();
  const valid = expression !== '' && !cronIssue(expression, currentLanguage());
  const next = useQuery({ queryKey: ['sys', 'quartzJob', 'next', expression], queryFn: () => nextFireTimes(expression).then((e) => e.result), enabled: valid, retry: false });
  if (!valid) return null;
  return (
    <Stack gap="1" data-testid="job-next-runs">
      <Text textStyle="sm" fontWeight="medium">
        {t('form.nextRuns')}
      </Text>
      {next.isError ? (
        <Text textStyle="sm" color="fg.error">
          {next.error instanceof Error ? next.error.message : ''}
        </Text>
      ) : (
        <List.Root gap="0.5" textStyle="sm" color="fg.muted" fontVariantNumeric="tabular-nums" ps="4">
          {(next.data ?? []).map((time) => (
            <List.Item key={time}>{showTime(time)}</List.Item>
          ))}
        </List.Root>
      )}
    </Stack>
  );
}

function HandlerHint() {
  const { t } = useTranslation('quartzJob');
  const { control } = useFormContext<Values>();
  const name = useWatch({ control, name: 'jobClassName' });
  const handler = useJobHandlers().data?.find((h) => h.name === name);
  if (!handler) return null;
  return (
    <Text textStyle="sm" color="fg.muted" data-testid="job-handler-hint">
      {handler.parameter ? `${handler.description} · ${t('form.parameterMeans', { meaning: handler.parameter })}` : handler.description}
    </Text>
  );
}

/**
 * Add or edit a scheduled job (`POST /sys/quartzJob/add`, `PUT /sys/quartzJob/edit`): the handler
 * (one job each), the cron expression checked by core as it is typed with its next runs shown,
 * the parameter and a description.
 */
export function JobFormDialog({ record, ...dialog }: RecordFormOpenProps<QuartzJobRecord>) {
  const { t } = useTranslation('quartzJob');
  const handlers = useJobHandlers().data ?? [];
  return (
    <RecordFormDialog<Values, QuartzJobRecord>
      {...dialog} testId="job-form" listPath={JOB_LIST_PATH} serverFields={TEXTS}
      title={record ? t('form.editTitle', { name: record.jobClassName }) : t('form.addTitle')}
      defaultValues={() => {
        const values = textValues(record, TEXTS);
        return { ...values, jobClassName: values.jobClassName || handlers[0]?.name || '' };
      }}
      save={(values) => (record ? editJob({ ...body(values), id: record.id }) : addJob(body(values)))}
    >
      <SelectField<Values> name="jobClassName" label={t('field.jobClassName')} testId="job-handler" disabled={Boolean(record)}
        options={handlers.map((h) => ({ value: h.name, label: `${h.name} — ${h.description}` }))} />
      <HandlerHint />
      <TextField<Values> name="cronExpression" label={t('field.cronExpression')} required fontFamily="mono" autoComplete="off" spellCheck={false} testId="job-cron"
        helper={t('form.cronHint')} rules={{ validate: (value: string) => cronIssue(value ?? '', currentLanguage()) ?? true }} />
      <NextRuns />
      <TextField<Values> name="parameter" label={t('field.parameter')} maxLength={500} autoComplete="off" testId="job-parameter" />
      <TextareaField<Values> name="description" label={t('field.description')} maxLength={200} testId="job-description" />
    </RecordFormDialog>
  );
}
