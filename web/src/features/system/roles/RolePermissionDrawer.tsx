import { Alert, Badge, Box, Button, Checkbox, CloseButton, Dialog, Drawer, HStack, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { toaster } from '../../../components/ui/toaster';
import { useLanguage } from '../../../i18n';
import { PermissionTree, type TreeNode } from '../../../components/permission/PermissionTree';
import { nodeTitle } from '../../../components/permission/permissionTreeModel';
import { fetchGrantableTree, fetchRoleDataRules, fetchRolePermissions, saveRoleDataRules, saveRolePermissions, type RoleRecord } from './api';

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * "Authorize" (system:role:authorize): the role's menus and buttons as a {@link PermissionTree},
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
  // The user's edits over the loaded grant (`last` is what the server holds).
  const [edits, setEdits] = useState<{ source: string[]; checked: string[]; last: string[] }>();
  const [saving, setSaving] = useState(false);
  const [ruleNode, setRuleNode] = useState<TreeNode>();
  const base = granted.data;
  const current = edits && edits.source === base ? edits : base ? { source: base, checked: base, last: base } : undefined;
  const checked = current?.checked ?? [];
  const last = current?.last ?? [];
  const setChecked = (next: string[]) => {
    if (current) setEdits({ ...current, checked: next });
  };
  const close = () => {
    setEdits(undefined);
    onClose();
  };

  const dirty = !sameSet(checked, last);

  async function save(andClose: boolean) {
    if (!role) return;
    setSaving(true);
    try {
      const envelope = await saveRolePermissions(role.id, checked, last);
      toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
      queryClient.setQueryData(['system', 'roles', role.id, 'permissions'], checked);
      setEdits({ source: checked, checked, last: checked });
      if (andClose) close();
    } catch {
      // The client showed the server's refusal.
    } finally {
      setSaving(false);
    }
  }

  const loading = tree.isPending || granted.isPending;
  const failed = tree.isError || granted.isError;

  return (
    <>
    <Drawer.Root open={open} onOpenChange={(details) => (details.open ? undefined : close())} size={{ base: 'full', md: 'lg' }} placement="end" lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="role-permission-drawer">
            <Drawer.Header borderBottomWidth="1px">
              <Stack gap="1">
                <Drawer.Title>{t('authorize.title')}</Drawer.Title>
                {role ? (
                  <Text textStyle="sm" color="fg.muted">
                    {t('authorize.subtitle', { name: role.roleName, code: role.roleCode })}
                  </Text>
                ) : null}
              </Stack>
            </Drawer.Header>
            <Drawer.Body>
              {failed ? (
                <ErrorAlert message={t('authorize.loadFailed')} />
              ) : loading ? (
                <Stack gap="3" data-testid="role-permission-loading">
                  <Skeleton height="8" />
                  <Skeleton height="6" width="70%" />
                  <Skeleton height="6" width="80%" />
                  <Skeleton height="6" width="60%" />
                </Stack>
              ) : (
                <Stack gap="3">
                  {isAdminRole ? (
                    <Alert.Root status="info" data-testid="role-permission-admin">
                      <Alert.Indicator />
                      <Alert.Title>{t('authorize.adminHoldsAll')}</Alert.Title>
                    </Alert.Root>
                  ) : null}
                  <PermissionTree
                    nodes={tree.data?.treeList ?? []}
                    checked={isAdminRole ? (tree.data?.ids ?? []) : checked}
                    onChange={setChecked}
                    onNodeDataRule={setRuleNode}
                    disabled={isAdminRole}
                    maxHeight="none"
                  />
                </Stack>
              )}
            </Drawer.Body>
            <Drawer.Footer borderTopWidth="1px" justifyContent="space-between" gap="2" flexWrap="wrap">
              <Box>
                {dirty ? (
                  <Badge colorPalette="orange" variant="subtle">
                    {t('authorize.unsaved')}
                  </Badge>
                ) : null}
              </Box>
              <HStack gap="2" wrap="wrap">
                <Button variant="outline" onClick={close} disabled={saving}>
                  {t('action.cancel', { ns: 'dataTable' })}
                </Button>
                <Button variant="outline" onClick={() => void save(false)} loading={saving} disabled={loading || failed || isAdminRole} data-testid="role-permission-save">
                  {t('action.save')}
                </Button>
                <Button onClick={() => void save(true)} loading={saving} disabled={loading || failed || isAdminRole} data-testid="role-permission-save-close">
                  {t('action.saveAndClose')}
                </Button>
              </HStack>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
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
    <Dialog.Root open={open} onOpenChange={(details) => (details.open ? undefined : onClose())} placement="center" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid="data-rule-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('dataRule.title')}</Dialog.Title>
            </Dialog.Header>
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
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" size="sm">
                  {t('action.cancel', { ns: 'dataTable' })}
                </Button>
              </Dialog.ActionTrigger>
              <Button size="sm" onClick={() => void save()} loading={saving} disabled={rules.isPending || list.length === 0} data-testid="data-rule-save">
                {t('dataRule.save')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
