/**
 * What a track query found, one card per pasted number: its status (localized, coloured), the
 * order or parcel and where it goes, the latest event, and the full timeline on demand, each
 * event at the local time of the place it happened (with its UTC offset). A number no order has
 * says so. Phone-first: one column, large tap targets; wider screens only add room.
 */
import { Badge, Box, Button, Card, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClockIcon, MapPinIcon, ParcelIcon } from '../../components/icons';
import { useLanguage } from '../../i18n';
import { StatusTag } from './TrackStatusTag';

export { StatusTag };
import { asStatus, localTime, statusPalette, type AnyTrackResult, type CourierHit, type TrackedOrder, type TrackPoint } from './api';

/** Events shown before the timeline is expanded. */
const FIRST_EVENTS = 3;

function EventRow({ point, last, latest }: { point: TrackPoint; last: boolean; latest: boolean }) {
  const { t } = useTranslation('tracking');
  const language = useLanguage();
  const { time, zone } = localTime(point.time, point.utcOffset);
  const detail = (language === 'en-US' ? point.detailEn || point.detail : point.detail || point.detailEn) ?? '';
  const known = asStatus(point.status);
  return (
    <Flex gap="3" data-testid="track-event">
      <Flex direction="column" align="center" flexShrink={0} w="4">
        <Box mt="1.5" boxSize="2.5" rounded="full" bg={latest ? `${statusPalette(point.status)}.solid` : 'border.emphasized'} />
        {last ? null : <Box flex="1" w="0.5" bg="border" mt="1" />}
      </Flex>
      <Stack gap="0.5" pb={last ? '0' : '4'} minW="0">
        <Text fontWeight={latest ? 'semibold' : 'normal'} color={latest ? 'fg' : 'fg.muted'} wordBreak="break-word">
          {detail || (known ? t(`status.${known}`) : point.status)}
          {point.reason ? ` · ${point.reason}` : ''}
        </Text>
        <HStack gap="3" wrap="wrap" fontSize="sm" color="fg.muted">
          <HStack gap="1" title={t('localTime')}>
            <ClockIcon boxSize="3.5" />
            <Text as="span" fontVariantNumeric="tabular-nums">
              {time}
            </Text>
            <Text as="span" fontSize="xs" color="fg.subtle">
              {zone}
            </Text>
          </HStack>
          {point.location ? (
            <HStack gap="1" minW="0">
              <MapPinIcon boxSize="3.5" />
              <Text as="span" wordBreak="break-word">
                {point.location}
              </Text>
            </HStack>
          ) : null}
          {point.parcelSerialNumber ? (
            <Text as="span" fontFamily="mono" fontSize="xs">
              {point.parcelSerialNumber}
            </Text>
          ) : null}
        </HStack>
      </Stack>
    </Flex>
  );
}

function OrderCard({ number, order }: { number: string; order: TrackedOrder }) {
  const { t } = useTranslation('tracking');
  const [open, setOpen] = useState(false);
  const events = open ? order.events : order.events.slice(0, FIRST_EVENTS);
  const facts = [
    order.serialNumber !== number ? `${t('order')} ${order.serialNumber}` : undefined,
    order.parcelSerialNumber ? t('parcel', { serial: order.parcelSerialNumber }) : undefined,
    order.trackNo && order.trackNo !== number ? `${t('trackNo')} ${order.trackNo}` : undefined,
    order.customerCode ? `${t('customerCode')} ${order.customerCode}` : undefined,
    order.destCountry ? t('to', { country: order.destCountry }) : undefined,
    t('pieces', { count: order.pieces }),
  ].filter(Boolean);
  return (
    <Stack gap="3" data-testid="track-order">
      <Flex justify="space-between" align="flex-start" gap="3">
        <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
          {facts.join(' · ')}
        </Text>
        <StatusTag status={order.status} testId="track-status" />
      </Flex>
      {order.reason ? (
        <Text fontSize="sm" color="fg.error">
          {order.reason}
        </Text>
      ) : null}
      {order.events.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {t('noEvents')}
        </Text>
      ) : (
        <Box>
          {events.map((point, i) => (
            <EventRow key={`${point.time}-${i}`} point={point} latest={i === 0} last={i === events.length - 1} />
          ))}
        </Box>
      )}
      {order.events.length > FIRST_EVENTS ? (
        <Button variant="ghost" size="sm" alignSelf="flex-start" onClick={() => setOpen(!open)} data-testid="track-expand">
          {open ? t('collapse') : t('expand', { count: order.events.length })}
        </Button>
      ) : null}
    </Stack>
  );
}

/** The couriers a last-mile number looks like, each a link to its own tracking page. */
function Couriers({ couriers }: { couriers: CourierHit[] }) {
  const { t } = useTranslation('tracking');
  const language = useLanguage();
  return (
    <HStack gap="2" wrap="wrap" data-testid="track-couriers">
      <Text fontSize="sm" color="fg.muted">
        {t('couriers')}
      </Text>
      {couriers.map((c) => {
        const name = language === 'en-US' ? (c.nameEn ?? c.name) : c.name;
        return c.url ? (
          <Link key={c.code} href={c.url} target="_blank" rel="noopener noreferrer" fontSize="sm" colorPalette="blue" title={t('courierPage', { name })} data-testid="track-courier" data-code={c.code}>
            {name}
          </Link>
        ) : (
          <Badge key={c.code} variant="subtle" data-testid="track-courier" data-code={c.code}>
            {name}
          </Badge>
        );
      })}
    </HStack>
  );
}

function ResultCard({ result }: { result: AnyTrackResult }) {
  const { t } = useTranslation('tracking');
  return (
    <Card.Root size="sm" variant="outline" data-testid="track-result" data-found={result.found}>
      <Card.Header pb="0">
        <HStack gap="2" minW="0">
          <ParcelIcon boxSize="4" color="fg.muted" flexShrink={0} />
          <Text fontFamily="mono" fontWeight="semibold" wordBreak="break-all" data-testid="track-number">
            {result.number}
          </Text>
        </HStack>
        {result.couriers?.length ? <Couriers couriers={result.couriers} /> : null}
      </Card.Header>
      <Card.Body>
        {result.found ? (
          <Stack gap="5" separator={<Box borderTopWidth="1px" />}>
            {result.orders.map((order) => (
              <OrderCard key={`${order.serialNumber}-${order.parcelSerialNumber ?? ''}`} number={result.number} order={order} />
            ))}
          </Stack>
        ) : (
          <Stack gap="2">
            <Box>
              <Badge colorPalette="gray" variant="subtle" data-testid="track-status" data-status="unknown">
                {t('unknown')}
              </Badge>
            </Box>
            <Text color="fg.muted" fontSize="sm" data-testid="track-not-found">
              {result.couriers ? t('notYours') : t('notFound')}
            </Text>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

export function TrackResults({ results }: { results: AnyTrackResult[] }) {
  const { t } = useTranslation('tracking');
  const found = results.filter((r) => r.found).length;
  return (
    <Stack gap="3" data-testid="track-results">
      <Text fontSize="sm" color="fg.muted" data-testid="track-summary">
        {t('summary', { found, total: results.length })}
      </Text>
      {results.map((result) => (
        <ResultCard key={result.number} result={result} />
      ))}
    </Stack>
  );
}
