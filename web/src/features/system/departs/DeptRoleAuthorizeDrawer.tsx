import { Alert, Button, CloseButton, Drawer, Portal, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../../components/ui/toaster';
import { PermissionTree, type TreeNode } from '../../../components/permission/PermissionTree';
import { departKeys, fetchDeptRolePermissions, fetchDeptRoleTree, saveDeptRolePermissions, type DepartRole } from './api';
import { TreeSkeleton } from './DepartPermissionTab';

/** Grants a department role some of the department's own permissions. */
export function DeptRoleAuthorizeDrawer({ departId, role, onClose }: { departId: string; role: DepartRole | undefined; onClose: () => void }) {
  return (
    <Drawer.Root open={role !== undefined} onOpenChange={(details) => (details.open ? undefined : onClose())} size={{ base: 'full', md: 'md' }} lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="depart-role-authorize">
            {role ? <AuthorizeBody departId={departId} role={role} onClose={onClose} /> : null}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function AuthorizeBody({ departId, role, onClose }: { departId: string; role: DepartRole; onClose: () => void }) {
  const { t } = useTranslation('sysDepart');
  const tree = useQuery({ queryKey: departKeys.roleTree(departId), queryFn: ({ signal }) => fetchDeptRoleTree(departId, signal) });
  const granted = useQuery({ queryKey: departKeys.rolePermissions(role.id), queryFn: ({ signal }) => fetchDeptRolePermissions(role.id, signal), staleTime: 0 });
  const ready = tree.data !== undefined && granted.data !== undefined;

  return (
    <>
      <Drawer.Header>
        <Drawer.Title>{t('role.authorizeTitle', { name: role.roleName })}</Drawer.Title>
      </Drawer.Header>
      {ready ? (
        <AuthorizeEditor key={role.id} role={role} nodes={tree.data.treeList} initial={granted.data} onClose={onClose} />
      ) : (
        <Drawer.Body>
          <TreeSkeleton />
        </Drawer.Body>
      )}
    </>
  );
}

function AuthorizeEditor({ role, nodes, initial, onClose }: { role: DepartRole; nodes: TreeNode[]; initial: string[]; onClose: () => void }) {
  const { t } = useTranslation('sysDepart');
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState<string[]>(initial);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      const envelope = await saveDeptRolePermissions(role.id, checked, initial);
      toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
      await queryClient.invalidateQueries({ queryKey: departKeys.rolePermissions(role.id) });
      onClose();
    } catch {
      // The API client showed the notice (e.g. a permission outside the department's).
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Drawer.Body>
        <Stack gap="4">
          {nodes.length === 0 ? (
            <Alert.Root status="info" size="sm">
              <Alert.Indicator />
              <Alert.Title>{t('role.authorizeEmpty')}</Alert.Title>
            </Alert.Root>
          ) : (
            <Text textStyle="sm" color="fg.muted">
              {t('role.authorizeHint')}
            </Text>
          )}
          <PermissionTree nodes={nodes} checked={checked} onChange={setChecked} testId="depart-role-tree" />
        </Stack>
      </Drawer.Body>
      <Drawer.Footer>
        <Drawer.ActionTrigger asChild>
          <Button variant="outline" size="sm">
            {t('action.cancel', { ns: 'dataTable' })}
          </Button>
        </Drawer.ActionTrigger>
        <Button size="sm" loading={saving} disabled={nodes.length === 0} onClick={() => void save()} data-testid="depart-role-authorize-save">
          {t('action.save', { ns: 'dataTable' })}
        </Button>
      </Drawer.Footer>
    </>
  );
}
