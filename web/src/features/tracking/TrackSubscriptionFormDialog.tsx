import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../components/form/fields';
import { RecordFormDialog, type RecordFormOpenProps } from '../../components/form/RecordFormDialog';
import { orNull } from '../../components/form/serverError';
import { webhookUrlIssue } from '../../core';
import { currentLanguage } from '../../i18n';
import { addTrackSubscription, editTrackSubscription, TRACK_SUBSCRIPTION_LIST_PATH, type TrackSubscriptionRecord } from './api';

type Values = Record<'url' | 'status' | 'remark', string>;

const defaults = (record: TrackSubscriptionRecord | undefined): Values => ({ url: record?.url ?? '', status: String(record?.status ?? 1), remark: record?.remark ?? '' });
const body = (values: Values) => ({ url: values.url.trim(), status: Number(values.status), remark: orNull(values.remark) });

/** Add or edit a webhook: its URL is checked by core's rule as the server checks it. */
export function TrackSubscriptionFormDialog({ record, ...dialog }: RecordFormOpenProps<TrackSubscriptionRecord>) {
  const { t } = useTranslation('trackSubscription');
  return (
    <RecordFormDialog<Values, TrackSubscriptionRecord>
      {...dialog}
      testId="track-subscription-form"
      listPath={TRACK_SUBSCRIPTION_LIST_PATH}
      title={record ? t('form.editTitle') : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={(values) => (record ? editTrackSubscription({ ...body(values), id: record.id }) : addTrackSubscription(body(values)))}
    >
      <TextField<Values>
        name="url"
        label={t('field.url')}
        required
        helper={t('form.urlHelp')}
        fontFamily="mono"
        autoComplete="off"
        placeholder="https://erp.example.com/hooks/tracking"
        testId="track-subscription-url"
        rules={{ validate: (value) => webhookUrlIssue(value ?? '', currentLanguage()) ?? true }}
      />
      <SelectField<Values>
        name="status"
        label={t('field.status')}
        required
        testId="track-subscription-status"
        options={[
          { value: '1', label: t('status.on') },
          { value: '0', label: t('status.off') },
        ]}
      />
      <TextField<Values> name="remark" label={t('field.remark')} testId="track-subscription-remark" />
    </RecordFormDialog>
  );
}
