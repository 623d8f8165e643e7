import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { DoneMark } from './AccountFormParts';

/** `/user/register-result`: the account exists; sign in with it. */
export default function RegisterResultPage() {
  const { t } = useTranslation('user');
  const [params] = useSearchParams();
  const location = useLocation();
  const fromState = (location.state as { username?: string } | null)?.username;
  const username = fromState ?? params.get('username') ?? '';

  return (
    <Card.Root w="full" maxW={{ base: 'full', md: 'xl' }} variant="elevated" data-testid="register-result">
      <Card.Body px={{ base: '5', sm: '10' }} py={{ base: '8', sm: '12' }}>
        <Stack align="center" textAlign="center" gap="4">
          <DoneMark large />
          <Heading as="h1" size="xl">
            {t('registerResult.title')}
          </Heading>
          <Text color="fg.muted" data-testid="register-result-username">
            {username ? t('registerResult.description', { username }) : t('registerResult.descriptionPlain')}
          </Text>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3" pt="4" w={{ base: 'full', sm: 'auto' }}>
            <Button asChild size="lg" data-testid="register-result-login">
              <RouterLink to={username ? `/user/login?${new URLSearchParams({ username }).toString()}` : '/user/login'}>{t('registerResult.signIn')}</RouterLink>
            </Button>
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
