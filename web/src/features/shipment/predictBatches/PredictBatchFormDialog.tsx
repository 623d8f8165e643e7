import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TextareaField, TextField } from '../../../components/form/fields';
import { RecordFormDialog, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { optionalTexts } from '../../../components/form/values';
import { localInputToUtc, utcToLocalInput } from '../../../lib/utcTime';
import { CustomerField } from '../shippers/ShipperFormDialog';
import { addBatch, BATCH_LIST_PATH, editBatch, type PredictBatchRecord } from './api';

const TEXTS = ['customerId', 'batchNo', 'expectTime', 'remark'] as const;
type Values = Record<(typeof TEXTS)[number], string>;

const defaults = (record: PredictBatchRecord | undefined): Values => ({
  customerId: record?.customerId ?? '',
  batchNo: record?.batchNo ?? '',
  expectTime: utcToLocalInput(record?.expectTime),
  remark: record?.remark ?? '',
});

/** The body: a blank number left to the server, the expected time as ISO UTC. */
const body = (values: Values) => ({ ...optionalTexts(values, ['customerId', 'batchNo', 'remark'] as const), expectTime: localInputToUtc(values.expectTime) });

/** Add or edit an open predict batch (`POST /logistics/predictBatch/add`, `PUT …/edit`); a number already taken shows under it. */
export function PredictBatchFormDialog({ record, ...dialog }: RecordFormOpenProps<PredictBatchRecord>) {
  const { t } = useTranslation('predictBatch');
  return (
    <RecordFormDialog<Values, PredictBatchRecord>
      {...dialog} testId="predict-batch-form" size={{ base: 'full', sm: 'md' }} listPath={BATCH_LIST_PATH} serverFields={TEXTS}
      title={record ? t('form.editTitle', { name: record.batchNo }) : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={(values) => (record ? editBatch({ ...body(values), id: record.id }) : addBatch(body(values)))}
    >
      <BatchFields adding={!record} />
    </RecordFormDialog>
  );
}

function BatchFields({ adding }: { adding: boolean }) {
  const { t } = useTranslation('predictBatch');
  return (
    <>
      {adding ? <CustomerField text={t} testId="predict-batch-customer" /> : null}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField<Values> name="batchNo" label={t('field.batchNo')} fontFamily="mono" maxLength={50} autoComplete="off" spellCheck={false} placeholder={t('form.batchNoPlaceholder')}
          helper={t('form.batchNoHint')} testId="predict-batch-no" />
        <TextField<Values> name="expectTime" label={t('field.expectTime')} type="datetime-local" helper={t('form.expectTimeHint')} testId="predict-batch-expect-time" />
      </SimpleGrid>
      <TextareaField<Values> name="remark" label={t('field.remark')} maxLength={500} testId="predict-batch-remark" />
    </>
  );
}
