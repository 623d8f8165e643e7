import { Badge, Box, Button, Card, Flex, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../components/Authorized';
import type { DataColumn } from '../../../components/DataTable';
import { TruckIcon } from '../../../components/icons';
import { actionsColumn, FilterSelect, ListSearchBar, ListTable, ListToolbar, useDeleteRecords, useInvalidateList, useListPage } from '../../../components/list';
import { useLanguage } from '../../../i18n';
import { channelLabel, useChannelOptions, type ChannelRecord } from '../channels/api';
import { statusOptions } from '../../../components/form/options';
import { StatusBadge } from '../../../components/StatusBadge';
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
    actionsColumn<SegmentRecord>('text', (row) => [
      {
        action: 'logistics:numberSegment:allocate',
        label: t('allocate.short'),
        onClick: () => onAllocate(row),
        disabled: row.remaining <= 0 || Number(row.status) !== 1,
        testId: 'segment-allocate',
      },
      { kind: 'delete', action: 'logistics:numberSegment:delete', onClick: () => onDelete(row), testId: 'segment-delete' },
    ]),
  ];
}

/** Number segments of the tenant's channels: usage, alerts, add, delete unused, take numbers, check a number. */
export default function NumberSegmentListPage() {
  const { t } = useTranslation('carrierSegment');
  const language = useLanguage();
  const [adding, setAdding] = useState(false);
  const [allocating, setAllocating] = useState<{ channelId: string }>();
  const channels = useChannelOptions();
  const channelById = useMemo(() => new Map((channels.data ?? []).map((channel) => [channel.id, channel])), [channels.data]);
  const channelChoices = (channels.data ?? []).map((channel) => ({ value: channel.id, label: channelLabel(channel) }));
  const page = useListPage<SegmentRecord, Filters>(SEGMENT_LIST_PATH, { emptyFilters: EMPTY, defaultSort: { column: 'createTime', order: 'desc' } });
  const { list } = page;
  const refresh = useInvalidateList(SEGMENT_LIST_PATH);
  const numberFormat = useMemo(() => new Intl.NumberFormat(language), [language]);
  const format = (n: number) => numberFormat.format(n);
  // A segment that handed out numbers is refused: the API notice shows the server's reason.
  const remover = useDeleteRecords<SegmentRecord>({
    list,
    removeOne: (record) => deleteSegment(record.id),
    title: t('delete.title'),
    describe: (record) =>
      record.currentNo >= record.startNo
        ? t('delete.usedDescription', { pattern: numberPattern(record), used: format(usage(record).used) })
        : t('delete.description', { pattern: numberPattern(record), start: format(record.startNo), end: format(record.endNo) }),
    testId: 'segment-delete-confirm',
  });

  const columns = segmentColumns({ t, format, channels: channelById, onAllocate: (record) => setAllocating({ channelId: record.channelId }), onDelete: remover.askDelete });
  const alerts = list.rows.filter((row) => row.alert).length;

  return (
    <Stack gap="4" data-testid="segment-page">
      <Flex gap="4" direction={{ base: 'column', lg: 'row' }} align="stretch">
        <Box flex="2" minWidth="0">
          <ListSearchBar page={page} visibleOnPhone={2} testId="segment-search">
            <FilterSelect page={page} name="channelId" immediate label={t('filter.channel')} options={channelChoices} allLabel={t('filter.allChannels')} loading={channels.isPending} testId="segment-search-channel" />
            <FilterSelect page={page} name="status" label={t('filter.status')} options={statusOptions((status) => t(`status.${status}`))} allLabel={t('filter.all')} testId="segment-search-status" />
          </ListSearchBar>
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
            <ListToolbar
              testIdPrefix="segment"
              add={{ action: 'logistics:numberSegment:add', label: t('add'), onClick: () => setAdding(true) }}
              leading={
                <Authorized action="logistics:numberSegment:allocate">
                  <Button size="sm" variant="outline" onClick={() => setAllocating({ channelId: page.filters.channelId })} data-testid="segment-allocate-open">
                    <TruckIcon />
                    {t('allocate.button')}
                  </Button>
                </Authorized>
              }
              end={
                alerts > 0 ? (
                  <Badge colorPalette="red" variant="subtle" data-testid="segment-alert-summary">
                    {t('list.alertSummary', { count: alerts })}
                  </Badge>
                ) : null
              }
            />
            <ListTable list={list} columns={columns} getRowId={(row) => row.id} caption={t('caption')} testId="segment-table" />
          </Stack>
        </Card.Body>
      </Card.Root>
      <SegmentFormDialog open={adding} onOpenChange={setAdding} channelId={page.filters.channelId} />
      <AllocateDialog
        open={allocating !== undefined}
        onOpenChange={(open) => (open ? undefined : setAllocating(undefined))}
        channelId={allocating?.channelId}
        onAllocated={() => void refresh()}
      />
      {remover.dialog}
    </Stack>
  );
}
