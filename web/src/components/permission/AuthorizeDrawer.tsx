/**
 * A drawer that grants menus and buttons: a title, the {@link PermissionTree} of what may be
 * granted with what is granted now checked, Cancel and Save. Save sends the new set with the one
 * it replaces (JeecgBoot's `lastpermissionIds`: the server sees what changed), toasts the server's
 * message and closes; with `stayOpen` a second Save keeps the drawer open, and an "unsaved
 * changes" mark shows edits not saved yet.
 *
 * The page loads the tree and the grant (its own calls) and hands them over:
 *
 * ```tsx
 * <AuthorizeDrawer open={role !== undefined} onClose={onClose} testId="depart-role-authorize" title={…}
 *   nodes={tree.data?.treeList} granted={granted.data} save={(checked, last) => savePermissions(role.id, checked, last)}
 *   saveTestId="depart-role-authorize-save" />
 * ```
 */
import { Badge, Box, Button, Drawer, HStack, Skeleton, Stack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../../api/client';
import { ErrorAlert } from '../ErrorAlert';
import { DrawerShell, OverlayHeader, type DrawerShellProps } from '../overlay';
import { toaster } from '../ui/toaster';
import { PermissionTree, type TreeNode } from './PermissionTree';

/** Loading placeholder of a permission tree. */
export function TreeSkeleton() {
  return (
    <Stack gap="2" data-testid="tree-skeleton">
      <Skeleton height="8" />
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} height="5" width={`${90 - index * 8}%`} marginStart={`${(index % 3) * 5}`} />
      ))}
    </Stack>
  );
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));

export interface AuthorizeDrawerProps {
  open: boolean;
  onClose: () => void;
  /** `data-testid` of the drawer. */
  testId: string;
  size?: DrawerShellProps['size'];
  title: ReactNode;
  subtitle?: ReactNode;
  /** What may be granted; undefined while it loads. */
  nodes: TreeNode[] | undefined;
  /** What is granted now; undefined while it loads. */
  granted: string[] | undefined;
  /** Shown instead of the tree when either failed to load. */
  loadError?: string;
  /** Above the tree (a hint, a notice). */
  intro?: ReactNode;
  /** Shown, not edited (nothing to save). */
  readOnly?: boolean;
  /** Shows a "Data rules" link on nodes with data rules. */
  onNodeDataRule?: (node: TreeNode) => void;
  treeTestId?: string;
  /** Saves `checked`, replacing `last`; the answer's message is the toast. */
  save: (checked: string[], last: string[]) => Promise<Envelope<unknown>>;
  /** After a save, with the saved set (caches to update). */
  onSaved?: (checked: string[]) => void;
  /** The Save that closes. */
  saveTestId: string;
  /** A second Save that keeps the drawer open (the first one is then "Save and close"). */
  stayOpen?: { saveTestId: string };
}

export function AuthorizeDrawer({ open, onClose, testId, size = { base: 'full', md: 'lg' }, title, subtitle, ...editor }: AuthorizeDrawerProps) {
  return (
    <DrawerShell open={open} onClose={onClose} testId={testId} size={size}>
      <OverlayHeader kind="drawer" title={title} subtitle={subtitle} bordered />
      {/* Mounted at each opening: the edits of the last one are gone. */}
      <AuthorizeEditor onClose={onClose} {...editor} />
    </DrawerShell>
  );
}

type EditorProps = Omit<AuthorizeDrawerProps, 'open' | 'testId' | 'size' | 'title' | 'subtitle'>;

function AuthorizeEditor({ onClose, nodes, granted, loadError, intro, readOnly = false, onNodeDataRule, treeTestId, save, onSaved, saveTestId, stayOpen }: EditorProps) {
  const { t } = useTranslation('sysRole');
  // The user's edits over the grant loaded (`last`, what the server holds); a new load resets them.
  const [edits, setEdits] = useState<{ source: string[]; checked: string[]; last: string[] }>();
  const [saving, setSaving] = useState(false);
  const current = edits && edits.source === granted ? edits : granted ? { source: granted, checked: granted, last: granted } : undefined;
  const checked = current?.checked ?? [];
  const last = current?.last ?? [];
  const ready = nodes !== undefined && current !== undefined;
  const canSave = ready && !loadError && !readOnly && nodes.length > 0;

  async function run(andClose: boolean) {
    if (!current) return;
    setSaving(true);
    try {
      const envelope = await save(checked, last);
      toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
      onSaved?.(checked);
      setEdits({ source: current.source, checked, last: checked });
      if (andClose) onClose();
    } catch {
      // The client showed the server's refusal.
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <Drawer.Body>
        {loadError ? (
          <ErrorAlert message={loadError} />
        ) : !ready ? (
          <TreeSkeleton />
        ) : (
          <Stack gap="3">
            {intro}
            <PermissionTree
              nodes={nodes}
              checked={checked}
              onChange={(next) => setEdits({ source: current.source, checked: next, last })}
              onNodeDataRule={onNodeDataRule}
              disabled={readOnly}
              maxHeight="none"
              testId={treeTestId}
            />
          </Stack>
        )}
      </Drawer.Body>
      <Drawer.Footer borderTopWidth="1px" justifyContent="space-between" gap="2" flexWrap="wrap">
        <Box>
          {stayOpen && !sameSet(checked, last) ? (
            <Badge colorPalette="orange" variant="subtle">
              {t('authorize.unsaved')}
            </Badge>
          ) : null}
        </Box>
        <HStack gap="2" wrap="wrap">
          <Drawer.ActionTrigger asChild>
            <Button variant="outline" size="sm" disabled={saving}>
              {t('action.cancel', { ns: 'dataTable' })}
            </Button>
          </Drawer.ActionTrigger>
          {stayOpen ? (
            <Button variant="outline" size="sm" onClick={() => void run(false)} loading={saving} disabled={!canSave} data-testid={stayOpen.saveTestId}>
              {t('action.save', { ns: 'dataTable' })}
            </Button>
          ) : null}
          <Button size="sm" onClick={() => void run(true)} loading={saving} disabled={!canSave} data-testid={saveTestId}>
            {stayOpen ? t('action.saveAndClose') : t('action.save', { ns: 'dataTable' })}
          </Button>
        </HStack>
      </Drawer.Footer>
    </>
  );
}
