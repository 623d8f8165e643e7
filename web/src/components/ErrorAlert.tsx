import { Alert } from '@chakra-ui/react';

interface ErrorAlertProps {
  /** Nothing is shown while this is empty. */
  message: string | undefined | null;
  /** A heading above the message (the message alone is the heading when absent). */
  title?: string;
  testId?: string;
}

/** The error banner forms show above their fields for what the server refused. */
export function ErrorAlert({ message, title, testId }: ErrorAlertProps) {
  if (!message) return null;
  return (
    <Alert.Root status="error" size="sm" role="alert" data-testid={testId}>
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
