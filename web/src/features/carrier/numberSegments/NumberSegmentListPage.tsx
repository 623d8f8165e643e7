import { Badge, Box, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../components/Authorized';
import type { DataColumn } from '../../../components/DataTable';
import { TruckIcon } from '../../../components/icons';
import { createTimeColumn, CrudListPage, editDeleteColumn, FilterSelect, statusColumn, useCrudList, useInvalidateList, type CrudList } from '../../../components/list';
import { useLanguage } from '../../../i18n';
import { channelLabel, useChannelOptions, type ChannelRecord } from '../channels/api';
import { statusOptions } from '../../../components/form/options';
import { AllocateDialog } from './AllocateDialog';
import { deleteSegment, numberPattern, schemeOf, SEGMENT_LIST_PATH, usage, type SegmentRecord } from './api';
import { NumberChecker } from './NumberChecker';
import { SegmentFormDialog } from './SegmentFormDialog';

/** The filters (in the URL) and their empty values. */
const EMPTY = { channelId: '', status: '' };
type Filters = typeof EMPTY;

type T = TFunction<'carrierSegment'>;

function segmentColumns(t: T, format: (n: number) => string, channels: Map<string, ChannelRecord>, onAllocate: (record: SegmentRecord) => void, crud: CrudList<SegmentRecord, Filters>): DataColumn<SegmentRecord>[] {
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
    { ...statusColumn<SegmentRecord>(t('field.status'), (row) => Number(row.status) === 1, (row) => (Number(row.status) === 1 ? t('status.1') : t('status.0'))), hideBelow: 'md' },
    createTimeColumn(t('field.createTime'), '2xl'),
    editDeleteColumn('text', {
      ...crud.actions,
      onEdit: undefined,
      more: (row) => [
        { action: 'logistics:numberSegment:allocate', label: t('allocate.short'), onClick: () => onAllocate(row), disabled: row.remaining <= 0 || Number(row.status) !== 1, testId: 'segment-allocate' },
      ],
    }),
  ];
}

/** Number segments of the tenant's channels: usage, alerts, add, delete unused, take numbers, check a number. */
export default function NumberSegmentListPage() {
  const { t } = useTranslation('carrierSegment');
  const language = useLanguage();
  const [allocating, setAllocating] = useState<{ channelId: string }>();
  const channels = useChannelOptions();
  const channelById = useMemo(() => new Map((channels.data ?? []).map((channel) => [channel.id, channel])), [channels.data]);
  const channelChoices = (channels.data ?? []).map((channel) => ({ value: channel.id, label: channelLabel(channel) }));
  const refresh = useInvalidateList(SEGMENT_LIST_PATH);
  const numberFormat = useMemo(() => new Intl.NumberFormat(language), [language]);
  const format = (n: number) => numberFormat.format(n);
  // A segment that handed out numbers is refused: the API notice shows the server's reason.
  const crud = useCrudList<SegmentRecord, Filters>(SEGMENT_LIST_PATH, {
    name: 'segment',
    permission: 'logistics:numberSegment',
    ns: 'carrierSegment',
    emptyFilters: EMPTY,
    removeOne: (record) => deleteSegment(record.id),
    describe: (record) =>
      record.currentNo >= record.startNo
        ? t('delete.usedDescription', { pattern: numberPattern(record), used: format(usage(record).used) })
        : t('delete.description', { pattern: numberPattern(record), start: format(record.startNo), end: format(record.endNo) }),
  });
  const alerts = crud.list.rows.filter((row) => row.alert).length;

  return (
    <CrudListPage
      crud={crud}
      columns={segmentColumns(t, format, channelById, (record) => setAllocating({ channelId: record.channelId }), crud)}
      search={{ visibleOnPhone: 2 }}
      filters={
        <>
          <FilterSelect page={crud} name="channelId" immediate label={t('filter.channel')} options={channelChoices} allLabel={t('filter.allChannels')} loading={channels.isPending} testId="segment-search-channel" />
          <FilterSelect page={crud} name="status" label={t('filter.status')} options={statusOptions((status) => t(`status.${status}`))} allLabel={t('filter.all')} testId="segment-search-status" />
        </>
      }
      aside={<NumberChecker />}
      toolbar={{
        leading: (
          <Authorized action="logistics:numberSegment:allocate">
            <Button size="sm" variant="outline" onClick={() => setAllocating({ channelId: crud.filters.channelId })} data-testid="segment-allocate-open">
              <TruckIcon />
              {t('allocate.button')}
            </Button>
          </Authorized>
        ),
        end:
          alerts > 0 ? (
            <Badge colorPalette="red" variant="subtle" data-testid="segment-alert-summary">
              {t('list.alertSummary', { count: alerts })}
            </Badge>
          ) : null,
      }}
      table={{ getRowId: (row) => row.id }}
      dialogs={
        <>
          <SegmentFormDialog open={crud.form.open} onOpenChange={crud.form.dialog.onOpenChange} channelId={crud.filters.channelId} />
          <AllocateDialog
            open={allocating !== undefined}
            onOpenChange={(open) => (open ? undefined : setAllocating(undefined))}
            channelId={allocating?.channelId}
            onAllocated={() => void refresh()}
          />
        </>
      }
    />
  );
}
