import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { renderPage } from '../../test/render';
import { PermissionTree } from './PermissionTree';
import { checkStates, indexTree, toggleNode, type TreeNode } from './permissionTreeModel';


const NODES: TreeNode[] = [
  {
    key: 'sys',
    title: '系统管理',
    titles: { 'zh-CN': '系统管理', 'en-US': 'System' },
    menuType: 0,
    children: [
      {
        key: 'user',
        title: '用户管理',
        menuType: 1,
        perms: 'system:user:list',
        ruleFlag: 1,
        children: [
          { key: 'user-add', title: '新增', menuType: 2, perms: 'system:user:add', isLeaf: true },
          { key: 'user-del', title: '删除', menuType: 2, perms: 'system:user:delete', isLeaf: true },
        ],
      },
      { key: 'role', title: '角色管理', menuType: 1, isLeaf: true },
    ],
  },
  { key: 'dash', title: '工作台', menuType: 0, isLeaf: true },
];

function Harness({ onChange, initial = [], onRule }: { onChange?: (ids: string[]) => void; initial?: string[]; onRule?: (node: TreeNode) => void }) {
  const [checked, setChecked] = useState<string[]>(initial);
  return (
    <PermissionTree
      nodes={NODES}
      checked={checked}
      onChange={(ids) => {
        setChecked(ids);
        onChange?.(ids);
      }}
      onNodeDataRule={onRule}
    />
  );
}

const stateOf = (key: string) => screen.getByTestId(`tree-node-${key}`).getAttribute('data-state');

describe('permission tree model', () => {
  const index = indexTree(NODES);

  test('checking a parent checks its descendants and ancestors', () => {
    expect(toggleNode('user', 'unchecked', [], index, true)).toEqual(['sys', 'user', 'user-add', 'user-del']);
  });

  test('checking a button also saves its menu and the menu above', () => {
    expect(toggleNode('user-add', 'unchecked', [], index, true)).toEqual(['sys', 'user', 'user-add']);
  });

  test('unchecking the last checked child drops the ancestors it alone kept', () => {
    expect(toggleNode('user-add', 'checked', ['sys', 'user', 'user-add'], index, true)).toEqual([]);
    expect(toggleNode('user-add', 'checked', ['sys', 'user', 'user-add', 'role'], index, true)).toEqual(['sys', 'role']);
  });

  test('a partly checked parent is indeterminate; all children checked make it checked', () => {
    const partial = checkStates(NODES, new Set(['sys', 'user', 'user-add']), true);
    expect(partial.get('user')).toBe('indeterminate');
    expect(partial.get('sys')).toBe('indeterminate');
    expect(partial.get('user-del')).toBe('unchecked');
    const full = checkStates(NODES, new Set(['sys', 'user', 'user-add', 'user-del', 'role']), true);
    expect(full.get('sys')).toBe('checked');
  });

  test('independent mode changes only the node (and adds its ancestors when checking)', () => {
    expect(toggleNode('user', 'unchecked', [], index, false)).toEqual(['sys', 'user']);
    expect(toggleNode('user', 'checked', ['sys', 'user', 'user-add'], index, false)).toEqual(['sys', 'user-add']);
  });
});

describe('PermissionTree', () => {
  test('a click on a parent checks the children; a child alone makes the parent indeterminate', async () => {
    const onChange = vi.fn<(ids: string[]) => void>();
    renderPage(<Harness onChange={onChange} />);
    await screen.findByText('用户管理');
    fireEvent.click(screen.getByRole('button', { name: '展开' }));
    await screen.findByText('新增');
    fireEvent.click(screen.getByTestId('tree-check-user'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['sys', 'user', 'user-add', 'user-del']));
    expect(stateOf('user')).toBe('checked');
    expect(stateOf('user-add')).toBe('checked');
    expect(stateOf('sys')).toBe('indeterminate');
    // The box shows its tick before it is clicked again (the checkbox's machine syncs its input
    // after the render; a click before that toggles nothing, as it failed once on a loaded CI).
    await waitFor(() => expect((screen.getByTestId('tree-check-user-del') as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByTestId('tree-check-user-del'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['sys', 'user', 'user-add']));
    expect(stateOf('user')).toBe('indeterminate');
  });

  test('check all and uncheck all', async () => {
    const onChange = vi.fn<(ids: string[]) => void>();
    renderPage(<Harness onChange={onChange} />);
    fireEvent.click(await screen.findByTestId('tree-check-all'));
    expect(onChange).toHaveBeenLastCalledWith(['sys', 'user', 'user-add', 'user-del', 'role', 'dash']);
    await waitFor(() => expect(stateOf('sys')).toBe('checked'));
    fireEvent.click(screen.getByTestId('tree-uncheck-all'));
    expect(onChange).toHaveBeenLastCalledWith([]);
    await waitFor(() => expect(stateOf('sys')).toBe('unchecked'));
  });

  test('search keeps matches with their ancestors; collapse and expand all', async () => {
    renderPage(<Harness />);
    await screen.findByText('用户管理');
    fireEvent.change(screen.getByTestId('tree-search'), { target: { value: 'system:user:add' } });
    expect(await screen.findByText('新增')).toBeTruthy();
    expect(screen.queryByText('角色管理')).toBeNull();
    expect(screen.queryByText('工作台')).toBeNull();
    fireEvent.change(screen.getByTestId('tree-search'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('tree-collapse-all'));
    await waitFor(() => expect(screen.queryByText('用户管理')).toBeNull());
    fireEvent.click(screen.getByTestId('tree-expand-all'));
    expect(await screen.findByText('删除')).toBeTruthy();
  });

  test('buttons carry a badge and rule nodes a data-rules link', async () => {
    const onRule = vi.fn<(node: TreeNode) => void>();
    renderPage(<Harness onRule={onRule} />);
    fireEvent.click(await screen.findByTestId('tree-expand-all'));
    expect((await screen.findAllByText('按钮')).length).toBe(2);
    fireEvent.click(screen.getByTestId('tree-rules-user'));
    expect(onRule).toHaveBeenCalledWith(expect.objectContaining({ key: 'user' }));
  });
});
