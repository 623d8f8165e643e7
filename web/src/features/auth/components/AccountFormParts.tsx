/** Pieces shared by the registration and password-reset pages. */
import { Card, Flex, HStack, Heading, Spinner, Stack, Steps, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, CircleCheckIcon } from '../../../components/icons';
import type { UniqueStatus } from '../hooks/useUniqueCheck';

/** The wide card of the multi-step pages, with a title and the steps. */
export function StepsCard({ title, subtitle, steps, step, children, testId }: {
  title: string;
  subtitle?: string;
  steps: string[];
  step: number;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card.Root w="full" maxW={{ base: 'full', md: '2xl' }} variant="elevated" data-testid={testId}>
      <Card.Body px={{ base: '5', sm: '8' }} py={{ base: '6', sm: '8' }} gap="8">
        <Stack gap="1">
          <Heading as="h1" size="xl">
            {title}
          </Heading>
          {subtitle ? <Text color="fg.muted">{subtitle}</Text> : null}
        </Stack>
        <Steps.Root step={step} count={steps.length} size="sm" linear>
          <Steps.List>
            {steps.map((label, index) => (
              <Steps.Item key={label} index={index} data-testid={`step-${index}`}>
                <Steps.Indicator />
                <Steps.Title display={{ base: index === step ? 'block' : 'none', sm: 'block' }} whiteSpace="nowrap">
                  {label}
                </Steps.Title>
                <Steps.Separator />
              </Steps.Item>
            ))}
          </Steps.List>
        </Steps.Root>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/** The green tick of a step done (an account made, a password reset); `large` at the top of a page. */
export function DoneMark({ large = false }: { large?: boolean }) {
  return (
    <Flex boxSize={large ? '16' : '14'} rounded="full" bg="green.subtle" color="green.solid" align="center" justify="center">
      <CircleCheckIcon boxSize={large ? '9' : '8'} />
    </Flex>
  );
}

/** "Checking…", "available" or nothing under a field checked live. */
export function UniqueHint({ status, freeText }: { status: UniqueStatus; freeText: string }) {
  const { t } = useTranslation('user');
  if (status === 'checking') {
    return (
      <HStack gap="1.5" fontSize="xs" color="fg.muted" data-testid="unique-checking">
        <Spinner size="xs" />
        <Text>{t('register.checking')}</Text>
      </HStack>
    );
  }
  if (status === 'free') {
    return (
      <HStack gap="1" fontSize="xs" color="fg.success" data-testid="unique-free">
        <CheckIcon />
        <Text>{freeText}</Text>
      </HStack>
    );
  }
  return null;
}
