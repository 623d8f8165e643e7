import { SimpleGrid } from '@chakra-ui/react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioField, RemoteSelectField, SelectField, TextareaField, TextField } from '../../components/form/fields';
import { RecordFormDialog, type RecordFormOpenProps } from '../../components/form/RecordFormDialog';
import { ADJUST_REASONS, MOVE_KINDS, moveStock, orNull, searchLocations, searchSkus, STOCK_LIST_PATH, wmsFieldRule, type MoveKind, type WmsMoveForm, type WmsMoved, type WmsStockRecord } from './api';

interface Values {
  kind: MoveKind;
  skuId: string;
  locationId: string;
  toLocationId: string;
  quantity: string;
  reason: string;
  remark: string;
}
const SERVER_FIELDS = ['kind', 'skuId', 'locationId', 'toLocationId', 'quantity', 'reason', 'remark'] as const;

/** The body the move sends (and core checks). */
export const moveBody = (values: Values): WmsMoveForm => ({
  kind: values.kind,
  skuId: values.skuId,
  locationId: values.locationId,
  toLocationId: values.kind === 'move' ? orNull(values.toLocationId) : null,
  quantity: values.quantity.trim(),
  reason: values.kind === 'adjust' ? orNull(values.reason) : null,
  remark: orNull(values.remark),
});

/** The kind a dialog opens with: a row's stock is moved on (putaway) by default; a new entry is goods in. */
export type MoveDialogProps = RecordFormOpenProps<WmsStockRecord> & { kind?: MoveKind };

function MoveFields({ record }: { record: WmsStockRecord | undefined }) {
  const { t } = useTranslation('wmsStock');
  const kind = useWatch<Values, 'kind'>({ name: 'kind' });
  const rule = (field: string) => ({ validate: wmsFieldRule<Values>('movement', field, moveBody) });
  return (
    <>
      <RadioField<Values> name="kind" label={t('field.kind')} testId="move-kind" options={MOVE_KINDS.map((value) => ({ value, label: t(`kind.${value}`) }))} />
      <RemoteSelectField<Values> name="skuId" label={t('field.sku')} required testId="move-sku" rules={rule('skuId')}
        search={searchSkus} queryKey={['wms', 'skus']} placeholder={t('move.skuPlaceholder')}
        selected={record ? { value: record.skuId, label: record.skuCode } : undefined} />
      <SimpleGrid columns={{ base: 1, sm: kind === 'move' ? 2 : 1 }} gap="4">
        <RemoteSelectField<Values> name="locationId" label={kind === 'move' ? t('move.from') : t('field.location')} required testId="move-location" rules={rule('locationId')}
          search={searchLocations} queryKey={['wms', 'locations']} placeholder={t('move.locationPlaceholder')}
          selected={record ? { value: record.locationId, label: record.locationCode } : undefined} />
        {kind === 'move' ? (
          <RemoteSelectField<Values> name="toLocationId" label={t('move.to')} required testId="move-to-location" rules={rule('toLocationId')}
            search={searchLocations} queryKey={['wms', 'locations']} placeholder={t('move.locationPlaceholder')} />
        ) : null}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField<Values> name="quantity" label={t('field.quantity')} required inputMode="numeric" testId="move-quantity" rules={rule('quantity')}
          helper={kind === 'adjust' ? t('move.adjustHint') : record ? t('move.available', { count: record.available }) : undefined} />
        {kind === 'adjust' ? (
          <SelectField<Values> name="reason" label={t('field.reason')} required testId="move-reason" rules={rule('reason')} placeholder={t('move.reasonPlaceholder')}
            options={ADJUST_REASONS.map((value) => ({ value, label: t(`reason.${value}`) }))} />
        ) : null}
      </SimpleGrid>
      <TextareaField<Values> name="remark" label={t('field.remark')} maxLength={500} testId="move-remark" rules={rule('remark')} />
    </>
  );
}

/**
 * Staff move stock by hand (`POST /wms/stock/move`): goods in or out at a location, from one
 * location to another (a putaway from the dock), or an adjustment after a count with its reason.
 * Core checks the form as typed; the server refuses a take beyond the free pieces or a put beyond
 * a location's room, and the message shows above the form.
 */
export function MoveStockDialog({ record, kind, ...dialog }: MoveDialogProps) {
  const { t } = useTranslation('wmsStock');
  return (
    <RecordFormDialog<Values, WmsMoved>
      {...dialog} testId="move-form" listPath={STOCK_LIST_PATH} serverFields={SERVER_FIELDS}
      title={record ? t('move.titleOf', { sku: record.skuCode, location: record.locationCode }) : t('move.title')}
      submitLabel={t('move.submit')}
      successDescription={t('move.done')}
      defaultValues={() => ({ kind: kind ?? (record ? 'move' : 'in'), skuId: record?.skuId ?? '', locationId: record?.locationId ?? '', toLocationId: '', quantity: '', reason: '', remark: '' })}
      save={(values) => moveStock(moveBody(values))}
    >
      <MoveFields record={record} />
    </RecordFormDialog>
  );
}
