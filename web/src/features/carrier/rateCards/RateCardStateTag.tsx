import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { RATE_CARD_STATES, type RateCardState } from './types';

const PALETTE: Record<RateCardState, string> = { current: 'green', scheduled: 'blue', superseded: 'gray' };

const isState = (state: string | null | undefined): state is RateCardState => (RATE_CARD_STATES as readonly string[]).includes(state ?? '');

/** A version's state: in force today (green), starting later (blue) or superseded (grey). */
export function RateCardStateTag({ state }: { state: string | null | undefined }) {
  const { t } = useTranslation('rateCard');
  if (!isState(state)) return <>{state || '—'}</>;
  return (
    <Badge size="sm" variant={state === 'superseded' ? 'outline' : 'subtle'} colorPalette={PALETTE[state]} data-testid="rate-card-state" data-state={state}>
      {t(`state.${state}`)}
    </Badge>
  );
}

/** The state's label for exports. */
export function stateLabel(t: (key: `state.${RateCardState}`) => string, state: string | null | undefined): string {
  return isState(state) ? t(`state.${state}`) : (state ?? '');
}
