import { Box, Card, EmptyState, Heading, HStack, Stack, Text, VStack, type BoxProps, type EmptyStateRootProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormNote } from '../../../components/form/FormField';

interface EditorSectionProps {
  title: ReactNode;
  hint?: ReactNode;
  /** Buttons of the section (add…), beside the title or, with `actionsBelow`, under it. */
  actions?: ReactNode;
  actionsBelow?: boolean;
  /** A message about the whole section, above its content. */
  error?: string;
  /** `data-error-key` of the section (a jump to its messages lands here). */
  errorKey?: string;
  children: ReactNode;
}

/** A part of the rate-card editor: a card with a title, a hint, its buttons and its message. */
export function EditorSection({ title, hint, actions, actionsBelow = false, error, errorKey, children }: EditorSectionProps) {
  const heading = (
    <Box>
      <Heading size="sm">{title}</Heading>
      {hint ? (
        <Text textStyle="sm" color="fg.muted">
          {hint}
        </Text>
      ) : null}
    </Box>
  );
  return (
    <Card.Root size="sm" variant="outline" data-error-key={errorKey}>
      <Card.Header>
        {actionsBelow ? (
          <Stack gap="3">
            {heading}
            {actions}
          </Stack>
        ) : (
          <HStack justify="space-between" gap="3" wrap="wrap">
            {heading}
            {actions}
          </HStack>
        )}
      </Card.Header>
      <Card.Body>
        <FormNote marginBottom="3">{error}</FormNote>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/** What a section says while it has nothing (an icon, a title, a line, a button). */
export function SectionEmpty({ icon, title, description, note, children, ...root }: { icon?: ReactNode; title: ReactNode; description: ReactNode; note?: ReactNode; children?: ReactNode } & EmptyStateRootProps) {
  return (
    <EmptyState.Root size="sm" {...root}>
      <EmptyState.Content>
        {icon ? <EmptyState.Indicator>{icon}</EmptyState.Indicator> : null}
        <VStack textAlign="center" gap="1">
          <EmptyState.Title>{title}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
          {note}
        </VStack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** One entry of a section's list (a zone, a surcharge): a bordered box, red with its message under it. */
export function EditorRow({ error, children, ...box }: { error?: string; children: ReactNode } & BoxProps) {
  return (
    <Box borderWidth="1px" borderColor={error ? 'border.error' : 'border'} rounded="md" padding="3" {...box}>
      {children}
      <FormNote marginTop="2">{error}</FormNote>
    </Box>
  );
}
