/**
 * One order with everything: its progress along core's lifecycle, numbers, consignee, parcels
 * with their goods, and the quote its charge came from (as the customer saw it).
 */
import { Badge, Box, DataList, Drawer, Grid, Heading, HStack, Skeleton, Stack, Steps, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DrawerShell, OverlayHeader } from '../../../components/overlay';
import { showTime } from '../../../lib/utcTime';
import { getShipment, type ShipmentDetail } from './api';
import { StatusTag } from './StatusTag';

/** The main road of the lifecycle; exception, returned and cancelled leave it. */
const ROAD = ['draft', 'submitted', 'received', 'sorted', 'shipped', 'inTransit', 'delivered'] as const;

function Progress({ status }: { status: string }) {
  const { t } = useTranslation('shipment');
  const at = ROAD.indexOf(status as (typeof ROAD)[number]);
  return (
    <Stack gap="2">
      <Heading size="xs">{t('detail.timeline')}</Heading>
      {at < 0 ? <StatusTag status={status} /> : null}
      <Steps.Root step={Math.max(at, 0) + (status === 'delivered' ? 1 : 0)} count={ROAD.length} size="xs" orientation="horizontal" overflowX="auto">
        <Steps.List>
          {ROAD.map((step, index) => (
            <Steps.Item key={step} index={index}>
              <Steps.Indicator />
              <Steps.Title whiteSpace="nowrap">{t(`status.${step}`)}</Steps.Title>
              <Steps.Separator />
            </Steps.Item>
          ))}
        </Steps.List>
      </Steps.Root>
    </Stack>
  );
}

/** One fact of the order ('—' when blank). */
function item(label: string, value: string | null | undefined, mono = false) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue fontFamily={mono ? 'mono' : undefined}>{value || '—'}</DataList.ItemValue>
    </DataList.Item>
  );
}

function Facts({ d }: { d: ShipmentDetail }) {
  const { t } = useTranslation('shipment');
  const address = [d.consigneeAddress1, d.consigneeAddress2, d.consigneeCity, d.consigneeState, d.consigneePostalCode, d.consigneeCountry].filter(Boolean).join(', ');
  return (
    <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="6">
      <DataList.Root orientation="horizontal" size="sm">
        {item(t('field.customerCode'), d.customerCode)}
        {item(t('field.sysTrackNo'), d.sysTrackNo, true)}
        {item(t('field.trackNo'), d.trackNo, true)}
        {item(t('field.product'), d.channelProductCode ? `${d.channelProductCode} · ${d.channelProductName}` : '')}
        {item(t('field.charge'), d.deductAmount ? `${d.deductAmount} ${d.deductCurrency ?? ''}` : '')}
        {item(t('field.chargeableWeight'), d.chargeableWeight)}
        {item(t('field.declaredValue'), `${d.declaredValue} ${d.currency}`)}
        {item(t('field.createTime'), showTime(d.createTime))}
        {item(t('field.submitTime'), d.submitTime ? showTime(d.submitTime) : '')}
      </DataList.Root>
      <DataList.Root orientation="horizontal" size="sm">
        {item(t('field.consignee'), [d.consigneeName, d.consigneeCompany].filter(Boolean).join(' · '))}
        {item(t('form.phone'), d.consigneePhone)}
        {item(t('form.email'), d.consigneeEmail)}
        {item(t('form.address1'), address)}
        {item(t('form.taxNumber'), d.consigneeTaxNumber)}
        {d.shipmentType === 'FBA' ? item(t('field.fbaCode'), d.fbaCode, true) : null}
        {d.shipmentType === 'FBA' ? item(t('field.poCode'), d.poCode, true) : null}
      </DataList.Root>
    </Grid>
  );
}

function Parcels({ d }: { d: ShipmentDetail }) {
  const { t } = useTranslation('shipment');
  return (
    <Stack gap="3">
      <Heading size="xs">{t('form.parcels')}</Heading>
      {d.parcels.map((p) => (
        <Box key={p.id} borderWidth="1px" rounded="l2" padding="3" data-testid="shipment-detail-parcel">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Text fontFamily="mono" fontWeight="semibold">
              {p.serialNumber}
            </Text>
            <Text textStyle="sm" color="fg.muted">
              {t('detail.dimensions', { length: p.length, width: p.width, height: p.height, weight: p.weight, bulky: p.bulky })}
            </Text>
            {p.sysTrackNo ? <Badge fontFamily="mono">{p.sysTrackNo}</Badge> : null}
          </HStack>
          <Box overflowX="auto">
            <Table.Root size="sm" marginTop="2">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('form.sku')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('form.frName')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('form.hsCode')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('form.quantity')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('form.unitPrice')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {p.products.map((g) => (
                  <Table.Row key={g.id}>
                    <Table.Cell fontFamily="mono">{g.sku ?? '—'}</Table.Cell>
                    <Table.Cell>{[g.frName, g.lcName].filter(Boolean).join(' / ')}</Table.Cell>
                    <Table.Cell fontFamily="mono">{g.frHscode ?? '—'}</Table.Cell>
                    <Table.Cell textAlign="end">{g.quantity ?? ''}</Table.Cell>
                    <Table.Cell textAlign="end">{g.unitPrice ?? ''}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

function Quote({ d }: { d: ShipmentDetail }) {
  const { t } = useTranslation('shipment');
  const quote = d.quote as { breakdown?: string[]; total?: string; currency?: string } | null | undefined;
  if (!quote?.breakdown) return null;
  return (
    <Stack gap="2" data-testid="shipment-detail-quote">
      <Heading size="xs">{t('detail.quote')}</Heading>
      {quote.breakdown.map((line) => (
        <Text key={line} textStyle="sm" color="fg.muted">
          {line}
        </Text>
      ))}
      <Text fontWeight="bold">
        {quote.total} {quote.currency}
      </Text>
    </Stack>
  );
}

export function ShipmentDetailDrawer({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  const { t } = useTranslation('shipment');
  const detail = useQuery({ queryKey: ['shipment', 'detail', id], queryFn: async () => (await getShipment(id ?? '')).result, enabled: id !== undefined });
  const d = detail.data;
  return (
    <DrawerShell open={id !== undefined} onClose={onClose} testId="shipment-detail" size={{ base: 'full', md: 'xl' }}>
      <OverlayHeader kind="drawer" bordered title={t('detail.title', { serial: d?.serialNumber ?? '' })} subtitle={d ? <StatusTag status={d.shipmentStatus} /> : undefined} />
      <Drawer.Body>
        {d ? (
          <Stack gap="6" paddingY="2">
            <Progress status={d.shipmentStatus} />
            <Facts d={d} />
            <Parcels d={d} />
            <Quote d={d} />
          </Stack>
        ) : (
          <Stack gap="3">
            <Skeleton height="10" />
            <Skeleton height="40" />
          </Stack>
        )}
      </Drawer.Body>
    </DrawerShell>
  );
}
