import { buttonState, type ButtonState } from '../core';
import { usePermissions } from '../lib/permission';

/**
 * What a button guarded by `action` (e.g. `user:add`) does for the signed-in user: `visible`,
 * `hidden` or `disabled`, decided by the core from the session's `auth`/`allAuth` lists.
 */
export function useButtonState(action: string): ButtonState {
  const { authJson, allAuthJson } = usePermissions();
  return buttonState(action, authJson, allAuthJson);
}
