/**
 * What an intake answered, as the scanner pages show it: the re-weigh adjustment as a badge (red:
 * more charged than held, green: some refunded, grey: no change) and the result card of one
 * received parcel (order, parcels received, weights, the money).
 */
import { Badge, Card, DataList, Heading, HStack, Stack, Text, type BadgeProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { adjustmentOf, type AdjustmentKind, type IntakeResult } from './api';

const PALETTE: Record<AdjustmentKind, string> = { charged: 'red', refunded: 'green', none: 'gray' };

/** The adjustment of a settled order; nothing when there is none (the order is not complete). */
export function AdjustmentBadge({ adjustment, currency, size = 'md', testId = 'intake-adjustment' }: { adjustment: string | null | undefined; currency: string | null | undefined; size?: BadgeProps['size']; testId?: string }) {
  const { t } = useTranslation('inbound');
  if (adjustment === null || adjustment === undefined || adjustment.trim() === '') return null;
  const { kind, amount } = adjustmentOf(adjustment);
  return (
    <Badge size={size} variant={kind === 'none' ? 'subtle' : 'solid'} colorPalette={PALETTE[kind]} fontFamily="mono" data-testid={testId} data-kind={kind}>
      {t(`adjustment.${kind}`, { amount, currency: currency ?? '' })}
    </Badge>
  );
}

/** Parcels of the order still to come. */
export const awaitingOf = (result: Pick<IntakeResult, 'pieces' | 'receivedPieces'>) => Math.max(0, result.pieces - result.receivedPieces);

/** The money line of a result: held → charged with the adjustment, or how many parcels the order still waits for. */
export function IntakeMoney({ result, size = 'md' }: { result: IntakeResult; size?: BadgeProps['size'] }) {
  const { t } = useTranslation('inbound');
  if (!result.complete) {
    return (
      <Badge size={size} variant="subtle" colorPalette="orange" data-testid="intake-awaiting">
        {t('result.awaiting', { count: awaitingOf(result) })}
      </Badge>
    );
  }
  return (
    <HStack gap="2" wrap="wrap">
      <AdjustmentBadge adjustment={result.adjustment ?? '0'} currency={result.currency} size={size} />
      <Text textStyle="sm" color="fg.muted" fontFamily="mono" data-testid="intake-money">
        {t('result.heldToCharged', { held: result.heldAmount, charged: result.chargedAmount ?? result.heldAmount, currency: result.currency })}
      </Text>
    </HStack>
  );
}

/** The card of the parcel just received. */
export function IntakeResultCard({ result }: { result: IntakeResult }) {
  const { t } = useTranslation('inbound');
  const { inbound } = result;
  const kg = (value: string | null | undefined) => (value ? t('kg', { value }) : '—');
  return (
    <Card.Root variant="outline" borderColor={result.complete ? 'green.emphasized' : 'orange.emphasized'} data-testid="intake-result">
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Heading size="md" fontFamily="mono">
              {t('result.title', { parcel: inbound.parcelSerialNumber })}
            </Heading>
            {result.complete ? (
              <Badge variant="subtle" colorPalette="green">
                {t('result.complete')}
              </Badge>
            ) : null}
          </HStack>
          <DataList.Root orientation="horizontal" size="sm">
            <DataList.Item>
              <DataList.ItemLabel>{t('result.order')}</DataList.ItemLabel>
              <DataList.ItemValue fontFamily="mono" data-testid="intake-result-order">
                {result.serialNumber}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('result.parcels')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="intake-result-parcels">{t('result.parcelsValue', { received: result.receivedPieces, pieces: result.pieces })}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('result.declared')}</DataList.ItemLabel>
              <DataList.ItemValue fontFamily="mono">{kg(inbound.declaredWeight)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('result.measured')}</DataList.ItemLabel>
              <DataList.ItemValue fontFamily="mono" fontWeight="semibold">
                {kg(inbound.weight)}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('result.chargeable')}</DataList.ItemLabel>
              <DataList.ItemValue fontFamily="mono">{kg(result.chargeableWeight)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('result.money')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <Stack gap="1">
                  <IntakeMoney result={result} />
                  {result.complete ? null : (
                    <Text textStyle="xs" color="fg.muted" fontFamily="mono">
                      {t('result.held', { held: result.heldAmount, currency: result.currency })}
                    </Text>
                  )}
                  <Text textStyle="xs" color="fg.muted">
                    {t('result.rateVersion', { version: result.rateVersion })}
                  </Text>
                </Stack>
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
