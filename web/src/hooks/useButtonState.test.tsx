import { Button } from '@chakra-ui/react';
import { act, renderHook, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { Authorized } from '../components/Authorized';
import { permissionStore, permissionsFrom } from '../lib/permission';
import { SEEDED_MENU } from '../test/api';
import { renderPage } from '../test/render';
import { useButtonState } from './useButtonState';

const allAuth = [
  { action: 'user:add', type: '1', status: '1' },
  { action: 'user:export', type: '1', status: '0' },
  { action: 'user:edit', type: '2', status: '1' },
  { action: 'user:delete', type: '1', status: '1' },
];

function grant(auth: { action: string; type?: string }[]) {
  permissionStore.set(permissionsFrom({ menu: SEEDED_MENU, auth, allAuth }));
}

describe('button permissions (core buttonState)', () => {
  test('the hook follows the session lists', () => {
    grant([{ action: 'user:add', type: '1' }]);
    const { result } = renderHook(() => [
      useButtonState('user:add'),
      useButtonState('user:delete'),
      useButtonState('user:export'),
      useButtonState('user:edit'),
    ]);
    expect(result.current).toEqual(['visible', 'hidden', 'visible', 'disabled']);
    act(() => grant([{ action: 'user:edit', type: '2' }, { action: 'user:delete', type: '1' }]));
    expect(result.current).toEqual(['hidden', 'visible', 'visible', 'visible']);
  });

  test('<Authorized> shows, hides or disables its button', () => {
    grant([{ action: 'user:add', type: '1' }]);
    renderPage(
      <>
        <Authorized action="user:add">
          <Button>add</Button>
        </Authorized>
        <Authorized action="user:delete">
          <Button>delete</Button>
        </Authorized>
        <Authorized action="user:edit">
          <Button>edit</Button>
        </Authorized>
      </>,
    );
    expect(screen.getByRole('button', { name: 'add' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'delete' })).toBeNull();
    const edit = screen.getByRole('button', { name: 'edit' }) as HTMLButtonElement;
    expect(edit.disabled).toBe(true);
  });

  test('without permissions loaded nothing guarded shows', () => {
    const { result } = renderHook(() => useButtonState('user:add'));
    expect(result.current).toBe('hidden');
  });
});
