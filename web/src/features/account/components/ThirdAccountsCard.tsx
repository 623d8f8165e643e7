import { Badge, Button, Card, Flex, HStack, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import { KeyIcon, ShieldIcon } from '../../../components/icons';
import { ListEmpty } from '../../../components/list/ListEmpty';
import { toaster } from '../../../components/ui/toaster';
import { showTime } from '../../../lib/utcTime';
import { THIRD_ACCOUNTS_QUERY, unbindThirdAccount, useThirdAccounts, type ThirdAccount } from '../api/account';

/** The settings page's "bound accounts": the CAS and OpenID Connect identities that sign in as the user, each removable. */
export function ThirdAccountsCard() {
  const { t } = useTranslation('account');
  const accounts = useThirdAccounts();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();

  const provider = (type: string) => t(`binding.provider.${type === 'cas' ? 'cas' : 'oidc'}`);
  const ask = (account: ThirdAccount) =>
    confirm({
      title: t('binding.confirmTitle'),
      description: t('binding.confirmText', { provider: provider(account.thirdType), name: account.realname || account.thirdUserId }),
      confirmLabel: t('binding.unbind'),
      onConfirm: async () => {
        const envelope = await unbindThirdAccount(account.id);
        toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
        await queryClient.invalidateQueries({ queryKey: THIRD_ACCOUNTS_QUERY });
      },
    });

  const rows = accounts.data ?? [];
  return (
    <Card.Root data-testid="third-accounts">
      <Card.Header>
        <Heading size="md">{t('binding.title')}</Heading>
        <Text fontSize="sm" color="fg.muted">
          {t('binding.hint')}
        </Text>
      </Card.Header>
      <Card.Body>
        {accounts.isPending ? (
          <Stack gap="3" data-testid="third-accounts-loading">
            <Skeleton h="12" />
            <Skeleton h="12" />
          </Stack>
        ) : rows.length === 0 ? (
          <ListEmpty icon={<ShieldIcon />} title={t('binding.emptyTitle')} description={t('binding.emptyText')} testId="third-accounts-empty" />
        ) : (
          <Stack gap="0" separator={<Flex borderTopWidth="1px" />}>
            {rows.map((account) => (
              <Flex key={account.id} py="3" gap="4" align={{ base: 'flex-start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }} data-testid="third-account">
                <HStack gap="3" flex="1" minW="0">
                  <KeyIcon color="fg.muted" boxSize="5" />
                  <Stack gap="0.5" minW="0">
                    <HStack gap="2" wrap="wrap">
                      <Text fontWeight="medium" truncate>
                        {account.realname || account.thirdUserId}
                      </Text>
                      <Badge colorPalette="blue" variant="subtle">
                        {provider(account.thirdType)}
                      </Badge>
                    </HStack>
                    <Text fontSize="sm" color="fg.muted" truncate>
                      {t('binding.detail', { id: account.thirdUserId, time: showTime(account.createTime) })}
                    </Text>
                  </Stack>
                </HStack>
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => ask(account)} data-testid="third-account-unbind">
                  {t('binding.unbind')}
                </Button>
              </Flex>
            ))}
          </Stack>
        )}
      </Card.Body>
      {dialog}
    </Card.Root>
  );
}
