/**
 * One return in a drawer (`GET /reverse/return/queryById`): what it is about (the order, the
 * parcel, the reason, the way back's tracking number), where it stands (status, decision and who
 * made it, the condition found on receipt, the reship order), the buttons of what the user may do
 * now, and its thread, files, tracking and money in tabs. Every change asks the detail and the
 * lists again.
 */
import { Badge, DataList, Drawer, Grid, HStack, Link, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert';
import { DrawerShell, OverlayHeader } from '../../components/overlay';
import { usePermissions } from '../../lib/permission';
import { showTime } from '../../lib/utcTime';
import { findComponentPath } from '../logistics/wallet/api';
import type { ReturnDetail } from './api';
import { useRefreshReturns, useReturnDetail, useViewerSide } from './hooks';
import { ReturnAccounts } from './ReturnAccounts';
import { ReturnActionBar } from './ReturnActions';
import { ReturnAttachments } from './ReturnAttachments';
import { ReturnComments } from './ReturnComments';
import { ConditionTag, DecisionTag, ReasonTag, ReturnStatusTag } from './ReturnTags';
import { ReturnTracks } from './ReturnTracks';

/** The order lists a reship order may be opened in, the first the menu has. */
const ORDER_PAGES = ['shipment/AllList', 'shipment/B2cList', 'shipment/B2bList', 'shipment/FbaList', 'shipment/WmsList'];

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId} minWidth="0" wordBreak="break-word">
        {children}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

const mono = (value: string | null | undefined) => (value ? <Text fontFamily="mono">{value}</Text> : '—');

/** The reship order, linked to the order list filtered on it when the menu has one. */
function ReshipOrder({ serial }: { serial: string | null | undefined }) {
  const { routes } = usePermissions();
  if (!serial) return <>{'—'}</>;
  const path = ORDER_PAGES.map((component) => findComponentPath(routes, component)).find(Boolean);
  return path ? (
    <Link asChild colorPalette="blue" fontFamily="mono">
      <RouterLink to={`${path}?${new URLSearchParams({ numbers: serial }).toString()}`} data-testid="return-reship-link">
        {serial}
      </RouterLink>
    </Link>
  ) : (
    <Text fontFamily="mono" data-testid="return-reship-link">
      {serial}
    </Text>
  );
}

function Facts({ detail }: { detail: ReturnDetail }) {
  const { t } = useTranslation('returns');
  const side = useViewerSide();
  const decidedBy = [detail.decisionBy, detail.decisionSide ? t(`side.${detail.decisionSide}` as 'side.staff', { defaultValue: detail.decisionSide }) : '', showTime(detail.decisionTime)].filter(Boolean).join(' · ');
  const receivedBy = [detail.receivedBy, showTime(detail.receivedTime)].filter(Boolean).join(' · ');
  return (
    <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap={{ base: '3', md: '6' }} data-testid="return-facts">
      <DataList.Root orientation="horizontal" size="sm">
        <Fact label={t('field.returnNo')} testId="return-fact-return-no">
          {mono(detail.returnNo)}
        </Fact>
        <Fact label={t('field.serialNumber')} testId="return-fact-order">
          {mono(detail.serialNumber)}
        </Fact>
        <Fact label={t('field.parcelNo')}>{mono(detail.parcelNo)}</Fact>
        <Fact label={t('field.trackNo')}>{mono(detail.trackNo || detail.sysTrackNo)}</Fact>
        <Fact label={t('field.returnTrackNo')}>{mono(detail.returnTrackNo)}</Fact>
        <Fact label={t('field.reason')}>
          <Stack gap="1">
            <ReasonTag value={detail.reason} />
            {detail.reasonDetail ? <Text textStyle="sm">{detail.reasonDetail}</Text> : null}
          </Stack>
        </Fact>
        {side === 'staff' ? <Fact label={t('field.customer')}>{detail.customerUsername || '—'}</Fact> : null}
        <Fact label={t('field.createTime')}>{[showTime(detail.createTime), detail.createBy].filter(Boolean).join(' · ') || '—'}</Fact>
      </DataList.Root>
      <DataList.Root orientation="horizontal" size="sm">
        <Fact label={t('field.status')}>
          <ReturnStatusTag value={detail.status} />
        </Fact>
        <Fact label={t('field.decision')} testId="return-fact-decision">
          <Stack gap="1">
            <DecisionTag value={detail.decision} />
            {decidedBy ? (
              <Text textStyle="xs" color="fg.muted" data-testid="return-fact-decided-by">
                {t('detail.decidedBy', { who: decidedBy })}
              </Text>
            ) : null}
            {detail.decisionRemark ? <Text textStyle="sm">{detail.decisionRemark}</Text> : null}
          </Stack>
        </Fact>
        <Fact label={t('field.condition')} testId="return-fact-condition">
          <Stack gap="1">
            <ConditionTag value={detail.condition} />
            {detail.conditionRemark ? <Text textStyle="sm">{detail.conditionRemark}</Text> : null}
            {receivedBy ? (
              <Text textStyle="xs" color="fg.muted">
                {t('detail.receivedBy', { who: receivedBy })}
              </Text>
            ) : null}
          </Stack>
        </Fact>
        <Fact label={t('field.reship')} testId="return-fact-reship">
          <ReshipOrder serial={detail.reshipSerialNumber} />
        </Fact>
        {detail.completeTime ? <Fact label={t('field.completeTime')}>{showTime(detail.completeTime)}</Fact> : null}
      </DataList.Root>
    </Grid>
  );
}

function Count({ value }: { value: number }) {
  return value > 0 ? (
    <Badge size="xs" variant="subtle" colorPalette="gray">
      {value}
    </Badge>
  ) : null;
}

function DetailBody({ detail }: { detail: ReturnDetail }) {
  const { t } = useTranslation('returns');
  const refresh = useRefreshReturns();
  return (
    <Stack gap="5" paddingY="2" data-testid="return-detail-body" data-status={detail.status}>
      <ReturnActionBar detail={detail} onChanged={refresh} />
      <Facts detail={detail} />
      <Tabs.Root defaultValue="comments" variant="line" size="sm">
        <Tabs.List overflowX="auto" overflowY="hidden">
          {(
            [
              ['comments', detail.comments.length],
              ['attachments', detail.attachments.length],
              ['tracks', detail.tracks.length],
              ['accounts', detail.accounts.length],
            ] as const
          ).map(([tab, count]) => (
            <Tabs.Trigger key={tab} value={tab} data-testid={`return-tab-${tab}`} whiteSpace="nowrap" flexShrink={0}>
              <HStack gap="1.5">
                <Text as="span">{t(`tab.${tab}`)}</Text>
                <Count value={count} />
              </HStack>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="comments">
          <ReturnComments detail={detail} onChanged={refresh} />
        </Tabs.Content>
        <Tabs.Content value="attachments">
          <ReturnAttachments detail={detail} onChanged={refresh} />
        </Tabs.Content>
        <Tabs.Content value="tracks">
          <ReturnTracks detail={detail} onChanged={refresh} />
        </Tabs.Content>
        <Tabs.Content value="accounts">
          <ReturnAccounts detail={detail} onChanged={refresh} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

export function ReturnDetailDrawer({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  const { t } = useTranslation('returns');
  const detail = useReturnDetail(id);
  const d = detail.data;
  return (
    <DrawerShell open={id !== undefined} onClose={onClose} testId="return-detail" size={{ base: 'full', md: 'xl' }}>
      <OverlayHeader kind="drawer" bordered title={t('detail.title', { returnNo: d?.returnNo ?? '' })} subtitle={d ? <ReturnStatusTag value={d.status} size="md" testId="return-detail-status" /> : undefined} />
      <Drawer.Body>
        {d ? (
          <DetailBody detail={d} />
        ) : detail.isError ? (
          <ErrorAlert message={detail.error instanceof Error ? detail.error.message : String(detail.error)} testId="return-detail-error" />
        ) : (
          <Stack gap="3" paddingY="2" data-testid="return-detail-loading">
            <Skeleton height="8" width="60%" />
            <Skeleton height="40" />
            <Skeleton height="24" />
          </Stack>
        )}
      </Drawer.Body>
    </DrawerShell>
  );
}
