import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { useButtonState } from '../hooks/useButtonState';

/**
 * The button permission directive (spec section 6): renders `children` when the user may use
 * `action`, nothing when the rule hides it, and a disabled copy when the rule disables it.
 */
export function Authorized({ action, children }: { action: string; children: ReactNode }) {
  const state = useButtonState(action);
  if (state === 'hidden') return null;
  if (state === 'disabled' && isValidElement(children)) {
    return cloneElement(children as ReactElement<{ disabled?: boolean; 'data-permission'?: string }>, {
      disabled: true,
      'data-permission': 'disabled',
    });
  }
  return <>{children}</>;
}
