import { Alert } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';

interface ErrorAlertProps {
  /** Nothing is shown while this is empty. */
  message: string | undefined | null;
  /** A heading above the message (the message alone is the heading when absent). */
  title?: string;
  testId?: string;
}

/**
 * The error banner forms show above their fields for what the server refused. A long form is
 * usually scrolled to its submit button when the refusal comes: the banner brings itself into view.
 */
export function ErrorAlert({ message, title, testId }: ErrorAlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Optional call: test DOMs (jsdom) have no scrolling.
    if (message) ref.current?.scrollIntoView?.({ block: 'center' });
  }, [message]);
  if (!message) return null;
  return (
    <Alert.Root ref={ref} status="error" size="sm" role="alert" data-testid={testId}>
      <Alert.Indicator />
      {title ? (
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{message}</Alert.Description>
        </Alert.Content>
      ) : (
        <Alert.Title>{message}</Alert.Title>
      )}
    </Alert.Root>
  );
}
