/** What the single sign-on return pages (`/sso/cas`, `/sso/third`) share: their card, waiting, failing, finishing. */
import { Button, Card, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLink, usePageNavigation } from '../../../app/navigation';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LOGIN_PATH } from '../redirect';
import { rememberLogin, type LoginResult } from '../api/login';
import { takeSsoRedirect } from '../api/ssoLogin';

/** The card of a return page, in the account pages' layout. */
export function SsoCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card.Root w="full" maxW={{ base: 'full', sm: 'md' }} variant="elevated" data-testid={testId}>
      <Card.Body px={{ base: '5', sm: '8' }} py={{ base: '6', sm: '8' }}>
        <Stack gap="5">
          <Heading as="h1" size="lg" textAlign="center">
            {title}
          </Heading>
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** While the server answers. */
export function SsoWaiting({ label }: { label: string }) {
  return (
    <HStack justify="center" gap="3" py="4" color="fg.muted" data-testid="sso-waiting">
      <Spinner size="sm" />
      <Text>{label}</Text>
    </HStack>
  );
}

/** Why the sign-in did not happen (the server's message), and the way back to the sign-in page. */
export function SsoFailure({ message }: { message: string }) {
  const { t } = useTranslation('sso');
  return (
    <>
      <ErrorAlert message={message} title={t('failed')} testId="sso-error" />
      <BackToSignIn />
    </>
  );
}

export function BackToSignIn() {
  const { t } = useTranslation('sso');
  return (
    <Button asChild variant="outline" size="lg" w="full">
      <PageLink to={LOGIN_PATH} data-testid="sso-back">
        {t('back')}
      </PageLink>
    </Button>
  );
}

/** Finishes a sign-in as the password sign-in does: keeps the session, then the kept `redirect` or home. */
export function useFinishSignIn(): (result: LoginResult) => void {
  const { navigate } = usePageNavigation();
  return useCallback(
    (result: LoginResult) => {
      rememberLogin(result);
      navigate(takeSsoRedirect(), { replace: true });
    },
    [navigate],
  );
}
