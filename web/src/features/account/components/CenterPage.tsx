import { Avatar, Badge, Box, Card, DataList, Flex, Grid, HStack, Heading, Separator, Skeleton, SkeletonCircle, SkeletonText, Stack, Text, Wrap } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BuildingIcon, ClockIcon, MailIcon, MapPinIcon, PhoneIcon, UserIcon } from '../../../components/icons';
import { useLanguage } from '../../../i18n';
import { avatarUrl } from '../../../lib/avatar';
import { countryName } from '../../../lib/countries';
import { showTime } from '../../../lib/utcTime';
import { useProfile, type Profile } from '../api/account';

function IconLine({ icon, children, testId }: { icon: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <HStack gap="2.5" color="fg.muted" fontSize="sm" data-testid={testId}>
      <Box flexShrink={0} display="flex">
        {icon}
      </Box>
      <Text color="fg" truncate>
        {children}
      </Text>
    </HStack>
  );
}

function Loading() {
  return (
    <Grid templateColumns={{ base: '1fr', lg: '320px 1fr' }} gap="6" data-testid="center-loading">
      <Card.Root>
        <Card.Body alignItems="center" gap="4">
          <SkeletonCircle size="24" />
          <Skeleton h="5" w="40%" />
          <SkeletonText noOfLines={4} w="full" />
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body gap="4">
          <Skeleton h="5" w="30%" />
          <SkeletonText noOfLines={6} />
        </Card.Body>
      </Card.Root>
    </Grid>
  );
}

/** `/account/center`: the profile card and the account's details. */
export default function CenterPage() {
  const { t } = useTranslation('account');
  const profile = useProfile();
  if (profile.isPending) return <Loading />;
  if (!profile.data) {
    return (
      <Card.Root>
        <Card.Body>
          <Text color="fg.muted">{t('center.loadFailed')}</Text>
        </Card.Body>
      </Card.Root>
    );
  }
  return <ProfileView profile={profile.data} />;
}

function ProfileView({ profile }: { profile: Profile }) {
  const { t } = useTranslation('account');
  const lang = useLanguage();
  const { userInfo: user, roles = [], departs = [], tenant, company, lastLogin } = profile;
  const name = user.realname || user.username;
  const department = user.orgCodeTxt || departs.find((d) => d.orgCode === user.orgCode)?.departName;
  const dash = t('center.none');
  const sex = user.sex === 1 ? t('sex.male') : user.sex === 2 ? t('sex.female') : dash;

  const details: [string, ReactNode][] = [
    [t('field.username'), user.username],
    [t('field.realname'), user.realname || dash],
    [t('field.phone'), user.phone || dash],
    [t('field.email'), user.email || dash],
    [t('field.sex'), sex],
    [t('field.birthday'), user.birthday || dash],
    [t('center.workNo'), user.workNo || dash],
    [t('center.createTime'), showTime(user.createTime) || dash],
  ];

  return (
    <Grid templateColumns={{ base: '1fr', lg: '320px 1fr' }} gap="6" alignItems="start" data-testid="account-center">
      <Card.Root>
        <Card.Body gap="5">
          <Stack align="center" gap="3" textAlign="center">
            <Avatar.Root size="2xl" boxSize="24" colorPalette="daybreak">
              <Avatar.Fallback name={name} fontSize="3xl" />
              {user.avatar ? <Avatar.Image src={avatarUrl(user.avatar)} /> : null}
            </Avatar.Root>
            <Stack gap="0.5">
              <Heading as="h2" size="lg" data-testid="center-realname">
                {name}
              </Heading>
              <Text color="fg.muted" fontSize="sm" data-testid="center-username">
                {user.username}
              </Text>
            </Stack>
          </Stack>
          <Stack gap="2.5">
            <IconLine icon={<BuildingIcon />} testId="center-department">
              {department || dash}
            </IconLine>
            <IconLine icon={<UserIcon />} testId="center-tenant">
              {tenant?.name || dash}
            </IconLine>
            {user.phone ? <IconLine icon={<PhoneIcon />}>{user.phone}</IconLine> : null}
            {user.email ? <IconLine icon={<MailIcon />}>{user.email}</IconLine> : null}
            <IconLine icon={<ClockIcon />} testId="center-last-login">
              {lastLogin?.time ? t('center.lastLogin', { time: showTime(lastLogin.time), ip: lastLogin.ip ?? '-' }) : t('center.noLastLogin')}
            </IconLine>
          </Stack>
          <Separator />
          <Stack gap="2">
            <Text fontWeight="medium" fontSize="sm">
              {t('center.roles')}
            </Text>
            <Wrap gap="2" data-testid="center-roles">
              {roles.length > 0 ? roles.map((role) => (
                <Badge key={role.roleCode} variant="subtle" size="md">
                  {role.roleName}
                </Badge>
              )) : <Text fontSize="sm" color="fg.muted">{dash}</Text>}
            </Wrap>
          </Stack>
        </Card.Body>
      </Card.Root>

      <Stack gap="6">
        {company ? (
          <Card.Root data-testid="center-company">
            <Card.Header>
              <Heading as="h3" size="md">
                {t('center.company')}
              </Heading>
            </Card.Header>
            <Card.Body>
              <DataList.Root orientation="horizontal" size="md">
                {([
                  [t('company.name'), company.companyName],
                  [t('company.contact'), company.contactPerson],
                  [t('company.country'), company.country ? `${countryName(company.country, lang)} (${company.country})` : undefined],
                  [t('company.address'), company.address],
                  [t('company.taxNumber'), company.taxNumber],
                ] as const).map(([label, value]) => (
                  <DataList.Item key={label}>
                    <DataList.ItemLabel minW="32">{label}</DataList.ItemLabel>
                    <DataList.ItemValue>{value || dash}</DataList.ItemValue>
                  </DataList.Item>
                ))}
              </DataList.Root>
            </Card.Body>
          </Card.Root>
        ) : null}
        <Card.Root>
          <Card.Header>
            <Flex justify="space-between" align="center">
              <Heading as="h3" size="md">
                {t('center.account')}
              </Heading>
              <HStack color="fg.muted" fontSize="sm" gap="1.5">
                <MapPinIcon />
                <Text>{department || dash}</Text>
              </HStack>
            </Flex>
          </Card.Header>
          <Card.Body>
            <DataList.Root orientation="horizontal" size="md">
              {details.map(([label, value]) => (
                <DataList.Item key={label}>
                  <DataList.ItemLabel minW="32">{label}</DataList.ItemLabel>
                  <DataList.ItemValue>{value}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Grid>
  );
}
