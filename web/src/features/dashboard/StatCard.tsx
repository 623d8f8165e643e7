/** The dashboard's figure cards and its "could not load" line, shared by its sections. */
import { Button, Card, Flex, HStack, Stack, Text, type IconProps } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

export interface StatFigure {
  key: string;
  label: string;
  value: string | number;
  hint?: string;
  icon: ComponentType<IconProps>;
  palette: string;
}

/** One figure with its icon; test ids `${prefix}-card-${key}` and `${prefix}-value`. */
export function StatCard({ figure, prefix }: { figure: StatFigure; prefix: string }) {
  const Icon = figure.icon;
  return (
    <Card.Root size="sm" data-testid={`${prefix}-card-${figure.key}`}>
      <Card.Body>
        <HStack gap="3" align="flex-start">
          <Flex boxSize="9" rounded="lg" bg={`${figure.palette}.subtle`} color={`${figure.palette}.fg`} align="center" justify="center" flexShrink={0}>
            <Icon boxSize="4.5" aria-hidden />
          </Flex>
          <Stack gap="0.5" minW="0">
            <Text fontSize="sm" color="fg.muted" truncate>
              {figure.label}
            </Text>
            <Text fontSize="xl" fontWeight="semibold" lineHeight="short" fontVariantNumeric="tabular-nums" data-testid={`${prefix}-value`} truncate>
              {figure.value}
            </Text>
            {figure.hint ? (
              <Text fontSize="xs" color="fg.subtle" truncate>
                {figure.hint}
              </Text>
            ) : null}
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** A section that could not load, with a retry. */
export function StatsError({ message, onRetry, testId }: { message: string; onRetry: () => void; testId: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <HStack gap="3" justify="center" py="4" data-testid={testId}>
      <Text fontSize="sm" color="fg.muted">
        {message}
      </Text>
      <Button size="xs" variant="outline" onClick={onRetry}>
        {t('visits.retry')}
      </Button>
    </HStack>
  );
}
