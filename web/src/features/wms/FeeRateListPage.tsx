/**
 * Warehouse fee rates (staff): the default for every customer and any customer's own, each with
 * the currency charged and its storage (per m³ a day), inbound and outbound (per piece) rates;
 * add and edit checked by core as typed, delete, the server's xlsx export. "Charge a day" runs the
 * daily fee job for a past day now.
 */
import { Badge, Button, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../components/Authorized';
import type { DataColumn } from '../../components/DataTable';
import { InboxIcon } from '../../components/icons';
import { CrudListPage, editDeleteColumn, ListEmpty, timeColumn, useCrudList, type CrudList } from '../../components/list';
import { deleteFeeRates, FEE_RATE_EXPORT_PATH, FEE_RATE_LIST_PATH, FEE_RATE_PERMISSION, FEE_RUN_PERMISSION, type WmsFeeRateRecord } from './api';
import { FeeRateFormDialog, RunFeesDialog } from './FeeRateFormDialog';

type Filters = Record<string, string>;

const rate = (value: string) => (
  <Text as="span" fontVariantNumeric="tabular-nums">
    {value}
  </Text>
);

function rateColumns(t: TFunction<'wmsFee'>, crud: CrudList<WmsFeeRateRecord, Filters>): DataColumn<WmsFeeRateRecord>[] {
  return [
    {
      id: 'customerId',
      header: t('field.customer'),
      sortable: true,
      cell: (row) => (row.customerId ? row.customerUsername || row.customerId : <Badge size="sm" variant="subtle" colorPalette="blue">{t('field.everyCustomer')}</Badge>),
    },
    { id: 'currency', header: t('field.currency'), sortable: true },
    { id: 'storageRate', header: t('field.storageRate'), textAlign: 'end', cell: (row) => rate(row.storageRate) },
    { id: 'inboundRate', header: t('field.inboundRate'), textAlign: 'end', hideBelow: 'sm', cell: (row) => rate(row.inboundRate) },
    { id: 'outboundRate', header: t('field.outboundRate'), textAlign: 'end', hideBelow: 'sm', cell: (row) => rate(row.outboundRate) },
    { id: 'remark', header: t('field.remark'), hideBelow: 'lg', cell: (row) => row.remark || '—' },
    timeColumn<WmsFeeRateRecord>('updateTime', t('field.updateTime'), (row) => row.updateTime ?? row.createTime, { sortable: true, hideBelow: 'md' }),
    editDeleteColumn('text', crud.actions),
  ];
}

export default function FeeRateListPage() {
  const { t } = useTranslation('wmsFee');
  const [running, setRunning] = useState(false);
  const crud = useCrudList<WmsFeeRateRecord, Filters>(FEE_RATE_LIST_PATH, {
    name: 'fee-rate',
    permission: FEE_RATE_PERMISSION,
    ns: 'wmsFee',
    emptyFilters: {},
    defaultSort: { column: 'customerId', order: 'asc' },
    remove: deleteFeeRates,
    describe: (record) => t('delete.description', { name: record.customerUsername || t('field.everyCustomer') }),
    exportPath: FEE_RATE_EXPORT_PATH,
  });
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      columns={rateColumns(t, crud)}
      toolbar={{
        children: (
          <Authorized action={FEE_RUN_PERMISSION}>
            <Button size="sm" variant="outline" onClick={() => setRunning(true)} data-testid="fee-run">
              {t('run.action')}
            </Button>
          </Authorized>
        ),
      }}
      table={{ emptyState: <ListEmpty icon={<InboxIcon />} title={t('empty')} description={t('emptyDescription')} testId="fee-rate-empty" /> }}
      dialogs={
        <>
          <FeeRateFormDialog {...crud.form.dialog} />
          <RunFeesDialog open={running} onOpenChange={setRunning} />
        </>
      }
    />
  );
}
