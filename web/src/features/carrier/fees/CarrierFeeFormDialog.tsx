/**
 * Enter or correct an order's carrier fee (`POST /logistics/carrierFee/add`, `PUT …/edit`): the
 * order by its number (a new fee only: a fee stays with its order), the cost in the currency's
 * places (zero allowed; core's amount rule and message, as the server answers) and its currency
 * (CNY unless chosen), and a remark. A saved fee counts as entered by staff. The server's
 * refusals name their field ("The order has a carrier fee already: edit it!" under the order).
 */
import { SimpleGrid, Text } from '@chakra-ui/react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextareaField, TextField } from '../../../components/form/fields';
import { isOneOf } from '../../../components/form/options';
import { RecordFormDialog, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { requiredText } from '../../../components/form/rules';
import { orNull } from '../../../components/form/serverError';
import { amountSign } from '../../../components/Money';
import { amountIssue } from '../../../core';
import { currentLanguage } from '../../../i18n';
import { addCarrierFee, CARRIER_FEE_LIST_PATH, editCarrierFee, FEE_CURRENCIES, type CarrierFeeInput, type CarrierFeeRecord } from './api';

type Values = { serialNumber: string; amount: string; currency: string; remark: string };

const FIELDS: (keyof Values)[] = ['serialNumber', 'amount', 'currency', 'remark'];
const SERIAL_MAX = 50;
const REMARK_MAX = 200;

/**
 * A cost: zero or more, in the currency's places (the server reads it as a limit, zero allowed).
 * Core's amount rule and message otherwise: it refuses zero, so a zero's places are checked as a one's.
 */
const costRule =
  (currency: () => string, required: string) =>
  (value: string): true | string => {
    const text = (value ?? '').trim();
    if (text === '') return required;
    const zero = /^\d+(\.\d*)?$/.test(text) && amountSign(text) === 0;
    return amountIssue(zero ? text.replace(/^0+/, '1') : text, currency(), currentLanguage()) ?? true;
  };

const CURRENCY_OPTIONS = FEE_CURRENCIES.map((currency) => ({ value: currency, label: currency }));

const defaults = (record: CarrierFeeRecord | undefined): Values => ({
  serialNumber: record?.serialNumber ?? '',
  amount: record?.amount ?? '',
  currency: isOneOf(FEE_CURRENCIES, record?.currency) ? record.currency : 'CNY',
  remark: record?.remark ?? '',
});

/** The call's body: the order only for a new fee. */
function feeBody(values: Values, adding: boolean): CarrierFeeInput {
  const fee = { amount: values.amount.trim(), currency: values.currency, remark: orNull(values.remark) };
  return adding ? { serialNumber: values.serialNumber.trim(), ...fee } : fee;
}

export function CarrierFeeFormDialog({ record, ...dialog }: RecordFormOpenProps<CarrierFeeRecord>) {
  const { t } = useTranslation('carrierFee');
  return (
    <RecordFormDialog<Values, CarrierFeeRecord>
      {...dialog} testId="carrier-fee-form" listPath={CARRIER_FEE_LIST_PATH} serverFields={FIELDS}
      title={record ? t('form.editTitle', { serialNumber: record.serialNumber }) : t('form.addTitle')}
      subtitle={
        <Text textStyle="sm" color="fg.muted">
          {record ? t('form.editHint') : t('form.addHint')}
        </Text>
      }
      defaultValues={() => defaults(record)}
      save={(values) => (record ? editCarrierFee({ ...feeBody(values, false), id: record.id }) : addCarrierFee(feeBody(values, true)))}
    >
      <FeeFields adding={record === undefined} />
    </RecordFormDialog>
  );
}

function FeeFields({ adding }: { adding: boolean }) {
  const { t } = useTranslation('carrierFee');
  const { control, getValues, trigger } = useFormContext<Values>();
  const currency = useWatch({ control, name: 'currency' });
  return (
    <>
      {adding ? (
        <TextField<Values>
          name="serialNumber" label={t('field.serialNumber')} required autoComplete="off" fontFamily="mono" maxLength={SERIAL_MAX} testId="carrier-fee-serial-number"
          placeholder={t('form.serialNumberPlaceholder')} helper={t('form.serialNumberHint')} rules={{ validate: requiredText(t('form.serialNumberRequired')) }}
        />
      ) : null}
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <TextField<Values>
          name="amount" label={t('field.amount')} required inputMode="decimal" autoComplete="off" fontFamily="mono" testId="carrier-fee-amount"
          root={{ gridColumn: { sm: 'span 2' } }} helper={t('form.amountHint')}
          endElement={<Text textStyle="xs" color="fg.muted">{currency}</Text>}
          rules={{ validate: costRule(() => getValues('currency'), t('form.amountRequired')) }}
        />
        <SelectField<Values>
          name="currency" label={t('field.currency')} required testId="carrier-fee-currency" options={CURRENCY_OPTIONS} emptySelectable={false}
          onValueChange={() => {
            // The places a cost may have depend on the currency.
            if (getValues('amount').trim() !== '') void trigger('amount');
          }}
        />
      </SimpleGrid>
      <TextareaField<Values> name="remark" label={t('field.remark')} maxLength={REMARK_MAX} testId="carrier-fee-remark" />
    </>
  );
}
