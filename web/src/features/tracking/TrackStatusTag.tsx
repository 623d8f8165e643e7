/** A normalized tracking status, localized and coloured (lists, results and the order lists). */
import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { asStatus, statusPalette } from './api';

export function StatusTag({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation('tracking');
  const known = asStatus(status);
  return (
    <Badge colorPalette={statusPalette(status)} variant="solid" size="md" data-testid={testId} data-status={status}>
      {known ? t(`status.${known}`) : status}
    </Badge>
  );
}
