import { Field } from '@chakra-ui/react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { renderPage } from '../../test/render';
import { OptionChecklist } from './OptionChecklist';

const OPTIONS = [
  { value: 'r1', label: 'Administrator', hint: 'admin' },
  { value: 'r2', label: 'Customer', hint: 'customer' },
  { value: 'r3', label: 'User editor', hint: 'user_editor' },
];

function Harness({ onChange }: { onChange: (value: string[]) => void }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <Field.Root>
      <Field.Label>Roles</Field.Label>
      <OptionChecklist
        label="Roles"
        options={OPTIONS}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
        emptyText="No roles"
        testId="roles"
      />
    </Field.Root>
  );
}

describe('OptionChecklist', () => {
  test('inside a Field, each option has its own input and a click changes that option only', async () => {
    const onChange = vi.fn<(value: string[]) => void>();
    renderPage(<Harness onChange={onChange} />);
    await screen.findByText('User editor');
    const inputs = [...screen.getByTestId('roles').querySelectorAll('input[type="checkbox"]')];
    expect(new Set(inputs.map((input) => input.id)).size).toBe(OPTIONS.length);

    fireEvent.click(screen.getByText('User editor'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['r3']));
    fireEvent.click(screen.getByText('Customer'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['r2', 'r3']));
  });
});
