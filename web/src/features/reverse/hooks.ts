/**
 * What the return pages share: the detail of one return (TanStack Query, `['reverse', 'return',
 * id]`), its refresh after any change (the detail and every list of returns and their parts), the
 * side the signed-in user acts on (customer or staff), and whether a button code lets them act.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ButtonState, ReturnAction, ReturnSide } from '../../core';
import { useButtonState } from '../../hooks/useButtonState';
import { useUserInfo } from '../../lib/session';
import { isCustomerKind } from '../logistics/wallet/api';
import { ACCOUNT_LIST_PATH, ACCOUNT_PERMISSION, ATTACHMENT_LIST_PATH, COMMENT_LIST_PATH, EDIT_PERMISSION, getReturn, HANDLE_PERMISSION, RECEIVE_PERMISSION, RETURN_LIST_PATH, TRACK_LIST_PATH } from './api';

const DETAIL_KEY = ['reverse', 'return'] as const;

/** One return with its parts and the caller's actions (held while `id` is undefined). */
export function useReturnDetail(id: string | undefined) {
  return useQuery({
    queryKey: [...DETAIL_KEY, id],
    queryFn: async () => (await getReturn(id ?? '')).result,
    enabled: id !== undefined,
  });
}

const LISTS = [RETURN_LIST_PATH, ATTACHMENT_LIST_PATH, COMMENT_LIST_PATH, TRACK_LIST_PATH, ACCOUNT_LIST_PATH];

/** Asks the return's detail and every list of returns again (after an action, a file, a comment …). */
export function useRefreshReturns() {
  const queryClient = useQueryClient();
  return useCallback(
    () => Promise.all([queryClient.invalidateQueries({ queryKey: [...DETAIL_KEY] }), ...LISTS.map((path) => queryClient.invalidateQueries({ queryKey: ['list', path] }))]).then(() => undefined),
    [queryClient],
  );
}

/** The side the signed-in user acts on: a customer (or its sub-account), else staff. */
export function useViewerSide(): ReturnSide {
  return isCustomerKind(useUserInfo()?.userKind) ? 'customer' : 'staff';
}

/** The most a user may do with any of these button codes: visible if one is, else disabled if one is, else hidden. */
export function useAnyButtonState(first: string, second: string): ButtonState {
  const states = [useButtonState(first), useButtonState(second)];
  if (states.includes('visible')) return 'visible';
  return states.includes('disabled') ? 'disabled' : 'hidden';
}

/** The button code each action needs besides the side core allows (the server's own mapping). */
export const ACTION_PERMISSIONS: Record<ReturnAction, string> = {
  approve: HANDLE_PERMISSION,
  reject: HANDLE_PERMISSION,
  complete: HANDLE_PERMISSION,
  receive: RECEIVE_PERMISSION,
  account: ACCOUNT_PERMISSION,
  cancel: EDIT_PERMISSION,
  decide: EDIT_PERMISSION,
  attach: EDIT_PERMISSION,
};

/**
 * The button state of each of a return's actions for the signed-in user, by its code: staff
 * approve, reject and complete with `reverse:return:handle`; cancel, decide and attach need
 * `reverse:return:edit` on either side.
 */
export function useActionStates(): (action: ReturnAction) => ButtonState {
  const states: Record<string, ButtonState> = {
    [HANDLE_PERMISSION]: useButtonState(HANDLE_PERMISSION),
    [RECEIVE_PERMISSION]: useButtonState(RECEIVE_PERMISSION),
    [ACCOUNT_PERMISSION]: useButtonState(ACCOUNT_PERMISSION),
    [EDIT_PERMISSION]: useButtonState(EDIT_PERMISSION),
  };
  return (action) => states[ACTION_PERMISSIONS[action]] ?? 'hidden';
}
