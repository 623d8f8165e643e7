/**
 * Making a waybill batch (`POST /logistics/waybillBatch/add`): its kind, the carrier, what the
 * kind asks for (a house waybill batch: the MAWB, its airports, flight and day; UPS PLD: the
 * shipper number; JD FOP: the merchant code) and its orders, pasted or scanned one per line. The
 * head is checked by core through WASM as the server checks it; a refusal naming an order shows
 * above the fields.
 */
import { Text } from '@chakra-ui/react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioField, SelectField, TextareaField, TextField } from '../../../components/form/fields';
import { requiredText } from '../../../components/form/rules';
import { RecordFormDialog, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { waybillBatchIssues } from '../../../core';
import { useLanguage, type Language } from '../../../i18n';
import { useCarrierDepotChoices } from '../dispatch/CarrierDepotFields';
import { addWaybillBatch, BATCH_TYPES, numbersOf, WAYBILL_BATCH_LIST_PATH, type BatchType, type WaybillBatchForm, type WaybillBatchRecord } from './api';

export interface WaybillBatchValues {
  batchType: BatchType;
  supplierId: string;
  mawbNo: string;
  origin: string;
  destination: string;
  flightNo: string;
  flightDate: string;
  accountNo: string;
  numbers: string;
  remark: string;
}

const HEAD = ['batchType', 'supplierId', 'mawbNo', 'origin', 'destination', 'flightNo', 'flightDate', 'accountNo', 'remark'] as const;

const text = (value: string) => value.trim() || null;

const body = (values: WaybillBatchValues): WaybillBatchForm => {
  const hawb = values.batchType === 'hawb';
  return {
    batchType: values.batchType,
    supplierId: values.supplierId,
    mawbNo: hawb ? text(values.mawbNo) : null,
    origin: hawb ? text(values.origin) : null,
    destination: hawb ? text(values.destination) : null,
    flightNo: hawb ? text(values.flightNo) : null,
    flightDate: hawb ? text(values.flightDate) : null,
    accountNo: values.batchType === 'upspld' || values.batchType === 'jdfop' ? text(values.accountNo) : null,
    remark: text(values.remark),
    numbers: numbersOf(values.numbers),
  };
};

/** Core's verdict on one field of the head (the whole head checked, as the server will). */
const coreRule = (field: string, lang: Language) => (_: unknown, values: WaybillBatchValues) => waybillBatchIssues(body(values), lang).find((issue) => issue.field === field)?.message ?? true;

/** Server fields land on the form's; `numbers` and `shipmentIds` refusals on the orders box. */
const errorPath = (field: string) => ((HEAD as readonly string[]).includes(field) ? field : field === 'numbers' || field === 'shipmentIds' ? 'numbers' : undefined) as keyof WaybillBatchValues | undefined;

function KindFields() {
  const { t } = useTranslation('waybillBatch');
  const lang = useLanguage();
  const { watch } = useFormContext<WaybillBatchValues>();
  const kind = watch('batchType');
  const rule = (field: string) => ({ validate: coreRule(field, lang) });
  if (kind === 'hawb') {
    return (
      <>
        <TextField<WaybillBatchValues> name="mawbNo" label={t('field.mawbNo')} required placeholder="176-12345675" helper={t('form.mawbHint')} fontFamily="mono" autoComplete="off" maxLength={16} testId="waybill-batch-mawb" rules={rule('mawbNo')} />
        <TextField<WaybillBatchValues> name="origin" label={t('field.origin')} required placeholder="PVG" fontFamily="mono" maxLength={3} testId="waybill-batch-origin" rules={rule('origin')} />
        <TextField<WaybillBatchValues> name="destination" label={t('field.destinationAirport')} required placeholder="LAX" fontFamily="mono" maxLength={3} testId="waybill-batch-destination" rules={rule('destination')} />
        <TextField<WaybillBatchValues> name="flightNo" label={t('field.flightNo')} placeholder="CA987" fontFamily="mono" maxLength={8} testId="waybill-batch-flight" rules={rule('flightNo')} />
        <TextField<WaybillBatchValues> name="flightDate" label={t('field.flightDate')} type="date" testId="waybill-batch-flight-date" rules={rule('flightDate')} />
      </>
    );
  }
  if (kind === 'upspld' || kind === 'jdfop') {
    return (
      <TextField<WaybillBatchValues>
        name="accountNo"
        label={t(kind === 'upspld' ? 'field.upsAccount' : 'field.jdMerchant')}
        required
        helper={t(kind === 'upspld' ? 'form.upsAccountHint' : 'form.jdMerchantHint')}
        fontFamily="mono"
        autoComplete="off"
        maxLength={32}
        testId="waybill-batch-account"
        rules={rule('accountNo')}
      />
    );
  }
  return null;
}

/** Make a waybill batch; `onMade` is told of the new batch (to show it). */
export function WaybillBatchFormDialog({ onMade, ...dialog }: RecordFormOpenProps<WaybillBatchRecord> & { onMade?: (batch: WaybillBatchRecord) => void }) {
  const { t } = useTranslation('waybillBatch');
  const choices = useCarrierDepotChoices();
  return (
    <RecordFormDialog<WaybillBatchValues, WaybillBatchRecord>
      {...dialog}
      testId="waybill-batch-form"
      listPath={WAYBILL_BATCH_LIST_PATH}
      serverFields={errorPath}
      title={t('form.title')}
      subtitle={
        <Text textStyle="sm" color="fg.muted">
          {t('form.subtitle')}
        </Text>
      }
      submitLabel={t('form.submit')}
      defaultValues={() => ({ batchType: 'hawb', supplierId: '', mawbNo: '', origin: '', destination: '', flightNo: '', flightDate: '', accountNo: '', numbers: '', remark: '' })}
      save={(values) => addWaybillBatch(body(values))}
      onSaved={(batch) => (batch ? onMade?.(batch) : undefined)}
    >
      <RadioField<WaybillBatchValues> name="batchType" label={t('field.batchType')} options={BATCH_TYPES.map((kind) => ({ value: kind, label: t(`type.${kind}`) }))} testId="waybill-batch-type" gap="3" />
      <SelectField<WaybillBatchValues> name="supplierId" label={t('field.carrier')} required options={choices.carriers} loading={choices.carriersLoading} placeholder={t('form.carrierPlaceholder')} testId="waybill-batch-carrier" rules={{ validate: requiredText(t('form.carrierRequired')) }} />
      <KindFields />
      <TextareaField<WaybillBatchValues> name="numbers" label={t('field.orders')} required rows={5} fontFamily="mono" placeholder={t('form.ordersPlaceholder')} helper={t('form.ordersHint')} testId="waybill-batch-numbers" rules={{ validate: (value: string) => numbersOf(value).length > 0 || t('form.ordersRequired') }} />
      <TextareaField<WaybillBatchValues> name="remark" label={t('field.remark')} maxLength={200} testId="waybill-batch-remark" />
    </RecordFormDialog>
  );
}
