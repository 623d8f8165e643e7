/** The wallet's coloured tags: a recharge's review, a trade's kind, a hold's state, a payment channel, an account's status. */
import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { isOneOf } from '../../../components/form/options';
import { HOLD_STATES, PAYMENT_CHANNELS, RECHARGE_STATUSES, TRADE_TYPES, type HoldState, type PaymentChannel, type RechargeStatus, type TradeType } from './api';

const RECHARGE_COLORS: Record<RechargeStatus, string> = { pending: 'orange', confirmed: 'green', rejected: 'red' };
const TRADE_COLORS: Record<TradeType, string> = {
  recharge: 'green',
  withhold: 'orange',
  capture: 'blue',
  release: 'gray',
  refund: 'teal',
  adjustment: 'purple',
  reweigh: 'cyan',
  fee: 'pink',
  expire: 'gray',
};
const HOLD_COLORS: Record<HoldState, string> = { pending: 'orange', captured: 'blue', released: 'gray', expired: 'purple' };
const CHANNEL_COLORS: Record<PaymentChannel, string> = { bank: 'blue', sandbox: 'cyan' };

/** Pending (orange), confirmed (green) or rejected (red). */
export function RechargeStatusTag({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation('wallet');
  if (!isOneOf(RECHARGE_STATUSES, status)) return <Badge size="sm">{status}</Badge>;
  return (
    <Badge size="sm" variant="subtle" colorPalette={RECHARGE_COLORS[status]} data-testid={testId} data-status={status}>
      {t(`rechargeStatus.${status}`)}
    </Badge>
  );
}

export function TradeTypeTag({ type }: { type: string }) {
  const { t } = useTranslation('wallet');
  if (!isOneOf(TRADE_TYPES, type)) return <Badge size="sm">{type}</Badge>;
  return (
    <Badge size="sm" variant="subtle" colorPalette={TRADE_COLORS[type]}>
      {t(`tradeType.${type}`)}
    </Badge>
  );
}

export function HoldStateTag({ state }: { state: string }) {
  const { t } = useTranslation('wallet');
  if (!isOneOf(HOLD_STATES, state)) return <Badge size="sm">{state}</Badge>;
  return (
    <Badge size="sm" variant="subtle" colorPalette={HOLD_COLORS[state]}>
      {t(`holdState.${state}`)}
    </Badge>
  );
}

export function ChannelTag({ channel }: { channel: string | null | undefined }) {
  const { t } = useTranslation('wallet');
  if (!channel) return <>{'—'}</>;
  if (!isOneOf(PAYMENT_CHANNELS, channel)) return <Badge size="sm" variant="outline">{channel}</Badge>;
  return (
    <Badge size="sm" variant="outline" colorPalette={CHANNEL_COLORS[channel]}>
      {t(`channel.${channel}`)}
    </Badge>
  );
}

/** Active (green) or frozen (red). */
export function AccountStatusTag({ status, testId }: { status: number; testId?: string }) {
  const { t } = useTranslation('wallet');
  const frozen = Number(status) === 0;
  return (
    <Badge size="sm" variant={frozen ? 'solid' : 'subtle'} colorPalette={frozen ? 'red' : 'green'} data-testid={testId}>
      {frozen ? t('accountStatus.0') : t('accountStatus.1')}
    </Badge>
  );
}
