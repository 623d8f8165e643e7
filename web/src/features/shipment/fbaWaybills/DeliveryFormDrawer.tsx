/**
 * "Record delivery" of an FBA order (`PUT /logistics/fbaOrder/edit`): the booked and real delivery
 * times, the intake batch number, the proof of delivery (uploaded with `biz=pod`) and the Amazon
 * shipment IDs its cartons went under, with their pieces counted against the order's. Core checks
 * the form as it is typed (the server's rules and words): a cell's problem shows under it, the
 * pieces together above the table.
 */
import { Button, HStack, Link, SimpleGrid, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useController, useFieldArray, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, FormNote } from '../../../components/form/FormField';
import { TextField, type TextFieldProps } from '../../../components/form/fields';
import { RecordFormDrawer, useKeptWhileClosing, WIDE_DRAWER, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { RemoveButton, RowsEditor } from '../../../components/form/RowsEditor';
import { CloseIcon, FileTextIcon, UploadIcon } from '../../../components/icons';
import { currentLanguage, useLanguage } from '../../../i18n';
import { FBA_WAYBILL_LIST_PATH, MAX_CONFIGS, POD_MAX_BYTES, POD_TYPES, podName, recordDelivery, uploadPod, type FbaWaybillRecord } from './api';
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
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string>();
  const { field, fieldState } = useController<DeliveryValues, 'pod'>({ name: 'pod' });

  const busy = (value: boolean) => {
    setUploading(value);
    onUploading(value);
  };

  async function upload(file: File | undefined) {
    if (!file) return;
    setProblem(undefined);
    if (file.size > POD_MAX_BYTES) {
      setProblem(t('form.podTooLarge'));
    } else if (file.type !== '' && !POD_TYPES.split(',').includes(file.type)) {
      setProblem(t('form.podType'));
    } else {
      busy(true);
      try {
        field.onChange(await uploadPod(file));
      } catch (failure) {
        setProblem(failure instanceof Error ? failure.message : String(failure));
      } finally {
        busy(false);
      }
    }
    if (input.current) input.current.value = '';
  }

  return (
    <FormField label={t('form.pod')} error={problem ?? fieldState.error?.message} helper={t('form.podHint')} testId="fba-waybill-pod">
      <VisuallyHidden>
        <input ref={input} type="file" accept={POD_TYPES} aria-label={t('form.uploadPod')} data-testid="fba-waybill-pod-input" onChange={(event) => void upload(event.target.files?.[0])} />
      </VisuallyHidden>
      <HStack gap="2" wrap="wrap" width="full">
        <Button size="sm" variant="outline" loading={uploading} onClick={() => input.current?.click()} onBlur={field.onBlur} data-testid="fba-waybill-pod-upload">
          <UploadIcon />
          {field.value ? t('form.replacePod') : t('form.uploadPod')}
        </Button>
        {field.value ? (
          <>
            <Link href={field.value} target="_blank" rel="noreferrer" textStyle="sm" colorPalette="blue" color="colorPalette.fg" maxWidth="full" minWidth="0" data-testid="fba-waybill-pod-link">
              <FileTextIcon />
              <Text as="span" truncate>
                {podName(field.value)}
              </Text>
            </Link>
            <Button size="xs" variant="ghost" onClick={() => field.onChange('')} aria-label={t('form.removePod')} data-testid="fba-waybill-pod-remove">
              <CloseIcon />
            </Button>
          </>
        ) : null}
      </HStack>
    </FormField>
  );
}
