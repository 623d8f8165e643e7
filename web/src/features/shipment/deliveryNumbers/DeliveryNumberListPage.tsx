import { Badge, Box, Button, HStack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../components/Authorized';
import type { DataColumn } from '../../../components/DataTable';
import { actionsColumn, createTimeColumn, CrudListPage, FilterSelect, FilterText, labelled, monoColumn, truncatedColumn, TwoLines, useCrudList, useInvalidateList } from '../../../components/list';
import { useButtonState } from '../../../hooks/useButtonState';
import { showTime } from '../../../lib/utcTime';
import { DELIVERY_NUMBER_EXPORT_PATH, DELIVERY_NUMBER_LIST_PATH, DELIVERY_NUMBER_PERMISSION, DELIVERY_NUMBER_VOID, isVoided, type DeliveryNumberRecord } from './api';
import { VoidNumbersDialog } from './VoidNumbersDialog';

/** The filters (in the URL) and their empty values; the days are `YYYY-MM-DD`, `voided` is `true` or `false`. */
const EMPTY = { numbers: '', createTime_begin: '', createTime_end: '', voided: '' };
type Filters = typeof EMPTY;

type T = TFunction<'deliveryNumber'>;

/** The number, and under it, once void, a red tag with the reason (whole in the tooltip, with when it was voided). */
function TrackNoCell({ t, row }: { t: T; row: DeliveryNumberRecord }) {
  const number = (
    <Text fontFamily="mono" textStyle="sm" fontWeight="medium">
      {row.trackNo}
    </Text>
  );
  if (!isVoided(row)) return number;
  return (
    <Box>
      {number}
      <HStack gap="1.5" maxWidth="64" title={t('void.tooltip', { time: showTime(row.voidTime), reason: row.voidReason ?? '' })} data-testid="delivery-number-voided">
        <Badge size="sm" variant="subtle" colorPalette="red" flexShrink="0">
          {t('void.tag')}
        </Badge>
        {row.voidReason ? (
          <Text textStyle="xs" color="fg.muted" truncate>
            {row.voidReason}
          </Text>
        ) : null}
      </HStack>
    </Box>
  );
}

function numberColumns(t: T, canVoid: boolean, onVoid: (row: DeliveryNumberRecord) => void): DataColumn<DeliveryNumberRecord>[] {
  return [
    { id: 'trackNo', header: t('field.trackNo'), sortable: true, cell: (row) => <TrackNoCell t={t} row={row} /> },
    { id: 'serialNumber', header: t('field.serialNumber'), cell: (row) => <TwoLines mono first={row.serialNumber || '—'} second={row.parcelSerialNumber} /> },
    monoColumn<DeliveryNumberRecord>('channelProductCode', t('field.channelProductCode'), (row) => row.channelProductCode, { hideBelow: 'md' }),
    monoColumn<DeliveryNumberRecord>('thirdId', t('field.thirdId'), (row) => row.thirdId, { hideBelow: 'lg' }),
    truncatedColumn<DeliveryNumberRecord>('thirdMark', t('field.thirdMark'), (row) => row.thirdMark, '48', { hideBelow: 'xl' }),
    createTimeColumn(t('field.createTime'), 'sm'),
    // Staff only: a number in use can be voided (its order cancelled, the server checks).
    ...(canVoid
      ? [actionsColumn<DeliveryNumberRecord>('text', (row) => (isVoided(row) ? [] : [{ label: t('void.action'), action: DELIVERY_NUMBER_VOID, colorPalette: 'red', onClick: () => onVoid(row), testId: 'delivery-number-void' }]))]
      : []),
  ];
}

/**
 * The tracking numbers issued to a customer's orders and parcels (staff see the tenant's):
 * numbers pasted in bulk, the day range and in use or void, paging, sort and the server's xlsx
 * export. Staff void the numbers of cancelled orders, one or a selection, giving the reason.
 */
export default function DeliveryNumberListPage() {
  const { t } = useTranslation('deliveryNumber');
  const crud = useCrudList<DeliveryNumberRecord, Filters>(DELIVERY_NUMBER_LIST_PATH, {
    name: 'delivery-number',
    permission: DELIVERY_NUMBER_PERMISSION,
    ns: 'deliveryNumber',
    emptyFilters: EMPTY,
    describe: (record) => record.trackNo,
    exportPath: DELIVERY_NUMBER_EXPORT_PATH,
  });
  const invalidate = useInvalidateList(DELIVERY_NUMBER_LIST_PATH);
  // Row checkboxes only serve the void (hidden for customers by the permission rules).
  const canVoid = useButtonState(DELIVERY_NUMBER_VOID) !== 'hidden';
  const [voiding, setVoiding] = useState<{ numbers: DeliveryNumberRecord[]; batch: boolean }>();
  // In the table's order, however they were ticked; a void number cannot be ticked.
  const ticked = new Set(crud.list.selection);
  const selected = crud.list.rows.filter((row) => ticked.has(row.id) && !isVoided(row));

  return (
    <CrudListPage
      crud={crud}
      columns={numberColumns(t, canVoid, (row) => setVoiding({ numbers: [row], batch: false }))}
      filters={
        <>
          <FilterText page={crud} name="numbers" label={t('filter.numbers')} placeholder={t('filter.numbersPlaceholder')} fontFamily="mono" testId="delivery-number-search-numbers" />
          <FilterText page={crud} name="createTime_begin" label={t('filter.from')} type="date" max={crud.draft.createTime_end || undefined} testId="delivery-number-search-from" />
          <FilterText page={crud} name="createTime_end" label={t('filter.to')} type="date" min={crud.draft.createTime_begin || undefined} testId="delivery-number-search-to" />
          <FilterSelect page={crud} name="voided" label={t('filter.voided')} options={labelled(['false', 'true'], (voided) => t(`filter.voidedOption.${voided}`))} allLabel={t('filter.all')} testId="delivery-number-search-voided" />
        </>
      }
      toolbar={{
        add: undefined,
        leading: (
          <Authorized action={DELIVERY_NUMBER_VOID}>
            <Button size="sm" variant="outline" colorPalette="red" disabled={selected.length === 0} onClick={() => setVoiding({ numbers: selected, batch: true })} data-testid="delivery-number-batch-void">
              {t('void.batch')}
            </Button>
          </Authorized>
        ),
      }}
      table={{ selectable: canVoid, isRowSelectable: (row) => !isVoided(row) }}
      dialogs={
        <VoidNumbersDialog
          numbers={voiding?.numbers}
          onClose={() => setVoiding(undefined)}
          onVoided={() => {
            if (voiding?.batch) crud.list.clearSelection();
            else crud.list.setSelection(crud.list.selection.filter((id) => !voiding?.numbers.some((row) => row.id === id)));
            return invalidate();
          }}
        />
      }
    />
  );
}
