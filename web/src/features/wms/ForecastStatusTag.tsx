import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = { pending: 'gray', receiving: 'blue', received: 'green', cancelled: 'red' };

/** A forecast's status as a coloured tag in the user's language. */
export function ForecastStatusTag({ value }: { value: string }) {
  const { t } = useTranslation('wmsForecast');
  return (
    <Badge size="sm" variant="subtle" colorPalette={COLORS[value] ?? 'gray'} data-testid="forecast-status" data-status={value}>
      {t(`status.${value}`, { defaultValue: value })}
    </Badge>
  );
}
