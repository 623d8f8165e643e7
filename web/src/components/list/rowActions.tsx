/**
 * The actions column of a list: each action behind its permission ({@link Authorized}), drawn as
 * small text buttons (`display: 'text'`) or icon buttons with the label as name and tooltip
 * (`'icon'`). Edit and delete come with the common label, icon and colour:
 *
 * ```ts
 * actionsColumn<SupplierRecord>('text', (row) => [
 *   { kind: 'edit', action: 'logistics:supplier:edit', onClick: () => onEdit(row), testId: 'supplier-edit' },
 *   { kind: 'delete', action: 'logistics:supplier:delete', onClick: () => onDelete(row), testId: 'supplier-delete' },
 * ])
 * ```
 */
import { Button, HStack, IconButton } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../Authorized';
import type { DataColumn } from '../DataTable';
import { HintTooltip } from '../HintTooltip';
import { PencilIcon, TrashIcon } from '../icons';

export type ActionDisplay = 'text' | 'icon';

export interface RowAction {
  /** `edit` and `delete` bring their label, icon and colour; others give `label`. */
  kind?: 'edit' | 'delete';
  /** The button permission; without it the action is always there. */
  action?: string;
  label?: string;
  icon?: ReactNode;
  onClick: () => void;
  testId: string;
  colorPalette?: string;
  disabled?: boolean;
  /** Tooltip (default: the label, for icon buttons). */
  title?: string;
  /** Why the action is disabled: a tooltip that also works on the disabled button. */
  hint?: string;
  hintTestId?: string;
  /** Overrides the column's display for this action. */
  display?: ActionDisplay;
  /** Accessible name when it should say more than the label (e.g. "Items of Sex"). */
  ariaLabel?: string;
}

function ActionHeader() {
  const { t } = useTranslation('dataTable');
  return <>{t('action.actions')}</>;
}

/** One action's button; takes `disabled` and `data-permission` from {@link Authorized}. */
function ActionButton({ item, display, disabled, 'data-permission': permission }: { item: RowAction; display: ActionDisplay; disabled?: boolean; 'data-permission'?: string }) {
  const { t } = useTranslation('dataTable');
  const label = item.label ?? (item.kind === 'delete' ? t('action.delete') : t('action.edit'));
  const icon = item.icon ?? (item.kind === 'delete' ? <TrashIcon /> : item.kind === 'edit' && display === 'icon' ? <PencilIcon /> : null);
  const own = item.display ?? display;
  const palette = item.colorPalette ?? (item.kind === 'delete' ? 'red' : own === 'text' && display === 'text' ? 'blue' : undefined);
  const common = {
    size: 'xs' as const,
    variant: 'ghost' as const,
    colorPalette: palette,
    disabled: disabled || item.disabled,
    onClick: item.onClick,
    'data-testid': item.testId,
    'data-permission': permission,
  };
  const button =
    own === 'icon' ? (
      <IconButton {...common} aria-label={item.ariaLabel ?? label} title={item.hint ? undefined : (item.title ?? label)}>
        {icon}
      </IconButton>
    ) : (
      <Button {...common} aria-label={item.ariaLabel} title={item.title}>
        {display === 'text' && item.kind ? null : icon}
        {label}
      </Button>
    );
  return item.hint !== undefined ? (
    <HintTooltip hint={item.hint} testId={item.hintTestId}>
      {button}
    </HintTooltip>
  ) : (
    button
  );
}

/** The buttons of one row. */
export function RowActions({ actions, display }: { actions: (RowAction | null | false | undefined)[]; display: ActionDisplay }) {
  return (
    <HStack gap={display === 'icon' ? '0.5' : '1'}>
      {actions.map((item) => {
        if (!item) return null;
        const button = <ActionButton item={item} display={display} />;
        return item.action ? (
          <Authorized key={item.testId} action={item.action}>
            {button}
          </Authorized>
        ) : (
          <ActionButton key={item.testId} item={item} display={display} />
        );
      })}
    </HStack>
  );
}

/** The sticky "Actions" column of a list. */
export function actionsColumn<T>(display: ActionDisplay, actions: (row: T) => (RowAction | null | false | undefined)[]): DataColumn<T> {
  return {
    id: 'actions',
    header: <ActionHeader />,
    sticky: true,
    cell: (row) => <RowActions display={display} actions={actions(row)} />,
  };
}
