import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import i18n from '../i18n';
import { renderPage } from '../test/render';
import { useRequireSelection } from './useRequireSelection';


function Batch({ selection, onRun }: { selection: string[]; onRun: () => void }) {
  const requireSelection = useRequireSelection();
  return (
    <button type="button" onClick={() => (requireSelection(selection) ? onRun() : undefined)}>
      batch
    </button>
  );
}

describe('useRequireSelection', () => {
  test('warns "Please select one data" and stops the action without a selection', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const onRun = vi.fn<() => void>();
    renderPage(<Batch selection={[]} onRun={onRun} />);
    fireEvent.click(screen.getByText('batch'));
    expect(await screen.findByText('Please select one data')).toBeTruthy();
    expect(onRun).not.toHaveBeenCalled();
  });

  test('lets the action run with a selection (Chinese text otherwise)', async () => {
    const onRun = vi.fn<() => void>();
    renderPage(<Batch selection={['a']} onRun={onRun} />);
    fireEvent.click(screen.getByText('batch'));
    expect(onRun).toHaveBeenCalledOnce();
    expect(screen.queryByText('请选择一条记录')).toBeNull();
  });
});
