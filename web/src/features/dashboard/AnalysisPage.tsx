import { Avatar, Badge, Box, Card, Flex, HStack, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MenuItemIcon } from '../../components/MenuIcon';
import { ChevronRightIcon } from '../../components/icons';
import { welcome } from '../../core';
import { useLanguage } from '../../i18n';
import { avatarUrl } from '../../lib/avatar';
import { HOME_PATH } from '../../lib/guard';
import { routeTitle, searchMenu } from '../../lib/menu';
import { usePermissions } from '../../lib/permission';
import { useUserInfo } from '../../lib/session';
import { VisitStats } from './VisitStats';
import { ShipmentStats } from './ShipmentStats';
import { WalletStats } from './WalletStats';

/** `/dashboard/analysis`: the landing page after sign-in, greeting the user by the hour, with the visit statistics. */
export default function AnalysisPage() {
  const { t } = useTranslation('dashboard');
  const lang = useLanguage();
  const navigate = useNavigate();
  const user = useUserInfo();
  const { routes } = usePermissions();
  const [now] = useState(() => new Date());
  const name = user?.realname || user?.username || '';
  const greeting = welcome(now.getHours(), lang);
  const today = new Intl.DateTimeFormat(lang, { dateStyle: 'full' }).format(now);
  const pages = searchMenu(routes, '', lang).filter((hit) => !hit.route.meta?.openInNewWindow && hit.route.path !== HOME_PATH);

  return (
    <Stack gap="6">
      <Card.Root data-testid="dashboard-welcome" overflow="hidden">
        <Box h="1" bgGradient="to-r" gradientFrom="colorPalette.400" gradientTo="colorPalette.700" />
        <Card.Body>
          <Flex gap="5" align={{ base: 'flex-start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
            <Avatar.Root size="2xl" colorPalette="daybreak">
              <Avatar.Fallback name={name} />
              {user?.avatar ? <Avatar.Image src={avatarUrl(user.avatar)} /> : null}
            </Avatar.Root>
            <Stack gap="1.5" flex="1" minW="0">
              <Heading as="h2" size="xl" data-testid="dashboard-greeting">
                {t('analysis.greeting', { greeting, name })}
              </Heading>
              <Text color="fg.muted">{t('analysis.subtitle')}</Text>
              <HStack gap="2" wrap="wrap" pt="1">
                {user?.orgCodeTxt ? <Badge variant="subtle">{t('analysis.department', { name: user.orgCodeTxt })}</Badge> : null}
                {user?.userKind ? <Badge variant="outline">{t(`analysis.kind.${kindKey(user.userKind)}`)}</Badge> : null}
              </HStack>
            </Stack>
            <Text color="fg.muted" fontSize="sm" flexShrink={0}>
              {today}
            </Text>
          </Flex>
        </Card.Body>
      </Card.Root>

      <ShipmentStats />

      <WalletStats />

      <VisitStats />

      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="md">
            {t('analysis.quickLinks')}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {t('analysis.quickLinksHint')}
          </Text>
        </Card.Header>
        <Card.Body>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
            {pages.map((hit) => (
              <HStack
                key={hit.route.path}
                as="button"
                gap="3"
                p="4"
                borderWidth="1px"
                rounded="md"
                textAlign="start"
                cursor="pointer"
                transition="all 0.2s"
                _hover={{ borderColor: 'colorPalette.solid', shadow: 'sm' }}
                onClick={() => void navigate(hit.route.path)}
                data-testid={`quick-link-${hit.route.name ?? hit.route.path}`}
              >
                <Flex boxSize="9" rounded="md" bg="colorPalette.subtle" color="colorPalette.fg" align="center" justify="center" flexShrink={0}>
                  <MenuItemIcon name={hit.route.meta?.icon} boxSize="4.5" />
                </Flex>
                <Stack gap="0" flex="1" minW="0">
                  <Text fontWeight="medium" truncate>
                    {routeTitle(hit.route, lang)}
                  </Text>
                  {hit.trail.length > 0 ? (
                    <Text fontSize="xs" color="fg.muted" truncate>
                      {hit.trail.join(' / ')}
                    </Text>
                  ) : null}
                </Stack>
                <ChevronRightIcon color="fg.subtle" />
              </HStack>
            ))}
          </SimpleGrid>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

function kindKey(kind: string): 'admin' | 'staff' | 'customer' | 'subAccount' | 'other' {
  if (kind === 'sub_account') return 'subAccount';
  if (kind === 'admin' || kind === 'staff' || kind === 'customer') return kind;
  return 'other';
}
