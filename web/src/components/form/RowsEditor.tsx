import { Button, EmptyState, Field, HStack, IconButton, Table, type IconButtonProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PlusIcon, TrashIcon } from '../icons';

export interface RowsEditorColumn {
  label?: string;
  width?: string;
}

export interface RowsEditorProps {
  label: ReactNode;
  /** The add button: its text, what it does, its `data-testid`. */
  addLabel: string;
  onAdd: () => void;
  addTestId?: string;
  /** Said while there is no row. */
  emptyText: string;
  hint?: ReactNode;
  /** Between the label and the table: what concerns the rows together (their total, a problem of the whole list). */
  above?: ReactNode;
  /** The columns' headers (the last column, the remove buttons', is added here). */
  columns: RowsEditorColumn[];
  /** The table's least width (it scrolls sideways below). */
  minWidth?: string;
  testId?: string;
  rowCount: number;
  /** The rows (`Table.Row`s). */
  children: ReactNode;
}

/**
 * A list of rows the user adds and removes, as a small table under a label with an add button;
 * each cell holds a field (a {@link FormField} without label names itself by `aria-label`).
 */
export function RowsEditor({ label, addLabel, onAdd, addTestId, emptyText, hint, above, columns, minWidth = 'md', testId, rowCount, children }: RowsEditorProps) {
  return (
    <Field.Root>
      <HStack justify="space-between" width="full" gap="2" wrap="wrap">
        <Field.Label>{label}</Field.Label>
        <Button size="xs" variant="outline" onClick={onAdd} data-testid={addTestId}>
          <PlusIcon />
          {addLabel}
        </Button>
      </HStack>
      {above}
      {rowCount === 0 ? (
        <EmptyState.Root size="sm" borderWidth="1px" borderStyle="dashed" rounded="md" width="full">
          <EmptyState.Content>
            <EmptyState.Description>{emptyText}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md" width="full">
          <Table.Root size="sm" minWidth={minWidth} data-testid={testId}>
            <Table.Header>
              <Table.Row bg="bg.subtle">
                {columns.map((column, index) => (
                  <Table.ColumnHeader key={index} width={column.width}>
                    {column.label}
                  </Table.ColumnHeader>
                ))}
                <Table.ColumnHeader width="10" />
              </Table.Row>
            </Table.Header>
            <Table.Body>{children}</Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {hint ? <Field.HelperText>{hint}</Field.HelperText> : null}
    </Field.Root>
  );
}

/** The remove button of a row (a red bin, named by `label`). */
export function RemoveButton({ label, onClick, testId, size = 'xs' }: { label: string; onClick: () => void; testId?: string; size?: IconButtonProps['size'] }) {
  return (
    <IconButton size={size} variant="ghost" colorPalette="red" aria-label={label} title={label} onClick={onClick} data-testid={testId}>
      <TrashIcon />
    </IconButton>
  );
}
