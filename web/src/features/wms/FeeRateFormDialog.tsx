import { SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../components/form/FormField';
import { RemoteSelectField, SelectField, TextareaField, TextField } from '../../components/form/fields';
import { RecordFormDialog, type RecordFormOpenProps } from '../../components/form/RecordFormDialog';
import { requiredText } from '../../components/form/rules';
import { textValues } from '../../components/form/values';
import { CURRENCIES } from '../logistics/wallet/api';
import { searchCustomers } from '../shipment/shippers/api';
import { addFeeRate, editFeeRate, FEE_RATE_LIST_PATH, orNull, runFees, wmsFieldRule, type WmsFeeRateForm, type WmsFeeRateRecord } from './api';

const TEXTS = ['customerId', 'currency', 'storageRate', 'inboundRate', 'outboundRate', 'remark'] as const;
type Values = Record<(typeof TEXTS)[number], string>;
type Rate = 'storageRate' | 'inboundRate' | 'outboundRate';

/** The body add and edit send (and core checks). */
export const feeRateBody = (values: Values): WmsFeeRateForm => ({
  customerId: orNull(values.customerId),
  currency: values.currency,
  storageRate: values.storageRate.trim(),
  inboundRate: values.inboundRate.trim(),
  outboundRate: values.outboundRate.trim(),
  remark: orNull(values.remark),
});

function RateField({ name }: { name: Rate }) {
  const { t } = useTranslation('wmsFee');
  return (
    <TextField<Values> name={name} label={t(`field.${name}`)} required inputMode="decimal" autoComplete="off" testId={`fee-rate-${name}`}
      rules={{ validate: wmsFieldRule('feeRate', name, feeRateBody) }} />
  );
}

/**
 * Add or edit warehouse fee rates (`POST /wms/feeRate/add`, `PUT /wms/feeRate/edit`): for one
 * customer, or none for every customer without its own (one rate each: a second shows under the
 * customer); the currency the fees are charged in and three rates checked by core as typed.
 */
export function FeeRateFormDialog({ record, ...dialog }: RecordFormOpenProps<WmsFeeRateRecord>) {
  const { t } = useTranslation('wmsFee');
  const name = record ? record.customerUsername || t('field.everyCustomer') : '';
  return (
    <RecordFormDialog<Values, WmsFeeRateRecord>
      {...dialog} testId="fee-rate-form" listPath={FEE_RATE_LIST_PATH} serverFields={TEXTS}
      title={record ? t('form.editTitle', { name }) : t('form.addTitle')}
      defaultValues={() => {
        const values = textValues(record, TEXTS);
        return { ...values, currency: values.currency || 'CNY' };
      }}
      save={(values) => (record ? editFeeRate({ ...feeRateBody(values), id: record.id }) : addFeeRate(feeRateBody(values)))}
    >
      {!record ? (
        <RemoteSelectField<Values> name="customerId" label={t('field.customer')} helper={t('form.customerHint')} testId="fee-rate-customer"
          search={searchCustomers} queryKey={['shipment', 'customers']} placeholder={t('form.customerPlaceholder')} />
      ) : null}
      <SelectField<Values> name="currency" label={t('field.currency')} options={CURRENCIES.map((c) => ({ value: c, label: c }))} testId="fee-rate-currency" />
      <FormSection title={t('form.rates')}>
        <Text textStyle="xs" color="fg.muted">
          {t('form.rateHint')}
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          <RateField name="storageRate" />
          <RateField name="inboundRate" />
          <RateField name="outboundRate" />
        </SimpleGrid>
      </FormSection>
      <TextareaField<Values> name="remark" label={t('field.remark')} maxLength={500} testId="fee-rate-remark" />
    </RecordFormDialog>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Yesterday, as the browser's calendar has it (YYYY-MM-DD). */
function yesterday(): string {
  const day = new Date(Date.now() - 86_400_000);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/**
 * Charge a past day's warehouse fees now (`POST /wms/userFee/run`): the day the daily job would
 * have done; the toast says what was assessed, paid and is still due. Never charges a day twice.
 */
export function RunFeesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('wmsFee');
  const last = yesterday();
  return (
    <RecordFormDialog<{ feeDate: string }, unknown>
      open={open} onOpenChange={onOpenChange} testId="fee-run-form" title={t('run.title')} subtitle={t('run.description')} submitLabel={t('run.submit')}
      serverFields={['feeDate']} defaultValues={() => ({ feeDate: last })}
      save={async ({ feeDate }) => {
        const envelope = await runFees(feeDate);
        return { ...envelope, message: t('run.done', { day: envelope.result.feeDate, assessed: envelope.result.assessed, charged: envelope.result.charged, due: envelope.result.due }) };
      }}
    >
      <TextField<{ feeDate: string }> name="feeDate" label={t('run.day')} type="date" max={last} required testId="fee-run-day" rules={{ validate: requiredText(t('run.day')) }} />
    </RecordFormDialog>
  );
}
