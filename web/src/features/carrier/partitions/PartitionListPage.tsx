/**
 * Partitions (分区表): the zones rate cards price, filtered and sorted on the server, each row
 * with its zones at a glance and how many rate-card versions use it; add, edit (the rate cards
 * that use it are re-zoned), delete (refused while in use) and the server's xlsx export.
 */
import { Badge, HStack, Text, Wrap } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { codeColumn, CrudListPage, editDeleteColumn, FilterSelect, FilterText, nameColumn, timeColumn, useCrudList, type CrudList } from '../../../components/list';
import { useCountries } from '../../shipment/shippers/api';
import { deletePartitions, PARTITION_EXPORT_PATH, PARTITION_LIST_PATH, PARTITION_PERMISSION, type PartitionRecord } from './api';
import { PartitionFormDialog } from './PartitionFormDialog';

const EMPTY = { keyWord: '', country: '' };
type Filters = typeof EMPTY;
type T = TFunction<'partition'>;

/** The zones as chips: `Z1 US CA` (prefixes after a slash), at most four, then "+n". */
function ZoneChips({ row }: { row: PartitionRecord }) {
  const shown = row.zones.slice(0, 4);
  return (
    <Wrap gap="1" data-testid="partition-zones-cell">
      {shown.map((zone) => (
        <Badge key={zone.code} variant="outline" fontFamily="mono" fontWeight="normal" title={[...zone.countries, ...zone.postalPrefixes.map((p) => `${p}*`)].join(' ')}>
          <Text as="span" fontWeight="semibold">
            {zone.code}
          </Text>
          {zone.countries.slice(0, 3).join(' ')}
          {zone.countries.length > 3 ? '…' : ''}
          {zone.postalPrefixes.length ? ` / ${zone.postalPrefixes.slice(0, 2).join(' ')}${zone.postalPrefixes.length > 2 ? '…' : ''}` : ''}
        </Badge>
      ))}
      {row.zones.length > shown.length ? <Badge variant="subtle">{`+${row.zones.length - shown.length}`}</Badge> : null}
    </Wrap>
  );
}

function partitionColumns(t: T, crud: CrudList<PartitionRecord, Filters>): DataColumn<PartitionRecord>[] {
  return [
    codeColumn<PartitionRecord>(t('field.code')),
    nameColumn<PartitionRecord>(t('field.name')),
    {
      id: 'zoneCount',
      header: t('field.zones'),
      sortable: true,
      cell: (row) => (
        <HStack gap="2" align="start">
          <Text textStyle="sm" whiteSpace="nowrap" color="fg.muted">
            {t('zoneCount', { count: row.zoneCount })}
          </Text>
          <ZoneChips row={row} />
        </HStack>
      ),
    },
    {
      id: 'cardCount',
      header: t('field.cardCount'),
      hideBelow: 'sm',
      cell: (row) =>
        row.cardCount > 0 ? (
          <Badge colorPalette="blue" variant="subtle">
            {t('cards', { count: row.cardCount })}
          </Badge>
        ) : (
          <Text textStyle="sm" color="fg.subtle">
            {t('unused')}
          </Text>
        ),
    },
    timeColumn<PartitionRecord>('updateTime', t('field.updateTime'), (row) => row.updateTime ?? row.createTime, { sortable: true, hideBelow: 'lg' }),
    editDeleteColumn('text', crud.actions),
  ];
}

export default function PartitionListPage() {
  const { t } = useTranslation('partition');
  const { options: countries } = useCountries();
  const crud = useCrudList<PartitionRecord, Filters>(PARTITION_LIST_PATH, {
    name: 'partition',
    permission: PARTITION_PERMISSION,
    ns: 'partition',
    emptyFilters: EMPTY,
    defaultSort: { column: 'code', order: 'asc' },
    remove: deletePartitions,
    describe: (record) => t('delete.description', { code: record.code, name: record.name }),
    exportPath: PARTITION_EXPORT_PATH,
  });
  return (
    <CrudListPage
      crud={crud}
      columns={partitionColumns(t, crud)}
      filters={
        <>
          <FilterText page={crud} name="keyWord" label={t('filter.keyWord')} testId="partition-search-key" />
          <FilterSelect page={crud} name="country" immediate label={t('filter.country')} options={countries} allLabel={t('filter.allCountries')} testId="partition-search-country" />
        </>
      }
      toolbar={{ exportAction: `${PARTITION_PERMISSION}:export` }}
      dialogs={<PartitionFormDialog {...crud.form.dialog} />}
    />
  );
}
