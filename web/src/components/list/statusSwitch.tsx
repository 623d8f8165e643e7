/**
 * Enable/disable in place: a switch in the row for those who may edit, a tag for those who may
 * only look. The change is saved at once, toasted and the list asked again; a refusal leaves the
 * switch as stored (the API client showed why).
 *
 * ```tsx
 * const toggle = useStatusToggle<CountryRecord>({ permission: 'system:country:edit', getId: (c) => c.code, change: (c, on) => editCountry({ …, enabled: on }, true), message: (c, on) => … , listPath: COUNTRY_LIST_PATH });
 * statusSwitchColumn<CountryRecord>({ id: 'enabled', header: …, toggle, isOn: (c) => c.enabled, labels: […], ariaLabel: (c) => …, testId: 'country-enabled-toggle' })
 * ```
 */
import { Badge, Switch } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { Envelope } from '../../api/client';
import type { ButtonState } from '../../core';
import { useButtonState } from '../../hooks/useButtonState';
import type { DataColumn } from '../DataTable';
import { toastSuccess, useInvalidateList } from './useRecordActions';

export interface StatusToggleOptions<T> {
  /** The permission that shows the switch (else a tag). */
  permission: string;
  getId: (row: T) => string;
  /** Saves the new state. */
  change: (row: T, on: boolean) => Promise<Envelope<unknown>>;
  /** The toast's title. */
  message: (row: T, on: boolean) => string;
  /** The server's message under the title. */
  withServerMessage?: boolean;
  /** The list asked again afterwards. */
  listPath?: string;
  /** More to refresh afterwards. */
  afterChange?: () => unknown;
}

export interface StatusToggle<T> {
  editState: ButtonState;
  /** The id of the row being saved. */
  toggling: string | undefined;
  toggle: (row: T, on: boolean) => Promise<void>;
  getId: (row: T) => string;
}

export function useStatusToggle<T>({ permission, getId, change, message, withServerMessage = false, listPath, afterChange }: StatusToggleOptions<T>): StatusToggle<T> {
  const editState = useButtonState(permission);
  const invalidate = useInvalidateList(listPath);
  const [toggling, setToggling] = useState<string>();
  const toggle = async (row: T, on: boolean) => {
    setToggling(getId(row));
    try {
      const envelope = await change(row, on);
      toastSuccess(message(row, on), withServerMessage ? envelope.message : undefined);
      await invalidate();
      await afterChange?.();
    } catch {
      // The API client showed the notice; the switch keeps the stored state.
    } finally {
      setToggling(undefined);
    }
  };
  return { editState, toggling, toggle, getId };
}

export interface StatusSwitchColumn<T> {
  id: string;
  header: ReactNode;
  toggle: StatusToggle<T>;
  isOn: (row: T) => boolean;
  /** The tag's text: on, off. */
  labels: [string, string];
  /** The switch's accessible name. */
  ariaLabel: (row: T) => string;
  testId: string;
}

/** The column of a {@link useStatusToggle}: switch or tag. */
export function statusSwitchColumn<T>({ id, header, toggle, isOn, labels, ariaLabel, testId }: StatusSwitchColumn<T>): DataColumn<T> {
  return {
    id,
    header,
    cell: (row) =>
      toggle.editState === 'hidden' ? (
        <Badge size="sm" variant="subtle" colorPalette={isOn(row) ? 'green' : 'gray'}>
          {isOn(row) ? labels[0] : labels[1]}
        </Badge>
      ) : (
        <Switch.Root
          size="sm"
          colorPalette="green"
          checked={isOn(row)}
          disabled={toggle.editState === 'disabled' || toggle.toggling === toggle.getId(row)}
          onCheckedChange={(details) => void toggle.toggle(row, details.checked)}
          data-testid={testId}
        >
          <Switch.HiddenInput aria-label={ariaLabel(row)} />
          <Switch.Control />
        </Switch.Root>
      ),
  };
}
