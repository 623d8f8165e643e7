/**
 * "Record delivery" of an FBA order (`PUT /logistics/fbaOrder/edit`): the booked and real delivery
 * times, the intake batch number, the proof of delivery (uploaded with `biz=pod`) and the Amazon
 * shipment IDs its cartons went under, with their pieces counted against the order's. Core checks
 * the form as it is typed (the server's rules and words): a cell's problem shows under it, the
 * pieces together above the table.
 */
import { SimpleGrid, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useFieldArray, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FileUploadField } from '../../../components/form/FileUploadField';
import { FormNote } from '../../../components/form/FormField';
import { TextField, type TextFieldProps } from '../../../components/form/fields';
import { RecordFormDrawer, useKeptWhileClosing, WIDE_DRAWER, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { RemoveButton, RowsEditor } from '../../../components/form/RowsEditor';
import { currentLanguage, useLanguage } from '../../../i18n';
import { FBA_WAYBILL_LIST_PATH, MAX_CONFIGS, POD_MAX_BYTES, POD_TYPES, recordDelivery, uploadPod, type FbaWaybillRecord } from './api';
import { deliveryBody, deliveryIssues, deliveryValues, emptyConfig, formPath, piecesTotal, type ConfigValues, type DeliveryValues } from './model';

/** Fields a refusal of the server may name (besides a row's cell, `configs[1].pieces`). */
const SERVER_FIELDS = new Set(['expectTime', 'realTime', 'batchNo', 'pod']);
const serverField = (field: string): Path<DeliveryValues> | undefined => (SERVER_FIELDS.has(field) || /^configs\[\d+\]\.\w+$/.test(field) ? (formPath(field) as Path<DeliveryValues>) : undefined);

/** A delivery may be recorded a few minutes ahead of the server's clock, no more (as the server allows). */
const CLOCK_SLACK_MS = 5 * 60_000;

export function DeliveryFormDrawer({ record: next, ...dialog }: RecordFormOpenProps<FbaWaybillRecord>) {
  const { t } = useTranslation('fbaWaybill');
  const record = useKeptWhileClosing(next);
  const [uploading, setUploading] = useState(false);
  if (!record) return null;
  return (
    <RecordFormDrawer<DeliveryValues, FbaWaybillRecord>
      {...dialog} testId="fba-waybill-form" size={WIDE_DRAWER} closeOnInteractOutside={false} listPath={FBA_WAYBILL_LIST_PATH} serverFields={serverField}
      title={t('form.title', { serial: record.serialNumber })}
      subtitle={t('form.subtitle', { fbaCode: record.fbaCode ?? '—', pieces: record.shipmentPieces })}
      defaultValues={() => deliveryValues(record)}
      submitDisabled={uploading}
      save={(values) => recordDelivery(deliveryBody(values, record.id))}
    >
      <DeliveryFields pieces={record.shipmentPieces} onUploading={setUploading} />
    </RecordFormDrawer>
  );
}

/** Core's message for a field of the form (`configs[1].pieces`), or true. */
const issueAt = (values: DeliveryValues, pieces: number, field: string): string | true =>
  deliveryIssues(values, pieces, currentLanguage()).find((issue) => issue.field === field)?.message ?? true;

function DeliveryFields({ pieces, onUploading }: { pieces: number; onUploading: (busy: boolean) => void }) {
  const { t } = useTranslation('fbaWaybill');
  const notFuture = (value: string) => {
    const at = value ? new Date(value).getTime() : Number.NaN;
    return at > Date.now() + CLOCK_SLACK_MS ? t('form.realTimeFuture') : true;
  };
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <TextField<DeliveryValues> name="expectTime" label={t('form.expectTime')} type="datetime-local" testId="fba-waybill-expect-time" />
        <TextField<DeliveryValues> name="realTime" label={t('form.realTime')} type="datetime-local" testId="fba-waybill-real-time" rules={{ validate: notFuture }} />
        <TextField<DeliveryValues> name="batchNo" label={t('form.batchNo')} fontFamily="mono" maxLength={50} autoComplete="off" spellCheck={false} testId="fba-waybill-batch-no"
          rules={{ validate: (_value, values) => issueAt(values, pieces, 'batchNo') }} />
      </SimpleGrid>
      <PodField onUploading={onUploading} />
      <ConfigsEditor pieces={pieces} />
    </>
  );
}

/** The Amazon shipment IDs (at most 50): ID, reference, pieces and pallets per row, the pieces counted against the order's. */
function ConfigsEditor({ pieces }: { pieces: number }) {
  const { t } = useTranslation('fbaWaybill');
  const lang = useLanguage();
  const { fields, append, remove } = useFieldArray<DeliveryValues, 'configs'>({
    name: 'configs',
    // The pieces together and the count: core's form-level problem, checked again on save.
    rules: { validate: (_rows, values) => issueAt(values, pieces, 'configs') },
  });
  const values = useWatch<DeliveryValues>() as DeliveryValues;
  const overall = deliveryIssues(values, pieces, lang).find((issue) => issue.field === 'configs')?.message;
  const total = piecesTotal(values.configs);
  const cell = (index: number, key: keyof ConfigValues, testId: string, props: Partial<TextFieldProps<DeliveryValues>>) => (
    <TextField<DeliveryValues> name={`configs.${index}.${key}`} aria-label={t(key === 'serialNumber' ? 'form.configSerialNumber' : `form.${key}`)} autoComplete="off" testId={`fba-waybill-configs-${index}-${testId}`}
      rules={{ validate: (_value, current) => issueAt(current, pieces, `configs[${index}].${key}`) }} {...props} />
  );
  return (
    <RowsEditor
      label={t('form.configs')}
      addLabel={t('form.addConfig')}
      onAdd={() => (fields.length < MAX_CONFIGS ? append(emptyConfig()) : undefined)}
      addTestId="fba-waybill-config-add"
      emptyText={t('form.configsEmpty')}
      above={
        <>
          <Text textStyle="sm" color={total > pieces ? 'fg.error' : 'fg.muted'} data-testid="fba-waybill-total">
            {t('form.total', { total, pieces })}
          </Text>
          <FormNote testId="fba-waybill-configs-error">{overall}</FormNote>
        </>
      }
      hint={t('form.configsHint', { max: MAX_CONFIGS })}
      columns={[{ label: t('form.fbaShipmentId'), width: '34%' }, { label: t('form.configSerialNumber') }, { label: t('form.pieces'), width: '18%' }, { label: t('form.pallet'), width: '16%' }]}
      minWidth="lg"
      testId="fba-waybill-configs"
      rowCount={fields.length}
    >
      {fields.map((field, index) => (
        <Table.Row key={field.id} data-testid="fba-waybill-config-row" verticalAlign="top">
          <Table.Cell>{cell(index, 'fbaShipmentId', 'id', { fontFamily: 'mono', maxLength: 20, spellCheck: false, formatInput: (value) => value.toUpperCase() })}</Table.Cell>
          <Table.Cell>{cell(index, 'serialNumber', 'reference', { maxLength: 50 })}</Table.Cell>
          <Table.Cell>{cell(index, 'pieces', 'pieces', { inputMode: 'numeric' })}</Table.Cell>
          <Table.Cell>{cell(index, 'pallet', 'pallet', { inputMode: 'numeric', placeholder: '0' })}</Table.Cell>
          <Table.Cell>
            <RemoveButton label={t('form.removeConfig')} onClick={() => remove(index)} testId={`fba-waybill-configs-${index}-remove`} />
          </Table.Cell>
        </Table.Row>
      ))}
    </RowsEditor>
  );
}

/** The proof of delivery: picked, checked (type and size), uploaded; its link opens it, and it can be removed. */
function PodField({ onUploading }: { onUploading: (busy: boolean) => void }) {
  const { t } = useTranslation('fbaWaybill');
  return (
    <FileUploadField<DeliveryValues>
      name="pod"
      accept={POD_TYPES}
      maxBytes={POD_MAX_BYTES}
      upload={uploadPod}
      texts={{
        label: t('form.pod'),
        helper: t('form.podHint'),
        upload: t('form.uploadPod'),
        replace: t('form.replacePod'),
        remove: t('form.removePod'),
        tooLarge: t('form.podTooLarge'),
        wrongType: t('form.podType'),
      }}
      onUploading={onUploading}
      testId="fba-waybill-pod"
    />
  );
}
