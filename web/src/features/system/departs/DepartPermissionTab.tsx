import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../components/Authorized';
import { toaster } from '../../../components/ui/toaster';
import { useButtonState } from '../../../hooks/useButtonState';
import { TreeSkeleton } from '../../../components/permission/AuthorizeDrawer';
import { PermissionTree, type TreeNode } from '../../../components/permission/PermissionTree';
import { departKeys, fetchDepartPermissions, fetchPermissionTree, saveDepartPermissions } from './api';

/** "Department permissions": what the department may hand out to its roles. */
export function DepartPermissionTab({ departId }: { departId: string }) {
  const tree = useQuery({ queryKey: departKeys.permissionTree(), queryFn: ({ signal }) => fetchPermissionTree(signal) });
  const granted = useQuery({ queryKey: departKeys.permissions(departId), queryFn: ({ signal }) => fetchDepartPermissions(departId, signal) });
  if (!tree.data || !granted.data) return <TreeSkeleton />;
  // Remounted after each save (new `dataUpdatedAt`), so the editor starts from what is stored.
  return <PermissionEditor key={`${departId}-${granted.dataUpdatedAt}`} departId={departId} nodes={tree.data.treeList} initial={granted.data} />;
}

function PermissionEditor({ departId, nodes, initial }: { departId: string; nodes: TreeNode[]; initial: string[] }) {
  const { t } = useTranslation('sysDepart');
  const queryClient = useQueryClient();
  const canAuthorize = useButtonState('system:depart:authorize') === 'visible';
  const [checked, setChecked] = useState<string[]>(initial);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      const envelope = await saveDepartPermissions(departId, checked, initial);
      toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
      await queryClient.invalidateQueries({ queryKey: departKeys.permissions(departId) });
      await queryClient.invalidateQueries({ queryKey: departKeys.roleTree(departId) });
    } catch {
      // The API client showed the notice.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="4" data-testid="depart-permissions">
      <Text textStyle="sm" color="fg.muted">
        {t('permission.hint')}
      </Text>
      <PermissionTree nodes={nodes} checked={checked} onChange={setChecked} disabled={!canAuthorize} testId="depart-permission-tree" />
      <Flex gap="2">
        <Authorized action="system:depart:authorize">
          <Button size="sm" loading={saving} onClick={() => void save()} data-testid="depart-permissions-save">
            {t('permission.save')}
          </Button>
        </Authorized>
      </Flex>
    </Stack>
  );
}
