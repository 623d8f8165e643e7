import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';
import { renderPage } from '../test/render';


describe('ConfirmDialog', () => {
  test('runs the action with a loading button, then closes', async () => {
    let finish: (() => void) | undefined;
    const onConfirm = vi.fn<() => Promise<void>>(() => new Promise<void>((resolve) => (finish = resolve)));
    const onOpenChange = vi.fn<(open: boolean) => void>();
    renderPage(<ConfirmDialog open onOpenChange={onOpenChange} title="Delete?" description="Really?" onConfirm={onConfirm} />);
    expect(await screen.findByText('Really?')).toBeTruthy();
    const confirm = screen.getByTestId('confirm-dialog-confirm');
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(confirm.hasAttribute('data-loading')).toBe(true));
    await act(async () => finish?.());
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});
