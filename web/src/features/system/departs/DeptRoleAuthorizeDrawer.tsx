import { Alert, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AuthorizeDrawer } from '../../../components/permission/AuthorizeDrawer';
import { departKeys, fetchDeptRolePermissions, fetchDeptRoleTree, saveDeptRolePermissions, type DepartRole } from './api';

/** Grants a department role some of the department's own permissions. */
export function DeptRoleAuthorizeDrawer({ departId, role, onClose }: { departId: string; role: DepartRole | undefined; onClose: () => void }) {
  const { t } = useTranslation('sysDepart');
  const queryClient = useQueryClient();
  const open = role !== undefined;
  const roleId = role?.id ?? '';
  const tree = useQuery({ queryKey: departKeys.roleTree(departId), queryFn: ({ signal }) => fetchDeptRoleTree(departId, signal), enabled: open });
  const granted = useQuery({ queryKey: departKeys.rolePermissions(roleId), queryFn: ({ signal }) => fetchDeptRolePermissions(roleId, signal), enabled: open, staleTime: 0 });
  const nodes = tree.data?.treeList;

  return (
    <AuthorizeDrawer
      open={open}
      onClose={onClose}
      testId="depart-role-authorize"
      size={{ base: 'full', md: 'md' }}
      title={role ? t('role.authorizeTitle', { name: role.roleName }) : ''}
      nodes={nodes}
      granted={granted.data}
      intro={
        nodes?.length === 0 ? (
          <Alert.Root status="info" size="sm">
            <Alert.Indicator />
            <Alert.Title>{t('role.authorizeEmpty')}</Alert.Title>
          </Alert.Root>
        ) : (
          <Text textStyle="sm" color="fg.muted">
            {t('role.authorizeHint')}
          </Text>
        )
      }
      treeTestId="depart-role-tree"
      save={(checked, last) => saveDeptRolePermissions(roleId, checked, last)}
      onSaved={() => void queryClient.invalidateQueries({ queryKey: departKeys.rolePermissions(roleId) })}
      saveTestId="depart-role-authorize-save"
    />
  );
}
