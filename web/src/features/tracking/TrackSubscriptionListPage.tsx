/**
 * Tracking webhooks (Orders → Tracking webhooks): the customer's URLs that hear its orders'
 * status changes, each with the secret its deliveries are signed with; below, the log of
 * deliveries (pending, delivered, failed, with the receiver's answer) where any can be sent again.
 */
import { Badge, Code, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/DataTable';
import { actionsColumn, createTimeColumn, CrudListPage, editDeleteColumn, FilterText, ListTable, monoColumn, statusColumn, timeColumn, toastSuccess, truncatedColumn, useCrudList, useListPage, type CrudList } from '../../components/list';
import { asStatus, deleteTrackSubscriptions, replayDelivery, TRACK_DELIVERY_LIST_PATH, TRACK_SUBSCRIPTION_LIST_PATH, type TrackDeliveryRecord, type TrackSubscriptionRecord } from './api';
import { TrackSubscriptionFormDialog } from './TrackSubscriptionFormDialog';

const EMPTY = { url: '' };
type Filters = typeof EMPTY;
const STATE_PALETTE: Record<string, string> = { pending: 'orange', delivered: 'green', failed: 'red' };

function subscriptionColumns(t: TFunction<'trackSubscription'>, crud: CrudList<TrackSubscriptionRecord, Filters>): DataColumn<TrackSubscriptionRecord>[] {
  return [
    monoColumn<TrackSubscriptionRecord>('url', t('field.url'), (row) => row.url, { sortable: true, strong: true }),
    {
      id: 'secret',
      header: t('field.secret'),
      hideBelow: 'md',
      cell: (row) => (
        <Code fontSize="xs" title={row.secret}>
          {`${row.secret.slice(0, 6)}…`}
        </Code>
      ),
    },
    statusColumn<TrackSubscriptionRecord>(t('field.status'), (row) => Number(row.status) === 1, (row) => t(`status.${Number(row.status) === 1 ? 'on' : 'off'}`)),
    { id: 'remark', header: t('field.remark'), hideBelow: 'lg' },
    createTimeColumn(t('field.createTime')),
    editDeleteColumn('text', crud.actions),
  ];
}

function deliveryColumns(t: TFunction<'trackSubscription'>, tt: TFunction<'tracking'>, onReplay: (row: TrackDeliveryRecord) => void): DataColumn<TrackDeliveryRecord>[] {
  return [
    monoColumn<TrackDeliveryRecord>('serialNumber', t('log.serialNumber'), (row) => row.serialNumber, { sortable: true }),
    {
      id: 'status',
      header: t('log.status'),
      cell: (row) => {
        const known = asStatus(row.status);
        return known ? tt(`status.${known}`) : row.status;
      },
    },
    {
      id: 'state',
      header: t('log.state'),
      cell: (row) => (
        <Badge colorPalette={STATE_PALETTE[row.state] ?? 'gray'} data-testid="track-delivery-state">
          {t(`state.${row.state as 'pending'}`)}
        </Badge>
      ),
    },
    { id: 'attempts', header: t('log.attempts'), hideBelow: 'sm' },
    truncatedColumn<TrackDeliveryRecord>('lastError', t('log.answer'), (row) => row.lastError ?? (row.responseCode ? `HTTP ${row.responseCode}` : null), '48', { hideBelow: 'md' }),
    timeColumn<TrackDeliveryRecord>('createTime', t('log.time'), (row) => row.createTime, { sortable: true, hideBelow: 'md' }),
    actionsColumn<TrackDeliveryRecord>('text', (row) => [
      { label: t('log.replay'), action: 'logistics:trackSubscription:edit', onClick: () => onReplay(row), testId: 'track-delivery-replay' },
    ]),
  ];
}

function DeliveryLog() {
  const { t } = useTranslation('trackSubscription');
  const { t: tt } = useTranslation('tracking');
  const queryClient = useQueryClient();
  const page = useListPage<TrackDeliveryRecord, { state: string }>(TRACK_DELIVERY_LIST_PATH, { emptyFilters: { state: '' }, defaultSort: { column: 'createTime', order: 'desc' }, inUrl: false });
  const replay = (row: TrackDeliveryRecord) =>
    void replayDelivery(row.id).then(() => {
      toastSuccess(t('log.replayed'));
      void queryClient.invalidateQueries();
    });
  return (
    <Stack gap="3" mx={{ base: '3', md: '6' }} mb="6" p={{ base: '3', md: '4' }} bg="bg" rounded="l2" borderWidth="1px">
      <Text fontWeight="semibold">{t('log.title')}</Text>
      <Text fontSize="sm" color="fg.muted">
        {t('log.hint')}
      </Text>
      <ListTable list={page.list} columns={deliveryColumns(t, tt, replay)} testId="track-delivery-table" />
    </Stack>
  );
}

export default function TrackSubscriptionListPage() {
  const { t } = useTranslation('trackSubscription');
  const crud = useCrudList<TrackSubscriptionRecord, Filters>(TRACK_SUBSCRIPTION_LIST_PATH, {
    name: 'track-subscription',
    permission: 'logistics:trackSubscription',
    ns: 'trackSubscription',
    emptyFilters: EMPTY,
    remove: deleteTrackSubscriptions,
    describe: (row) => t('delete.description', { url: row.url }),
  });
  return (
    <Stack gap="0">
    <CrudListPage
      crud={crud}
      title={t('title')}
      subtitle={t('subtitle')}
      columns={subscriptionColumns(t, crud)}
      filters={<FilterText page={crud} name="url" label={t('field.url')} testId="track-subscription-search-url" />}
      dialogs={<TrackSubscriptionFormDialog {...crud.form.dialog} />}
    />
    <DeliveryLog />
    </Stack>
  );
}
