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
 * // the same, by convention:
 * editDeleteColumn<SupplierRecord>('text', { permission: 'logistics:supplier', testId: 'supplier', onEdit, onDelete })
 * ```
 *
 * Rarer actions go into a "More" menu: an element `<RowMenu items={…} />` among the actions.
 */
import { Button, HStack, IconButton, Menu, Portal } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../Authorized';
import type { DataColumn } from '../DataTable';
import { HintTooltip } from '../HintTooltip';
import { ChevronDownIcon, PencilIcon, TrashIcon } from '../icons';

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

/** An entry of a row's "More" menu ({@link RowMenu}). */
export interface RowMenuItem {
  value: string;
  label: ReactNode;
  /** The button permission; without it the entry is always there. */
  action?: string;
  testId: string;
  /** Drawn in the error colour (delete). */
  danger?: boolean;
  onSelect: () => void;
}

/** A "More" button opening a menu of row actions (arrows and Enter work, as in any menu). */
export function RowMenu({ items, ariaLabel, testId, minWidth = '36' }: { items: (RowMenuItem | null | false | undefined)[]; ariaLabel: string; testId: string; minWidth?: string }) {
  const { t } = useTranslation('dataTable');
  const shown = items.filter((item): item is RowMenuItem => Boolean(item));
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(details) => shown.find((item) => item.value === details.value)?.onSelect()}>
      <Menu.Trigger asChild>
        <Button size="xs" variant="ghost" aria-label={ariaLabel} data-testid={testId}>
          {t('action.more')}
          <ChevronDownIcon />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW={minWidth}>
            {shown.map((item) => {
              const entry = (
                <Menu.Item
                  key={item.value}
                  value={item.value}
                  data-testid={item.testId}
                  {...(item.danger ? { color: 'fg.error', _hover: { bg: 'bg.error', color: 'fg.error' } } : {})}
                >
                  {item.label}
                </Menu.Item>
              );
              return item.action ? (
                <Authorized key={item.value} action={item.action}>
                  {entry}
                </Authorized>
              ) : (
                entry
              );
            })}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
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

/** The buttons of one row (and a {@link RowMenu} given as an element). */
export function RowActions({ actions, display }: { actions: (RowAction | ReactNode)[]; display: ActionDisplay }) {
  return (
    <HStack gap={display === 'icon' ? '0.5' : '1'}>
      {actions.map((item, index) => {
        if (!isRowAction(item)) return <Fragment key={index}>{item}</Fragment>;
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

const isRowAction = (item: unknown): item is RowAction => typeof item === 'object' && item !== null && 'onClick' in item && 'testId' in item;

/** The sticky "Actions" column of a list: buttons ({@link RowAction}s) and at most a {@link RowMenu}. */
export function actionsColumn<T>(display: ActionDisplay, actions: (row: T) => (RowAction | ReactNode)[]): DataColumn<T> {
  return {
    id: 'actions',
    header: <ActionHeader />,
    sticky: true,
    cell: (row) => <RowActions display={display} actions={actions(row)} />,
  };
}

export interface EditDeleteOptions<T> {
  /** Permission prefix (`${permission}:edit`, `${permission}:delete`), or the two permissions. */
  permission: string | { edit: string; delete: string };
  /** Test id prefix: `${testId}-edit` and `${testId}-delete`. */
  testId: string;
  onEdit?: (row: T) => void;
  onDelete?: (row: T) => void;
  /** More actions between edit and delete. */
  more?: (row: T) => (RowAction | ReactNode)[];
}

/** The usual actions of a row: edit, whatever else, delete. */
export function editDeleteActions<T>(row: T, { permission, testId, onEdit, onDelete, more }: EditDeleteOptions<T>): (RowAction | ReactNode)[] {
  const codes = typeof permission === 'string' ? { edit: `${permission}:edit`, delete: `${permission}:delete` } : permission;
  return [
    onEdit ? { kind: 'edit', action: codes.edit, onClick: () => onEdit(row), testId: `${testId}-edit` } : null,
    ...(more ? more(row) : []),
    onDelete ? { kind: 'delete', action: codes.delete, onClick: () => onDelete(row), testId: `${testId}-delete` } : null,
  ];
}

/** An actions column of edit and delete (see {@link editDeleteActions}). */
export function editDeleteColumn<T>(display: ActionDisplay, options: EditDeleteOptions<T>): DataColumn<T> {
  return actionsColumn<T>(display, (row) => editDeleteActions(row, options));
}
