import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../components/form/fields';
import { RecordFormDialog, type RecordFormOpenProps } from '../../components/form/RecordFormDialog';
import { requiredText } from '../../components/form/rules';
import { orNull } from '../../components/form/serverError';
import { addTrackMapping, editTrackMapping, TRACK_MAPPING_LIST_PATH, TRACKING_STATUSES, type TrackMappingRecord } from './api';

type Values = Record<'source' | 'code' | 'status' | 'remark', string>;

const defaults = (record: TrackMappingRecord | undefined): Values => ({
  source: record?.source ?? '',
  code: record?.code ?? '',
  status: record?.status ?? 'in_transit',
  remark: record?.remark ?? '',
});
const body = (values: Values) => ({ source: values.source.trim(), code: values.code.trim(), status: values.status, remark: orNull(values.remark) });

/** Add or edit a mapping: one per source and code in the tenant (the server answers 409 otherwise). */
export function TrackMappingFormDialog({ record, ...dialog }: RecordFormOpenProps<TrackMappingRecord>) {
  const { t } = useTranslation('trackMapping');
  const { t: tt } = useTranslation('tracking');
  return (
    <RecordFormDialog<Values, TrackMappingRecord>
      {...dialog}
      testId="track-mapping-form"
      listPath={TRACK_MAPPING_LIST_PATH}
      title={record ? t('form.editTitle', { code: record.code }) : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={(values) => (record ? editTrackMapping({ ...body(values), id: record.id }) : addTrackMapping(body(values)))}
    >
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField<Values> name="source" label={t('field.source')} required helper={t('form.sourceHelp')} fontFamily="mono" autoComplete="off" testId="track-mapping-source"
          rules={{ validate: requiredText(t('form.sourceRequired')) }} />
        <TextField<Values> name="code" label={t('field.code')} required fontFamily="mono" autoComplete="off" testId="track-mapping-code"
          rules={{ validate: requiredText(t('form.codeRequired')) }} />
      </SimpleGrid>
      <SelectField<Values> name="status" label={t('field.status')} required testId="track-mapping-status" options={TRACKING_STATUSES.map((s) => ({ value: s, label: tt(`status.${s}`) }))} />
      <TextField<Values> name="remark" label={t('field.remark')} testId="track-mapping-remark" />
    </RecordFormDialog>
  );
}
