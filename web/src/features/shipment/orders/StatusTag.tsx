/** An order's status as a coloured tag, in the user's language. */
import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<string, string> = {
  draft: 'gray',
  submitted: 'blue',
  received: 'cyan',
  sorted: 'teal',
  shipped: 'purple',
  inTransit: 'purple',
  delivered: 'green',
  exception: 'red',
  returned: 'orange',
  cancelled: 'gray',
};

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation('shipment');
  return (
    <Badge colorPalette={STATUS_COLORS[status] ?? 'gray'} variant={status === 'cancelled' ? 'outline' : 'subtle'} data-testid="shipment-status">
      {t(`status.${status}` as 'status.draft', { defaultValue: status })}
    </Badge>
  );
}

