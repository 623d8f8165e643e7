import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import i18n from '../../../i18n';
import { renderPage } from '../../../test/render';
import { RichTextEditor } from './RichTextEditor';
import { isBlankHtml, isSafeLink, sanitizeHtml } from './sanitize';

let execCommand: ReturnType<typeof vi.fn<(command: string, showUi?: boolean, value?: string) => boolean>>;

beforeEach(() => {
  // happy-dom has no editing commands: record what the editor asks for.
  execCommand = vi.fn<(command: string, showUi?: boolean, value?: string) => boolean>(() => true);
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true, writable: true });
});

afterEach(() => {
  Reflect.deleteProperty(document, 'execCommand');
});

function Harness({ initial = '', onChange }: { initial?: string; onChange?: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor
        label="正文"
        value={value}
        placeholder="写点什么"
        onChange={(html) => {
          setValue(html);
          onChange?.(html);
        }}
      />
      <output data-testid="html">{value}</output>
    </>
  );
}

describe('rich-text editor', () => {
  test('the toolbar buttons run their commands and are labelled with their shortcuts', async () => {
    renderPage(<Harness initial="<p>hello</p>" />);
    const toolbar = await screen.findByRole('toolbar', { name: '文本格式' });
    fireEvent.click(within(toolbar).getByRole('button', { name: '加粗 (Ctrl+B)' }));
    fireEvent.click(within(toolbar).getByRole('button', { name: '编号列表' }));
    fireEvent.click(within(toolbar).getByRole('button', { name: '清除格式' }));
    fireEvent.click(within(toolbar).getByRole('button', { name: '撤销' }));
    expect(execCommand.mock.calls.map(([command]) => command)).toEqual(['bold', 'insertOrderedList', 'removeFormat', 'unlink', 'undo']);
  });

  test('Ctrl+B, Ctrl+I and Ctrl+U format the selection', async () => {
    renderPage(<Harness initial="<p>hello</p>" />);
    const area = await screen.findByRole('textbox', { name: '正文' });
    fireEvent.keyDown(area, { key: 'b', ctrlKey: true });
    fireEvent.keyDown(area, { key: 'I', metaKey: true });
    fireEvent.keyDown(area, { key: 'u', ctrlKey: true });
    fireEvent.keyDown(area, { key: 'x', ctrlKey: true });
    expect(execCommand.mock.calls.map(([command]) => command)).toEqual(['bold', 'italic', 'underline']);
  });

  test('typing reports the HTML; an emptied editor reports an empty value', async () => {
    const onChange = vi.fn<(html: string) => void>();
    renderPage(<Harness onChange={onChange} />);
    const area = await screen.findByRole('textbox', { name: '正文' });
    expect(area.innerHTML).toBe('');
    area.innerHTML = '<p>你好</p>';
    fireEvent.input(area);
    expect(onChange).toHaveBeenLastCalledWith('<p>你好</p>');
    area.innerHTML = '<p><br></p>';
    fireEvent.input(area);
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  test('a value from outside is sanitised before it enters the page', async () => {
    renderPage(<Harness initial={'<p onmouseover="x()">hi<img src=x onerror="alert(1)"><script>alert(2)</script></p>'} />);
    const area = await screen.findByRole('textbox', { name: '正文' });
    expect(area.innerHTML).toBe('<p>hi</p>');
  });

  test('the link dialog accepts http(s) URLs and app paths only', async () => {
    renderPage(<Harness initial="<p>hello</p>" />);
    fireEvent.click(await screen.findByRole('button', { name: '插入链接 (Ctrl+K)' }));
    const dialog = await screen.findByTestId('rich-text-link-dialog');
    fireEvent.change(within(dialog).getByTestId('rich-text-link-url'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(dialog).getByTestId('rich-text-link-submit'));
    expect(await within(dialog).findByText('只支持 http(s) 网址或以 / 开头的系统路径')).toBeTruthy();
    expect(execCommand).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByTestId('rich-text-link-url'), { target: { value: 'https://example.com/a' } });
    fireEvent.click(within(dialog).getByTestId('rich-text-link-submit'));
    await waitFor(() => expect(screen.queryByTestId('rich-text-link-dialog')).toBeNull());
    const [command, , arg] = execCommand.mock.calls[0] ?? [];
    expect(['createLink', 'insertHTML']).toContain(command);
    expect(String(arg)).toContain('https://example.com/a');
  });

  test('the toolbar is one tab stop, walked with the arrow keys', async () => {
    renderPage(<Harness />);
    const toolbar = await screen.findByRole('toolbar');
    const buttons = within(toolbar).getAllByRole('button');
    expect(buttons.filter((button) => button.tabIndex === 0)).toHaveLength(1);
    buttons[0]!.focus();
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(buttons[1]!, { key: 'End' });
    expect(document.activeElement).toBe(buttons.at(-1));
    fireEvent.keyDown(buttons.at(-1)!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[0]);
  });

  test('labels follow the language', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    renderPage(<Harness />);
    const toolbar = await screen.findByRole('toolbar', { name: 'Text formatting' });
    expect(within(toolbar).getByRole('button', { name: 'Bold (Ctrl+B)' })).toBeTruthy();
    expect(within(toolbar).getByRole('button', { name: 'Bulleted list' })).toBeTruthy();
  });
});

describe('sanitizer', () => {
  // Formatting and safe links are kept, the rest dropped.
  test.each([
    ['<p style="color:red" class="x"><b>b</b><i>i</i><u>u</u><s>s</s></p>', '<p><b>b</b><i>i</i><u>u</u><s>s</s></p>'],
    ['<ul><li>a</li></ul><ol><li>b</li></ol>', '<ul><li>a</li></ul><ol><li>b</li></ol>'],
    ['<a href="https://x.test/p">x</a>', '<a href="https://x.test/p" target="_blank" rel="noopener noreferrer">x</a>'],
    ['<a href="/isps/userAnnouncement">y</a>', '<a href="/isps/userAnnouncement">y</a>'],
    ['<a href="JaVaScRiPt:alert(1)">z</a>', '<a>z</a>'],
    ['<iframe src="https://x"></iframe><style>p{}</style><font color="red">f</font>', 'f'],
  ])('%s is kept as %s', (html, kept) => {
    expect(sanitizeHtml(html)).toBe(kept);
  });

  test('link addresses and blank content', () => {
    expect(isSafeLink('https://a.b')).toBe(true);
    expect(isSafeLink('/a/b?c=1')).toBe(true);
    expect(isSafeLink('//evil.test')).toBe(false);
    expect(isSafeLink('data:text/html,x')).toBe(false);
    expect(isSafeLink('https://a.b/c d')).toBe(false);
    expect(isBlankHtml('<p><br></p>&nbsp;')).toBe(true);
    expect(isBlankHtml('<p>x</p>')).toBe(false);
  });
});
