import { Badge, Box, HStack, Text, Wrap } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { codeColumn, nameColumn } from '../../../components/list/columns';
import { actionsColumn, FilterSelect, FilterText, ListPage, ListSearchBar, ListTable, ListToolbar, useCsvExport, useDeleteRecords, useListPage } from '../../../components/list';
import { channelLabel, transTypeLabel, useChannelOptions } from '../channels/api';
import { isOneOf } from '../../../components/form/options';
import { StatusBadge } from '../../../components/StatusBadge';
import {
  CHANNEL_PRODUCT_LIST_PATH,
  deleteChannelProducts,
  rulesSummary,
  TRADE_TYPES,
  VALID_TYPE_UNITS,
  VALID_TYPES,
  type ChannelProductRecord,
  type PostalRule,
  type ValidityRule,
} from './api';
import { ChannelProductFormDrawer } from './ChannelProductFormDrawer';

/** A type alias (not an interface) so that it fits the list's filter record. */
type Filters = {
  channelId: string;
  keyWord: string;
  tradeType: string;
  izEnable: string;
};

const EMPTY: Filters = { channelId: '', keyWord: '', tradeType: '', izEnable: '' };

type T = TFunction<'carrierProduct'>;

const tradeTypeLabel = (t: T, value: string | null | undefined) => (isOneOf(TRADE_TYPES, value) ? t(`tradeType.${value}`) : value || t('tradeType.any'));

/** "重量 ≤ 30 kg", "件数 1–5", "申报价值 ≥ 10". */
function ruleText(t: T, rule: ValidityRule): string {
  const type = isOneOf(VALID_TYPES, rule.validType) ? rule.validType : undefined;
  const name = type ? t(`validType.${type}`) : rule.validType;
  const unit = type && VALID_TYPE_UNITS[type] !== 'currency' && VALID_TYPE_UNITS[type] !== 'pieces' ? ` ${t(`unit.${VALID_TYPE_UNITS[type]}`)}` : '';
  if (rule.min && rule.max) return `${name} ${rule.min}–${rule.max}${unit}`;
  if (rule.max) return `${name} ≤ ${rule.max}${unit}`;
  return `${name} ≥ ${rule.min ?? ''}${unit}`;
}

const postalText = (t: T, rule: PostalRule) => `${rule.allow ? t('postal.allow') : t('postal.deny')} ${rule.country} ${rule.postalCode}`;

interface ColumnDeps {
  t: T;
  tc: TFunction<'carrierChannel'>;
  onEdit: (record: ChannelProductRecord) => void;
  onDelete: (record: ChannelProductRecord) => void;
}

function productColumns({ t, tc, onEdit, onDelete }: ColumnDeps): DataColumn<ChannelProductRecord>[] {
  return [
    codeColumn(t('field.code')),
    nameColumn(t('field.name')),
    {
      id: 'channel',
      header: t('field.channel'),
      hideBelow: 'md',
      cell: (row) => (
        <Box>
          <Text fontFamily="mono" textStyle="sm">
            {row.channelCode || row.channelId}
          </Text>
          {row.channelName ? (
            <Text textStyle="xs" color="fg.muted">
              {row.channelName}
            </Text>
          ) : null}
        </Box>
      ),
    },
    {
      id: 'tradeType',
      header: t('field.tradeType'),
      hideBelow: 'sm',
      cell: (row) => (
        <HStack gap="1" wrap="wrap">
          <Badge size="sm" variant="subtle" colorPalette={row.tradeType ? 'purple' : 'gray'}>
            {tradeTypeLabel(t, row.tradeType)}
          </Badge>
          {row.transType ? (
            <Badge size="sm" variant="outline" colorPalette="cyan">
              {transTypeLabel(tc, row.transType)}
            </Badge>
          ) : null}
        </HStack>
      ),
    },
    {
      id: 'pricing',
      header: t('field.pricing'),
      hideBelow: 'md',
      cell: (row) => (
        <Box>
          <Text fontFamily="mono" textStyle="sm">
            {row.feeId || '—'}
          </Text>
          <Text textStyle="xs" color="fg.muted">
            {Number(row.thWeightRatio) > 0 ? t('list.ratio', { ratio: row.thWeightRatio }) : t('list.actualWeight')}
          </Text>
        </Box>
      ),
    },
    {
      id: 'rules',
      header: t('field.limits'),
      hideBelow: 'lg',
      cell: (row) => {
        const rules = row.rules ?? [];
        const postal = row.postalRules ?? [];
        if (rules.length === 0 && postal.length === 0) return <Text color="fg.muted">{t('list.noLimits')}</Text>;
        return (
          <Wrap gap="1" maxWidth="2xs">
            {rules.map((rule, index) => (
              <Badge key={`r${index}`} size="sm" variant="surface">
                {ruleText(t, rule)}
              </Badge>
            ))}
            {postal.length > 0 ? (
              <Badge size="sm" variant="surface" colorPalette="orange" title={postal.map((rule) => postalText(t, rule)).join('\n')}>
                {t('list.postalCount', { count: postal.length })}
              </Badge>
            ) : null}
          </Wrap>
        );
      },
    },
    {
      id: 'izEnable',
      header: t('field.izEnable'),
      cell: (row) => <StatusBadge active={row.izEnable} label={row.izEnable ? t('enabled.true') : t('enabled.false')} />,
    },
    { id: 'createTime', header: t('field.createTime'), sortable: true, hideBelow: '2xl' },
    actionsColumn<ChannelProductRecord>('text', (row) => [
      { kind: 'edit', action: 'logistics:channelProduct:edit', onClick: () => onEdit(row), testId: 'product-edit' },
      { kind: 'delete', action: 'logistics:channelProduct:delete', onClick: () => onDelete(row), testId: 'product-delete' },
    ]),
  ];
}

/** Channel products of the tenant: filters, paging, sort, the full add/edit drawer, delete and CSV export. */
export default function ChannelProductListPage() {
  const { t } = useTranslation('carrierProduct');
  const { t: tc } = useTranslation('carrierChannel');
  const [form, setForm] = useState<{ record?: ChannelProductRecord }>();
  const channels = useChannelOptions();
  const channelChoices = (channels.data ?? []).map((channel) => ({ value: channel.id, label: channelLabel(channel) }));
  const page = useListPage<ChannelProductRecord, Filters>(CHANNEL_PRODUCT_LIST_PATH, { emptyFilters: EMPTY, defaultSort: { column: 'createTime', order: 'desc' } });
  const { list } = page;
  const remover = useDeleteRecords<ChannelProductRecord>({
    list,
    remove: deleteChannelProducts,
    title: t('delete.title'),
    describe: (record) => t('delete.description', { name: `${record.code} ${record.name}` }),
    describeBatch: (count) => t('delete.batchDescription', { count }),
    testId: 'product-delete-confirm',
  });
  const exporter = useCsvExport<ChannelProductRecord>({
    path: CHANNEL_PRODUCT_LIST_PATH,
    filters: page.filters,
    sort: list.sort,
    filename: t('exportName'),
    columns: () => [
      { header: t('field.code'), value: (row) => row.code },
      { header: t('field.name'), value: (row) => row.name },
      { header: t('field.nameEn'), value: (row) => row.nameEn },
      { header: t('field.channel'), value: (row) => row.channelCode ?? row.channelId },
      { header: t('field.tradeType'), value: (row) => tradeTypeLabel(t, row.tradeType) },
      { header: t('field.transType'), value: (row) => transTypeLabel(tc, row.transType) },
      { header: t('field.feeId'), value: (row) => row.feeId },
      { header: t('field.thWeightRatio'), value: (row) => row.thWeightRatio },
      { header: t('field.rules'), value: (row) => rulesSummary(row.rules, (rule) => ruleText(t, rule)) },
      { header: t('field.postalRules'), value: (row) => (row.postalRules ?? []).map((rule) => postalText(t, rule)).join('; ') },
      { header: t('field.izEnable'), value: (row) => (row.izEnable ? t('enabled.true') : t('enabled.false')) },
      { header: t('field.remark'), value: (row) => row.remark },
      { header: t('field.createTime'), value: (row) => row.createTime },
    ],
  });

  const columns = productColumns({ t, tc, onEdit: (record) => setForm({ record }), onDelete: remover.askDelete });

  return (
    <ListPage
      testId="product-page"
      search={
        <ListSearchBar page={page} visibleOnPhone={2} testId="product-search">
          <FilterSelect page={page} name="channelId" immediate label={t('filter.channel')} options={channelChoices} allLabel={t('filter.allChannels')} loading={channels.isPending} testId="product-search-channel" />
          <FilterText page={page} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} testId="product-search-keyword" />
          <FilterSelect
            page={page}
            name="tradeType"
            label={t('filter.tradeType')}
            options={TRADE_TYPES.map((type) => ({ value: type, label: t(`tradeType.${type}`) }))}
            allLabel={t('filter.all')}
            testId="product-search-trade-type"
          />
          <FilterSelect
            page={page}
            name="izEnable"
            label={t('filter.izEnable')}
            options={[
              { value: 'true', label: t('enabled.true') },
              { value: 'false', label: t('enabled.false') },
            ]}
            allLabel={t('filter.all')}
            testId="product-search-enabled"
          />
        </ListSearchBar>
      }
      toolbar={
        <ListToolbar
          testIdPrefix="product"
          add={{ action: 'logistics:channelProduct:add', label: t('add'), onClick: () => setForm({}) }}
          batchDelete={{ action: 'logistics:channelProduct:delete', onClick: remover.askBatchDelete }}
          exporter={exporter}
        />
      }
      dialogs={
        <>
          <ChannelProductFormDrawer open={form !== undefined} onOpenChange={(open) => (open ? undefined : setForm(undefined))} record={form?.record} channelId={page.filters.channelId} />
          {remover.dialog}
        </>
      }
    >
      <ListTable list={list} selectable columns={columns} getRowId={(row) => row.id} caption={t('caption')} testId="product-table" />
    </ListPage>
  );
}
