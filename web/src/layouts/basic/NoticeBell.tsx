import { EmptyState, IconButton, Popover, Portal, Text, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { BellIcon, InboxIcon } from '../../components/icons';

/**
 * The notification bell. Announcements (two tabs, badge, "view more") arrive with the
 * announcement issue; until then the popover says there is nothing new.
 */
export function NoticeBell({ color }: { color?: string }) {
  const { t } = useTranslation('layout');
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <IconButton variant="ghost" size="sm" color={color} aria-label={t('notice.label')} data-testid="notice-bell" _hover={{ bg: 'blackAlpha.100' }}>
          <BellIcon boxSize="4.5" />
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="300px" data-testid="notice-popover">
            <Popover.Header borderBottomWidth="1px" py="3">
              <Text fontWeight="semibold" fontSize="sm">
                {t('notice.title')}
              </Text>
            </Popover.Header>
            <Popover.Body py="6">
              <EmptyState.Root size="sm">
                <EmptyState.Content>
                  <EmptyState.Indicator>
                    <InboxIcon />
                  </EmptyState.Indicator>
                  <VStack textAlign="center" gap="1">
                    <EmptyState.Title fontSize="sm">{t('notice.empty')}</EmptyState.Title>
                    <EmptyState.Description fontSize="xs">{t('notice.emptyHint')}</EmptyState.Description>
                  </VStack>
                </EmptyState.Content>
              </EmptyState.Root>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
