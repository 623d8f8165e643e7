import { Badge, Box, Button, Card, Field, Flex, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../components/Authorized';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { PlusIcon, TruckIcon } from '../../../components/icons';
import { SearchBar } from '../../../components/SearchBar';
import { toaster } from '../../../components/ui/toaster';
import { useServerList } from '../../../hooks/useServerList';
import { useLanguage } from '../../../i18n';
import { channelLabel, useChannelOptions, type ChannelRecord } from '../channels/api';
import { statusOptions } from '../shared/filters';
import { OptionSelect } from '../shared/OptionSelect';
import { StatusBadge } from '../shared/StatusBadge';
import { AllocateDialog } from './AllocateDialog';
import { deleteSegment, numberPattern, schemeOf, SEGMENT_LIST_PATH, usage, type SegmentRecord } from './api';
import { NumberChecker } from './NumberChecker';
import { SegmentFormDialog } from './SegmentFormDialog';

/** A type alias (not an interface) so that it fits the list's filter record. */
type Filters = {
  channelId: string;
  status: string;
};

const EMPTY: Filters = { channelId: '', status: '' };

type T = TFunction<'carrierSegment'>;

interface ColumnDeps {
  t: T;
  format: (n: number) => string;
  channels: Map<string, ChannelRecord>;
  onAllocate: (record: SegmentRecord) => void;
  onDelete: (record: SegmentRecord) => void;
}

function segmentColumns({ t, format, channels, onAllocate, onDelete }: ColumnDeps): DataColumn<SegmentRecord>[] {
  return [
    {
      id: 'channelId',
      header: t('field.channel'),
      cell: (row) => {
        const channel = channels.get(row.channelId);
        return channel ? (
          <Box>
            <Text fontFamily="mono" textStyle="sm" fontWeight="medium">
              {channel.code}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              {channel.title || channel.name}
            </Text>
          </Box>
        ) : (
          <Text color="fg.muted">{row.channelId}</Text>
        );
      },
    },
    {
      id: 'format',
      header: t('field.format'),
      cell: (row) => (
        <Stack gap="1" align="flex-start">
          <Text fontFamily="mono" textStyle="sm" data-testid="segment-pattern">
            {numberPattern(row)}
          </Text>
          <Badge size="sm" variant="outline" colorPalette="purple">
            {t(`scheme.${schemeOf(row.checkScheme)}`)}
          </Badge>
        </Stack>
      ),
    },
    {
      id: 'startNo',
      header: t('field.range'),
      sortable: true,
      hideBelow: 'sm',
      cell: (row) => (
        <Box fontFamily="mono" textStyle="sm">
          <Text>
            {format(row.startNo)}
            {' – '}
            {format(row.endNo)}
          </Text>
          <Text textStyle="xs" color="fg.muted" fontFamily="body">
            {row.currentNo >= row.startNo ? t('list.current', { current: format(row.currentNo) }) : t('list.unused')}
          </Text>
        </Box>
      ),
    },
    {
      id: 'usage',
      header: t('field.usage'),
      minWidth: '180px',
      cell: (row) => {
        const { used, size, percent } = usage(row);
        return (
          <Stack gap="1" data-testid="segment-usage">
            <HStack justify="space-between" gap="2">
              <Text textStyle="xs" color={row.alert ? 'fg.error' : 'fg.muted'}>
                {t('list.remaining', { remaining: format(row.remaining), size: format(size) })}
              </Text>
              {row.alert ? (
                <Badge size="sm" colorPalette="red" variant="solid" data-testid="segment-alert-badge">
                  {t('list.alert')}
                </Badge>
              ) : null}
            </HStack>
            <Progress.Root
              size="xs"
              value={percent}
              colorPalette={row.alert ? 'red' : percent >= 80 ? 'orange' : 'blue'}
              aria-label={t('list.usageLabel', { used: format(used), size: format(size) })}
            >
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          </Stack>
        );
      },
    },
    {
      id: 'nextNumber',
      header: t('field.nextNumber'),
      hideBelow: 'lg',
      cell: (row) =>
        row.nextNumber ? (
          <Text fontFamily="mono" textStyle="sm">
            {row.nextNumber}
          </Text>
        ) : (
          <Text color="fg.muted">{t('list.exhausted')}</Text>
        ),
    },
    { id: 'status', header: t('field.status'), hideBelow: 'md', cell: (row) => <StatusBadge active={Number(row.status) === 1} label={Number(row.status) === 1 ? t('status.1') : t('status.0')} /> },
    { id: 'createTime', header: t('field.createTime'), sortable: true, hideBelow: '2xl' },
    {
      id: 'actions',
      header: t('action.actions', { ns: 'dataTable' }),
      sticky: true,
      cell: (row) => (
        <HStack gap="1">
          <Authorized action="logistics:numberSegment:allocate">
            <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => onAllocate(row)} disabled={row.remaining <= 0 || Number(row.status) !== 1} data-testid="segment-allocate">
              {t('allocate.short')}
            </Button>
          </Authorized>
          <Authorized action="logistics:numberSegment:delete">
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onDelete(row)} data-testid="segment-delete">
              {t('action.delete', { ns: 'dataTable' })}
            </Button>
          </Authorized>
        </HStack>
      ),
    },
  ];
}

/** Number segments of the tenant's channels: usage, alerts, add, delete unused, take numbers, check a number. */
export default function NumberSegmentListPage() {
  const { t } = useTranslation('carrierSegment');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [adding, setAdding] = useState(false);
  const [allocating, setAllocating] = useState<{ channelId: string }>();
  const channels = useChannelOptions();
  const channelById = useMemo(() => new Map((channels.data ?? []).map((channel) => [channel.id, channel])), [channels.data]);
  const channelChoices = (channels.data ?? []).map((channel) => ({ value: channel.id, label: channelLabel(channel) }));
  const list = useServerList<SegmentRecord>(SEGMENT_LIST_PATH, filters, { defaultSort: { column: 'createTime', order: 'desc' } });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['list', SEGMENT_LIST_PATH] });
  const numberFormat = useMemo(() => new Intl.NumberFormat(language), [language]);
  const format = (n: number) => numberFormat.format(n);

  const askDelete = (record: SegmentRecord) => {
    const used = record.currentNo >= record.startNo;
    confirm({
      title: t('delete.title'),
      description: used
        ? t('delete.usedDescription', { pattern: numberPattern(record), used: format(usage(record).used) })
        : t('delete.description', { pattern: numberPattern(record), start: format(record.startNo), end: format(record.endNo) }),
      testId: 'segment-delete-confirm',
      onConfirm: async () => {
        // A segment that handed out numbers is refused: the API notice shows the server's reason.
        const envelope = await deleteSegment(record.id);
        toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
        await refresh();
      },
    });
  };

  const columns = segmentColumns({ t, format, channels: channelById, onAllocate: (record) => setAllocating({ channelId: record.channelId }), onDelete: askDelete });
  const alerts = list.rows.filter((row) => row.alert).length;

  return (
    <Stack gap="4" data-testid="segment-page">
      <Flex gap="4" direction={{ base: 'column', lg: 'row' }} align="stretch">
        <Box flex="2" minWidth="0">
          <SearchBar
            onSearch={() => setFilters(draft)}
            onReset={() => {
              setDraft(EMPTY);
              setFilters(EMPTY);
            }}
            loading={list.loading}
            visibleOnPhone={2}
            testId="segment-search"
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
                data-testid="segment-search-channel"
              />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('filter.status')}</Field.Label>
              <OptionSelect
                options={statusOptions((status) => t(`status.${status}`))}
                value={draft.status}
                onChange={(event) => setDraft({ ...draft, status: event.currentTarget.value })}
                placeholder={t('filter.all')}
                data-testid="segment-search-status"
              />
            </Field.Root>
          </SearchBar>
        </Box>
        <Card.Root size="sm" flex="1" minWidth="0">
          <Card.Body>
            <NumberChecker />
          </Card.Body>
        </Card.Root>
      </Flex>
      <Card.Root size="sm">
        <Card.Body>
          <Stack gap="4">
            <Flex gap="2" wrap="wrap" align="center">
              <Authorized action="logistics:numberSegment:add">
                <Button size="sm" onClick={() => setAdding(true)} data-testid="segment-add">
                  <PlusIcon />
                  {t('add')}
                </Button>
              </Authorized>
              <Authorized action="logistics:numberSegment:allocate">
                <Button size="sm" variant="outline" onClick={() => setAllocating({ channelId: filters.channelId })} data-testid="segment-allocate-open">
                  <TruckIcon />
                  {t('allocate.button')}
                </Button>
              </Authorized>
              <Box flex="1" />
              {alerts > 0 ? (
                <Badge colorPalette="red" variant="subtle" data-testid="segment-alert-summary">
                  {t('list.alertSummary', { count: alerts })}
                </Badge>
              ) : null}
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
              getRowId={(row) => row.id}
              caption={t('caption')}
              testId="segment-table"
            />
          </Stack>
        </Card.Body>
      </Card.Root>
      <SegmentFormDialog open={adding} onOpenChange={setAdding} channelId={filters.channelId} onSaved={() => void refresh()} />
      <AllocateDialog
        open={allocating !== undefined}
        onOpenChange={(open) => (open ? undefined : setAllocating(undefined))}
        channelId={allocating?.channelId}
        onAllocated={() => void refresh()}
      />
      {dialog}
    </Stack>
  );
}
