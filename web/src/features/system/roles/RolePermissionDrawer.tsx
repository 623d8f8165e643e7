import { Alert, Badge, Checkbox, Dialog, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../../components/form/FormFooter';
import { DialogShell, OverlayHeader } from '../../../components/overlay';
import { AuthorizeDrawer } from '../../../components/permission/AuthorizeDrawer';
import type { TreeNode } from '../../../components/permission/PermissionTree';
import { nodeTitle } from '../../../components/permission/permissionTreeModel';
import { toaster } from '../../../components/ui/toaster';
import { useLanguage } from '../../../i18n';
import { fetchGrantableTree, fetchRoleDataRules, fetchRolePermissions, saveRoleDataRules, saveRolePermissions, type RoleRecord } from './api';

/**
 * "Authorize" (system:role:authorize): the role's menus and buttons in an {@link AuthorizeDrawer},
 * saved with the previous set (`lastpermissionIds`) so the server can tell what changed; nodes
 * with data rules open {@link DataRuleDialog}.
 */
export function RolePermissionDrawer({ role, onClose }: { role: RoleRecord | undefined; onClose: () => void }) {
  const { t } = useTranslation('sysRole');
  const open = role !== undefined;
  // `admin` holds every menu and button by definition; the server does not edit its grants.
  const isAdminRole = role?.roleCode === 'admin';
  const tree = useQuery({ queryKey: ['system', 'permission', 'grantable'], queryFn: fetchGrantableTree, enabled: open, staleTime: 0 });
  const granted = useQuery({
    queryKey: ['system', 'roles', role?.id, 'permissions'],
    queryFn: () => fetchRolePermissions(role?.id ?? ''),
    enabled: open,
    staleTime: 0,
  });
  const queryClient = useQueryClient();
  const [ruleNode, setRuleNode] = useState<TreeNode>();

  return (
    <>
      <AuthorizeDrawer
        open={open}
        onClose={onClose}
        testId="role-permission-drawer"
        title={t('authorize.title')}
        subtitle={
          role ? (
            <Text textStyle="sm" color="fg.muted">
              {t('authorize.subtitle', { name: role.roleName, code: role.roleCode })}
            </Text>
          ) : null
        }
        nodes={tree.data?.treeList}
        granted={isAdminRole ? tree.data?.ids : granted.data}
        loadError={tree.isError || granted.isError ? t('authorize.loadFailed') : undefined}
        intro={
          isAdminRole ? (
            <Alert.Root status="info" data-testid="role-permission-admin">
              <Alert.Indicator />
              <Alert.Title>{t('authorize.adminHoldsAll')}</Alert.Title>
            </Alert.Root>
          ) : null
        }
        readOnly={isAdminRole}
        onNodeDataRule={setRuleNode}
        save={(checked, last) => saveRolePermissions(role?.id ?? '', checked, last)}
        onSaved={(checked) => queryClient.setQueryData(['system', 'roles', role?.id, 'permissions'], checked)}
        saveTestId="role-permission-save-close"
        stayOpen={{ saveTestId: 'role-permission-save' }}
      />
      <DataRuleDialog node={ruleNode} roleId={role?.id} onClose={() => setRuleNode(undefined)} />
    </>
  );
}

/** The data rules of one menu for the role (`GET/POST /sys/role/datarule`). */
function DataRuleDialog({ node, roleId, onClose }: { node: TreeNode | undefined; roleId: string | undefined; onClose: () => void }) {
  const { t } = useTranslation('sysRole');
  const language = useLanguage();
  const open = node !== undefined && roleId !== undefined;
  const rules = useQuery({
    queryKey: ['system', 'roles', roleId, 'datarule', node?.key],
    queryFn: () => fetchRoleDataRules(node?.key ?? '', roleId ?? ''),
    enabled: open,
    staleTime: 0,
  });
  const [edited, setEdited] = useState<{ source: unknown; ids: string[] }>();
  const [saving, setSaving] = useState(false);
  const selected = edited && edited.source === rules.data ? edited.ids : (rules.data?.checked ?? []);
  const setSelected = (update: (ids: string[]) => string[]) => setEdited({ source: rules.data, ids: update(selected) });

  async function save() {
    if (!node || !roleId) return;
    setSaving(true);
    try {
      const envelope = await saveRoleDataRules(node.key, roleId, selected);
      toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
      onClose();
    } catch {
      // Shown by the client.
    } finally {
      setSaving(false);
    }
  }

  const list = rules.data?.rules ?? [];

  return (
    <DialogShell open={open} onClose={onClose} size="md" testId="data-rule-dialog" contentProps={{ mx: '4' }}>
      <OverlayHeader title={t('dataRule.title')} />
      <Dialog.Body>
        <Stack gap="4">
          <Text textStyle="sm" color="fg.muted">
            {t('dataRule.description', { menu: node ? nodeTitle(node, language) : '' })}
          </Text>
          {rules.isPending ? (
            <Stack gap="2">
              <Skeleton height="5" />
              <Skeleton height="5" width="70%" />
            </Stack>
          ) : list.length === 0 ? (
            <Text textStyle="sm" color="fg.muted" data-testid="data-rule-empty">
              {t('dataRule.empty')}
            </Text>
          ) : (
            <Stack gap="3">
              {list.map((rule) => {
                const inactive = rule.status !== undefined && rule.status !== null && String(rule.status) !== '1';
                return (
                  <Checkbox.Root
                    key={rule.id}
                    size="sm"
                    alignItems="flex-start"
                    checked={selected.includes(rule.id)}
                    onCheckedChange={(details) =>
                      setSelected((current) => (details.checked === true ? [...current, rule.id] : current.filter((id) => id !== rule.id)))
                    }
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control marginTop="0.5" />
                    <Checkbox.Label>
                      <Stack gap="0.5">
                        <HStack gap="2">
                          <Text fontWeight="medium">{rule.ruleName}</Text>
                          {inactive ? (
                            <Badge size="xs" colorPalette="gray">
                              {t('dataRule.inactive')}
                            </Badge>
                          ) : null}
                        </HStack>
                        <Text textStyle="xs" color="fg.muted" fontFamily="mono">
                          {[rule.ruleColumn, rule.ruleConditions, rule.ruleValue].filter(Boolean).join(' ')}
                        </Text>
                      </Stack>
                    </Checkbox.Label>
                  </Checkbox.Root>
                );
              })}
            </Stack>
          )}
        </Stack>
      </Dialog.Body>
      <FormFooter
        kind="dialog"
        saving={saving}
        onConfirm={() => void save()}
        submitDisabled={rules.isPending || list.length === 0}
        submitLabel={t('dataRule.save')}
        submitTestId="data-rule-save"
      />
    </DialogShell>
  );
}
