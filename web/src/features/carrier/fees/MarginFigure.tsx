/** A margin with its rate: green when it is zero or more, red when it is a loss (`data-tone`: `gain` or `loss`). */
import { Stack, Text } from '@chakra-ui/react';
import { amountSign, Money } from '../../../components/Money';

const COLORS = { gain: 'fg.success', loss: 'fg.error' } as const;

/** A margin's tone: a loss below zero, a gain otherwise. */
export const toneOf = (amount: string): keyof typeof COLORS => (amountSign(amount) < 0 ? 'loss' : 'gain');

/** The colour of a margin and of its rate. */
export const marginColor = (amount: string) => COLORS[toneOf(amount)];

/** `"12.50"` → `"12.50%"` (`—` when there is no rate: nothing was charged). */
export const rateText = (rate: string | null | undefined) => (rate ? `${rate}%` : '—');

export function MarginFigure({ margin, currency, rate, testId }: { margin: string; currency: string; rate?: string | null; testId?: string }) {
  const tone = toneOf(margin);
  return (
    <Stack gap="0" align="flex-end" data-testid={testId} data-tone={tone}>
      <Money amount={margin} currency={currency} plain color={COLORS[tone]} fontWeight="medium" />
      {rate !== undefined ? (
        <Text as="span" textStyle="xs" fontVariantNumeric="tabular-nums" color={rate ? COLORS[tone] : 'fg.muted'} data-testid={testId ? `${testId}-rate` : undefined}>
          {rateText(rate)}
        </Text>
      ) : null}
    </Stack>
  );
}
