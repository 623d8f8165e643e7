import { Badge, Box, Button, Card, Field, Flex, HStack, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../components/Authorized';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { DownloadIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { SearchBar } from '../../../components/SearchBar';
import { toaster } from '../../../components/ui/toaster';
import { useRequireSelection } from '../../../hooks/useRequireSelection';
import { useServerList } from '../../../hooks/useServerList';
import { datedFilename, exportAll, type CsvColumn } from '../../../lib/export';
import { channelLabel, transTypeLabel, useChannelOptions } from '../channels/api';
import { isOneOf } from '../shared/filters';
import { OptionSelect } from '../shared/OptionSelect';
import { StatusBadge } from '../shared/StatusBadge';
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
    {
      id: 'code',
      header: t('field.code'),
      sortable: true,
      cell: (row) => (
        <Text fontFamily="mono" textStyle="sm" fontWeight="medium">
          {row.code}
        </Text>
      ),
    },
    {
      id: 'name',
      header: t('field.name'),
      sortable: true,
      minWidth: '160px',
      cell: (row) => (
        <Box>
          <Text>{row.name}</Text>
          {row.nameEn ? (
            <Text textStyle="xs" color="fg.muted">
              {row.nameEn}
            </Text>
          ) : null}
        </Box>
      ),
    },
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
    {
      id: 'actions',
      header: t('action.actions', { ns: 'dataTable' }),
      sticky: true,
      cell: (row) => (
        <HStack gap="1">
          <Authorized action="logistics:channelProduct:edit">
            <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => onEdit(row)} data-testid="product-edit">
              {t('action.edit', { ns: 'dataTable' })}
            </Button>
          </Authorized>
          <Authorized action="logistics:channelProduct:delete">
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onDelete(row)} data-testid="product-delete">
              {t('action.delete', { ns: 'dataTable' })}
            </Button>
          </Authorized>
        </HStack>
      ),
    },
  ];
}

/** Channel products of the tenant: filters, paging, sort, the full add/edit drawer, delete and CSV export. */
export default function ChannelProductListPage() {
  const { t } = useTranslation('carrierProduct');
  const { t: tc } = useTranslation('carrierChannel');
  const queryClient = useQueryClient();
  const requireSelection = useRequireSelection();
  const { confirm, dialog } = useConfirm();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [form, setForm] = useState<{ record?: ChannelProductRecord }>();
  const [exporting, setExporting] = useState(false);
  const channels = useChannelOptions();
  const channelChoices = (channels.data ?? []).map((channel) => ({ value: channel.id, label: channelLabel(channel) }));
  const list = useServerList<ChannelProductRecord>(CHANNEL_PRODUCT_LIST_PATH, filters, { defaultSort: { column: 'createTime', order: 'desc' } });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['list', CHANNEL_PRODUCT_LIST_PATH] });

  const askDelete = (record: ChannelProductRecord) =>
    confirm({
      title: t('delete.title'),
      description: t('delete.description', { name: `${record.code} ${record.name}` }),
      testId: 'product-delete-confirm',
      onConfirm: async () => {
        const envelope = await deleteChannelProducts([record.id]);
        toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
        list.setSelection(list.selection.filter((id) => id !== record.id));
        await refresh();
      },
    });

  const askBatchDelete = () => {
    if (!requireSelection(list.selection)) return;
    const ids = list.selection;
    confirm({
      title: t('delete.title'),
      description: t('delete.batchDescription', { count: ids.length }),
      testId: 'product-delete-confirm',
      onConfirm: async () => {
        const envelope = await deleteChannelProducts(ids);
        toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
        list.clearSelection();
        await refresh();
      },
    });
  };

  const exportCsv = async () => {
    const csvColumns: CsvColumn<ChannelProductRecord>[] = [
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
    ];
    setExporting(true);
    try {
      await exportAll(CHANNEL_PRODUCT_LIST_PATH, filters, csvColumns, { filename: datedFilename(t('exportName')), sort: list.sort });
    } catch {
      // The export toast and the API notice said why.
    } finally {
      setExporting(false);
    }
  };

  const columns = productColumns({ t, tc, onEdit: (record) => setForm({ record }), onDelete: askDelete });

  return (
    <Stack gap="4" data-testid="product-page">
      <SearchBar
        onSearch={() => setFilters(draft)}
        onReset={() => {
          setDraft(EMPTY);
          setFilters(EMPTY);
        }}
        loading={list.loading}
        visibleOnPhone={2}
        testId="product-search"
      >
        <Field.Root>
          <Field.Label>{t('filter.channel')}</Field.Label>
          <OptionSelect
            options={channelChoices}
            value={draft.channelId}
            onChange={(event) => {
              const next = { ...draft, channelId: event.currentTarget.value };
              setDraft(next);
              setFilters(next);
            }}
            placeholder={t('filter.allChannels')}
            loading={channels.isPending}
            data-testid="product-search-channel"
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('filter.keyWord')}</Field.Label>
          <Input size="sm" value={draft.keyWord} onChange={(event) => setDraft({ ...draft, keyWord: event.currentTarget.value })} placeholder={t('filter.keyWordPlaceholder')} data-testid="product-search-keyword" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('filter.tradeType')}</Field.Label>
          <OptionSelect
            options={TRADE_TYPES.map((type) => ({ value: type, label: t(`tradeType.${type}`) }))}
            value={draft.tradeType}
            onChange={(event) => setDraft({ ...draft, tradeType: event.currentTarget.value })}
            placeholder={t('filter.all')}
            data-testid="product-search-trade-type"
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('filter.izEnable')}</Field.Label>
          <OptionSelect
            options={[
              { value: 'true', label: t('enabled.true') },
              { value: 'false', label: t('enabled.false') },
            ]}
            value={draft.izEnable}
            onChange={(event) => setDraft({ ...draft, izEnable: event.currentTarget.value })}
            placeholder={t('filter.all')}
            data-testid="product-search-enabled"
          />
        </Field.Root>
      </SearchBar>
      <Card.Root size="sm">
        <Card.Body>
          <Stack gap="4">
            <Flex gap="2" wrap="wrap" align="center">
              <Authorized action="logistics:channelProduct:add">
                <Button size="sm" onClick={() => setForm({})} data-testid="product-add">
                  <PlusIcon />
                  {t('add')}
                </Button>
              </Authorized>
              <Authorized action="logistics:channelProduct:delete">
                <Button size="sm" variant="outline" colorPalette="red" onClick={askBatchDelete} data-testid="product-batch-delete">
                  <TrashIcon />
                  {t('action.batchDelete', { ns: 'dataTable' })}
                </Button>
              </Authorized>
              <Box flex="1" />
              <Button size="sm" variant="outline" loading={exporting} onClick={() => void exportCsv()} data-testid="product-export">
                <DownloadIcon />
                {t('export.button', { ns: 'dataTable' })}
              </Button>
            </Flex>
            <DataTable
              columns={columns}
              rows={list.rows}
              total={list.total}
              loading={list.loading}
              page={list.page}
              onPageChange={list.setPage}
              sort={list.sort}
              onSortChange={list.setSort}
              selectedIds={list.selection}
              onSelectionChange={list.setSelection}
              getRowId={(row) => row.id}
              caption={t('caption')}
              testId="product-table"
            />
          </Stack>
        </Card.Body>
      </Card.Root>
      <ChannelProductFormDrawer
        open={form !== undefined}
        onOpenChange={(open) => (open ? undefined : setForm(undefined))}
        record={form?.record}
        channelId={filters.channelId}
        onSaved={() => void refresh()}
      />
      {dialog}
    </Stack>
  );
}
