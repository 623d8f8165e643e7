import { Card, EmptyState, Skeleton, SkeletonText, Stack, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FileTextIcon } from './icons';

/** While a page chunk loads. */
export function PageSkeleton() {
  return (
    <Card.Root data-testid="page-skeleton">
      <Card.Body>
        <Stack gap="4">
          <Skeleton height="6" width="40%" />
          <SkeletonText noOfLines={4} gap="3" />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** A menu item whose component this app does not have (yet). */
export function PageUnavailable({ component }: { component?: string }) {
  const { t } = useTranslation('layout');
  return (
    <Card.Root data-testid="page-unavailable">
      <Card.Body>
        <EmptyState.Root size="lg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <FileTextIcon />
            </EmptyState.Indicator>
            <VStack textAlign="center">
              <EmptyState.Title>{t('unavailable.title')}</EmptyState.Title>
              <EmptyState.Description>
                {component ? t('unavailable.descriptionWithComponent', { component }) : t('unavailable.description')}
              </EmptyState.Description>
            </VStack>
          </EmptyState.Content>
        </EmptyState.Root>
      </Card.Body>
    </Card.Root>
  );
}
