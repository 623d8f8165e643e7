import { Alert, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountNameFields, ContactFields } from '../../../components/form/accountFields';
import { FormSection } from '../../../components/form/FormField';
import { RecordFormDrawer, type FormOpenProps } from '../../../components/form/RecordFormDialog';
import { textValues } from '../../../components/form/values';
import { PermissionTree } from '../../../components/permission/PermissionTree';
import { addSubAccount, editSubAccount, fetchSubPermissionTree, type SubAccountRecord } from './api';

const FIELDS = ['username', 'realname', 'password', 'confirmpassword', 'phone', 'email'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const TEST_IDS = { username: 'sub-username', realname: 'sub-realname', password: 'sub-password', confirmpassword: 'sub-confirmpassword' };

/** Add or edit a sub-account (`account`) with the permissions it gets (a subset of the main account's). */
export function SubAccountFormDrawer({ open, onOpenChange, account, onSaved }: FormOpenProps & { account?: SubAccountRecord; onSaved: () => void }) {
  const { t } = useTranslation('subAccount');
  const tree = useQuery({
    queryKey: ['subAccount', 'permissionTree', account?.id ?? null],
    queryFn: () => fetchSubPermissionTree(account?.id),
    enabled: open,
    staleTime: 0,
  });
  // The user's changes over the loaded grant.
  const [edits, setEdits] = useState<{ source: unknown; ids: string[] }>();
  const checked = edits && edits.source === tree.data ? edits.ids : (tree.data?.checked ?? []);

  const change = (next: boolean) => {
    if (!next) setEdits(undefined);
    onOpenChange(next);
  };

  const save = (values: Values) => {
    const common = { realname: values.realname.trim(), phone: values.phone.trim(), email: values.email.trim() };
    return account
      ? editSubAccount({ ...common, id: account.id, ...(tree.isSuccess ? { permissionIds: checked.join(',') } : {}) })
      : addSubAccount({ ...common, username: values.username.trim(), password: values.password, permissionIds: checked.join(',') });
  };

  return (
    <RecordFormDrawer<Values>
      open={open} onOpenChange={change} testId="sub-account-drawer" errorTestId="sub-account-form-error" submitTestId="sub-save" mode="onChange" fieldSize="md" gap="6" onSaved={onSaved}
      serverFields={FIELDS}
      title={account ? t('drawer.editTitle') : t('drawer.addTitle')}
      defaultValues={() => textValues(account, FIELDS)}
      save={save}
    >
      <AccountFields account={account} />
      <FormSection title={t('section.permissions')} gap="3">
        <Text textStyle="sm" color="fg.muted">
          {t('hint.permissions')}
        </Text>
        {tree.isError ? (
          <Alert.Root status="warning" size="sm">
            <Alert.Indicator />
            <Alert.Title>{t('permissionsFailed')}</Alert.Title>
          </Alert.Root>
        ) : tree.isPending ? (
          <Stack gap="2">
            <Skeleton height="8" />
            <Skeleton height="5" width="70%" />
            <Skeleton height="5" width="60%" />
          </Stack>
        ) : (
          <PermissionTree nodes={tree.data.treeList} checked={checked} onChange={(ids) => setEdits({ source: tree.data, ids })} maxHeight="50vh" testId="sub-permission-tree" />
        )}
      </FormSection>
    </RecordFormDrawer>
  );
}

function AccountFields({ account }: { account: SubAccountRecord | undefined }) {
  const { t } = useTranslation('subAccount');
  return (
    <FormSection title={t('section.account')}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <AccountNameFields<Values> text={t} testIds={TEST_IDS} accountId={account?.id} />
        <ContactFields<Values> text={t} accountId={account?.id} />
      </SimpleGrid>
    </FormSection>
  );
}
