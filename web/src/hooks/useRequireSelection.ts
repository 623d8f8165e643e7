import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toaster } from '../components/ui/toaster';

/**
 * The guard of batch actions (spec section 5, "At least one row must be selected"): the returned
 * function answers true when `selection` is not empty, else shows the warning toast
 * "请选择一条记录 / Please select one data" and answers false.
 *
 * ```ts
 * const requireSelection = useRequireSelection();
 * function batchDelete() { if (!requireSelection(list.selection)) return; … }
 * ```
 */
export function useRequireSelection(): (selection: readonly unknown[]) => boolean {
  const { t } = useTranslation('dataTable');
  return useCallback(
    (selection: readonly unknown[]) => {
      if (selection.length > 0) return true;
      // One warning at a time: a repeated click replaces it rather than stacking copies.
      const id = 'require-selection';
      if (toaster.isVisible(id)) toaster.dismiss(id);
      toaster.create({ id, type: 'warning', title: t('selectOne'), duration: 3000, closable: true });
      return false;
    },
    [t],
  );
}
