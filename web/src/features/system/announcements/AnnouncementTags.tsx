import { Badge, Box, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { isCategory, isPriority, isSendStatus, PRIORITY_COLORS, SEND_STATUS_COLORS } from './api';

/** L 一般/General (gray), M 重要/Important (orange), H 紧急/Urgent (red). */
export function PriorityTag({ value }: { value: string | null | undefined }) {
  const { t } = useTranslation('sysAnnouncement');
  if (!isPriority(value)) return <Text as="span">{value || '—'}</Text>;
  return (
    <Badge size="sm" variant="subtle" colorPalette={PRIORITY_COLORS[value]} data-testid="priority-tag" data-value={value}>
      <Box as="span" boxSize="1.5" rounded="full" bg="colorPalette.solid" aria-hidden="true" />
      {t(`priority.${value}`)}
    </Badge>
  );
}

/** Draft (gray), released (green), revoked (orange). */
export function SendStatusTag({ value }: { value: string | null | undefined }) {
  const { t } = useTranslation('sysAnnouncement');
  if (!isSendStatus(value)) return <Text as="span">{value || '—'}</Text>;
  return (
    <Badge size="sm" variant={value === '1' ? 'solid' : 'subtle'} colorPalette={SEND_STATUS_COLORS[value]} data-testid="send-status-tag" data-value={value}>
      {t(`sendStatus.${value}`)}
    </Badge>
  );
}

/** Announcement or system message. */
export function CategoryTag({ value }: { value: string | null | undefined }) {
  const { t } = useTranslation('sysAnnouncement');
  if (!isCategory(value)) return <Text as="span">{value || '—'}</Text>;
  return (
    <HStack as="span" gap="1.5">
      <Box as="span" boxSize="2" rounded="sm" bg={value === '1' ? 'blue.500' : 'purple.500'} aria-hidden="true" />
      <Text as="span">{t(`category.${value}`)}</Text>
    </HStack>
  );
}
