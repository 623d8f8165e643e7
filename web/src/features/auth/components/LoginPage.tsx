import { Box, Button, Card, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLink, usePageNavigation } from '../../../app/navigation';
import { useLogin, type LoginRequest } from '../api/login';
import { safeRedirect } from '../redirect';
import { casLoginHref, OIDC_START_URL, rememberSsoRedirect, useSsoConfig } from '../sso';
import { Tabs } from './LightTabs';
import { PasswordLoginForm } from './PasswordLoginForm';
import { PhoneLoginForm } from './PhoneLoginForm';

type LoginTab = 'password' | 'phone';

/** The single sign-on the server offers (none: nothing shows); the `redirect` query waits for the way back. */
function SsoButtons({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation('user');
  const config = useSsoConfig();
  if (!config?.cas && !config?.oidc) return null;
  const keep = () => rememberSsoRedirect(redirect);
  const line = <Box flex="1" h="1px" bg="border" />;
  return (
    <Stack gap="3" mt="6">
      <HStack gap="3" fontSize="sm" color="fg.subtle">
        {line}
        {t('login.sso.or')}
        {line}
      </HStack>
      {config.cas ? (
        <Button asChild variant="outline" size="lg" w="full">
          <a href={casLoginHref(config.cas.loginUrl)} onClick={keep} data-testid="sso-cas">
            {t('login.sso.cas')}
          </a>
        </Button>
      ) : null}
      {config.oidc ? (
        <Button asChild variant="outline" size="lg" w="full">
          <a href={OIDC_START_URL} onClick={keep} data-testid="sso-oidc">
            {t('login.sso.oidc', { name: config.oidc.name })}
          </a>
        </Button>
      ) : null}
    </Stack>
  );
}

/** `/user/login`: password or phone sign-in, or the single sign-on offered; lands on the `redirect` query or the dashboard. */
export default function LoginPage() {
  const { t } = useTranslation('user');
  const { navigate, search } = usePageNavigation();
  const searchParams = new URLSearchParams(search);
  const [tab, setTab] = useState<LoginTab>('password');
  const loginMutation = useLogin(() => {
    navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
  });

  const submit = (request: LoginRequest) => loginMutation.mutate(request);
  const formProps = {
    onSubmit: submit,
    submitting: loginMutation.isPending,
    error: loginMutation.error?.message,
  };

  return (
    <Card.Root w="full" maxW={{ base: 'full', sm: 'md' }} variant="elevated" data-testid="login-card">
      <Card.Body px={{ base: '5', sm: '8' }} pt="4" pb={{ base: '6', sm: '8' }}>
        <Tabs.Root
          value={tab}
          onValueChange={(details) => {
            setTab(details.value as LoginTab);
            loginMutation.reset();
          }}
          fitted
          lazyMount
          unmountOnExit
        >
          <Tabs.List mb="6">
            <Tabs.Trigger value="password" data-testid="tab-password">
              {t('login.tabs.password')}
            </Tabs.Trigger>
            <Tabs.Trigger value="phone" data-testid="tab-phone">
              {t('login.tabs.phone')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="password" p="0">
            <PasswordLoginForm {...formProps} initialUsername={searchParams.get('username') ?? ''} />
          </Tabs.Content>
          <Tabs.Content value="phone" p="0">
            <PhoneLoginForm {...formProps} />
          </Tabs.Content>
        </Tabs.Root>
        <SsoButtons redirect={searchParams.get('redirect')} />
        <HStack justify="center" gap="1" mt="6" fontSize="sm">
          <Text color="fg.muted">{t('login.noAccount')}</Text>
          <Link asChild color="colorPalette.fg" fontWeight="medium">
            <PageLink to="/user/register">{t('login.register')}</PageLink>
          </Link>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
