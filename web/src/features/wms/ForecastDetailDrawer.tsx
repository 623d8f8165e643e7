/**
 * One inbound forecast in a drawer (`GET /wms/forecast/queryById`): the warehouse, reference and
 * status, and its lines with expected, received and the discrepancy. The customer edits or
 * cancels it while nothing is received; staff receive against it (each line's count now, into a
 * location, usually the dock: the table's last column) and close one received short.
 */
import { Badge, Button, DataList, Drawer, HStack, Input, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { Authorized } from '../../components/Authorized';
import { useConfirm } from '../../components/ConfirmDialog';
import { ErrorAlert } from '../../components/ErrorAlert';
import { RemoteSelect } from '../../components/form/RemoteSelect';
import { toastSuccess } from '../../components/list';
import { DrawerShell, OverlayHeader } from '../../components/overlay';
import { showTime } from '../../lib/utcTime';
import {
  cancelForecast,
  closeForecast,
  FORECAST_EDIT_PERMISSION,
  FORECAST_LIST_PATH,
  forecastDetail,
  RECEIVE_PERMISSION,
  receiveForecast,
  searchLocations,
  STOCK_LIST_PATH,
  wmsIssue,
  type WmsForecastDetail,
} from './api';
import { ForecastStatusTag } from './ForecastStatusTag';

const DETAIL_KEY = ['wms', 'forecast'] as const;

export function useForecastDetail(id: string | undefined) {
  return useQuery({ queryKey: [...DETAIL_KEY, id], queryFn: async () => (await forecastDetail(id ?? '')).result, enabled: id !== undefined });
}

/** Asks the forecast, its list and the stock again. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([DETAIL_KEY, ['list', FORECAST_LIST_PATH], ['list', STOCK_LIST_PATH]].map((queryKey) => client.invalidateQueries({ queryKey: [...queryKey] }))).then(() => undefined);
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue minWidth="0" wordBreak="break-word">
        {children}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

function Discrepancy({ value }: { value: number }) {
  if (value === 0) return <Badge size="sm" variant="subtle" colorPalette="green">{value}</Badge>;
  return (
    <Badge size="sm" variant="subtle" colorPalette={value < 0 ? 'orange' : 'purple'} data-testid="forecast-discrepancy">
      {value > 0 ? `+${value}` : value}
    </Badge>
  );
}

function Body({ detail, onEdit }: { detail: WmsForecastDetail; onEdit: (detail: WmsForecastDetail) => void }) {
  const { t } = useTranslation('wmsForecast');
  const refresh = useRefresh();
  const { confirm, dialog } = useConfirm();
  const open = detail.status === 'pending' || detail.status === 'receiving';
  const [counts, setCounts] = useState<Record<string, string>>({});
  const [locationId, setLocationId] = useState('');
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);

  const receive = async () => {
    const body = { id: detail.id, locationId, lines: detail.lines.map((line) => ({ lineId: line.id, quantity: (counts[line.id] ?? '').trim() || '0' })) };
    const issue = wmsIssue(body, 'receiving');
    if (issue) {
      setProblem(issue.message);
      return;
    }
    setSaving(true);
    setProblem(undefined);
    try {
      const after = (await receiveForecast(body)).result;
      setCounts({});
      toastSuccess(t('receive.done', { count: after.receivedTotal }));
      await refresh();
    } catch (failure) {
      setProblem(failure instanceof ApiError || failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="5" paddingY="2" data-testid="forecast-detail-body" data-status={detail.status}>
      <HStack gap="2" wrap="wrap">
        {detail.status === 'pending' ? (
          <Authorized action={FORECAST_EDIT_PERMISSION}>
            <Button size="sm" variant="outline" onClick={() => onEdit(detail)} data-testid="forecast-edit">
              {t('action.edit')}
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" data-testid="forecast-cancel"
              onClick={() => confirm({ title: t('action.cancelTitle'), description: t('action.cancelDescription', { name: detail.forecastNo }), colorPalette: 'red', testId: 'forecast-cancel-confirm', onConfirm: async () => { await cancelForecast(detail.id); await refresh(); } })}>
              {t('action.cancel')}
            </Button>
          </Authorized>
        ) : null}
        {detail.status === 'receiving' ? (
          <Authorized action={RECEIVE_PERMISSION}>
            <Button size="sm" variant="outline" data-testid="forecast-close"
              onClick={() => confirm({ title: t('action.closeTitle'), description: t('action.closeDescription', { name: detail.forecastNo }), testId: 'forecast-close-confirm', onConfirm: async () => { await closeForecast(detail.id); await refresh(); } })}>
              {t('action.close')}
            </Button>
          </Authorized>
        ) : null}
      </HStack>
      <DataList.Root orientation="horizontal" size="sm">
        <Fact label={t('field.warehouse')}>
          <Text fontFamily="mono">{detail.warehouse}</Text>
        </Fact>
        <Fact label={t('field.reference')}>{detail.reference ? <Text fontFamily="mono">{detail.reference}</Text> : '—'}</Fact>
        {detail.customerUsername ? <Fact label={t('field.customer')}>{detail.customerUsername}</Fact> : null}
        <Fact label={t('field.totals')}>
          <Text fontVariantNumeric="tabular-nums" data-testid="forecast-totals">
            {t('field.totalsValue', { received: detail.receivedTotal, expected: detail.expectedTotal })}
          </Text>
        </Fact>
        <Fact label={t('field.receivedTime')}>{showTime(detail.receivedTime) || '—'}</Fact>
        {detail.remark ? <Fact label={t('field.remark')}>{detail.remark}</Fact> : null}
      </DataList.Root>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" data-testid="forecast-line-table">
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader>{t('field.sku')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('field.expected')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('field.received')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('field.discrepancy')}</Table.ColumnHeader>
              {open ? (
                <Authorized action={RECEIVE_PERMISSION}>
                  <Table.ColumnHeader width="28">{t('receive.now')}</Table.ColumnHeader>
                </Authorized>
              ) : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {detail.lines.map((line) => (
              <Table.Row key={line.id} data-testid="forecast-line">
                <Table.Cell>
                  <Text fontFamily="mono" fontWeight="medium">
                    {line.skuCode}
                  </Text>
                  <Text textStyle="xs" color="fg.muted">
                    {[line.nameEn, line.nameZh].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">{line.expected}</Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">{line.received}</Table.Cell>
                <Table.Cell textAlign="end">{line.received > 0 || !open ? <Discrepancy value={line.discrepancy} /> : '—'}</Table.Cell>
                {open ? (
                  <Authorized action={RECEIVE_PERMISSION}>
                    <Table.Cell>
                      <Input size="sm" inputMode="numeric" value={counts[line.id] ?? ''} placeholder="0" aria-label={t('receive.countOf', { sku: line.skuCode })}
                        onChange={(event) => setCounts({ ...counts, [line.id]: event.currentTarget.value })} data-testid="forecast-receive-count" />
                    </Table.Cell>
                  </Authorized>
                ) : null}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {open ? (
        <Authorized action={RECEIVE_PERMISSION}>
          <Stack gap="2" data-testid="forecast-receive">
            <Text textStyle="sm" fontWeight="medium">
              {t('receive.location')}
            </Text>
            <HStack gap="2" align="start" wrap={{ base: 'wrap', sm: 'nowrap' }}>
              <RemoteSelect value={locationId} onChange={(option) => setLocationId(option?.value ?? '')} search={searchLocations} queryKey={['wms', 'locations']}
                placeholder={t('receive.locationPlaceholder')} aria-label={t('receive.location')} data-testid="forecast-receive-location" />
              <Button size="sm" loading={saving} onClick={() => void receive()} data-testid="forecast-receive-submit" flexShrink={0}>
                {t('receive.submit')}
              </Button>
            </HStack>
            {problem ? <ErrorAlert message={problem} testId="forecast-receive-error" /> : null}
          </Stack>
        </Authorized>
      ) : null}
      {dialog}
    </Stack>
  );
}

export function ForecastDetailDrawer({ id, onClose, onEdit }: { id: string | undefined; onClose: () => void; onEdit: (detail: WmsForecastDetail) => void }) {
  const { t } = useTranslation('wmsForecast');
  const detail = useForecastDetail(id);
  const d = detail.data;
  return (
    <DrawerShell open={id !== undefined} onClose={onClose} testId="forecast-detail" size={{ base: 'full', md: 'lg' }}>
      <OverlayHeader kind="drawer" bordered title={t('detail.title', { name: d?.forecastNo ?? '' })} subtitle={d ? <ForecastStatusTag value={d.status} /> : undefined} />
      <Drawer.Body>
        {d ? (
          <Body detail={d} onEdit={onEdit} />
        ) : detail.isError ? (
          <ErrorAlert message={detail.error instanceof Error ? detail.error.message : String(detail.error)} testId="forecast-detail-error" />
        ) : (
          <Stack gap="3" paddingY="2" data-testid="forecast-detail-loading">
            <Skeleton height="8" width="60%" />
            <Skeleton height="40" />
          </Stack>
        )}
      </Drawer.Body>
    </DrawerShell>
  );
}
