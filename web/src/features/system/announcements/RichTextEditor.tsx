/**
 * A small rich-text editor for announcement content: a `contentEditable` region with a toolbar
 * (bold, italic, underline, strike, numbered and bulleted lists, link, clear formatting, undo,
 * redo) driven by `document.execCommand`. The value is HTML; what enters the editor (the value,
 * pasted HTML) is sanitised first, and the server cleans what it stores.
 *
 * Keyboard: Ctrl/⌘+B, I, U format, Ctrl/⌘+K adds a link; the toolbar is one tab stop whose
 * buttons are reached with the arrow keys (WAI-ARIA toolbar pattern).
 */
import { Box, Button, chakra, Dialog, Field, HStack, IconButton, Input, Separator, Stack } from '@chakra-ui/react';
import { useCallback, useEffect, useId, useImperativeHandle, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../../components/form/FormFooter';
import { DialogShell, OverlayHeader } from '../../../components/overlay';
import { isBlankHtml, isSafeLink, sanitizeHtml } from './sanitize';

/** What a parent (react-hook-form) may do with the editor. */
export interface RichTextEditorHandle {
  focus: () => void;
}

export interface RichTextEditorProps {
  /** HTML. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** Accessible name of the editing area (the field label's text). */
  label: string;
  placeholder?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** `id` of the editing area (for `Field.Label htmlFor` / error descriptions). */
  id?: string;
  describedBy?: string;
  minHeight?: string;
  ref?: Ref<RichTextEditorHandle>;
  testId?: string;
}

type Command = 'bold' | 'italic' | 'underline' | 'strikeThrough' | 'insertOrderedList' | 'insertUnorderedList' | 'removeFormat' | 'undo' | 'redo';
type Tool = Command | 'link';

/** Commands whose on/off state the toolbar shows (`aria-pressed`). */
const STATEFUL: Command[] = ['bold', 'italic', 'underline', 'strikeThrough', 'insertOrderedList', 'insertUnorderedList'];

const SHORTCUTS: Record<string, Tool> = { b: 'bold', i: 'italic', u: 'underline', k: 'link' };

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
const shortcut = (key: string) => `${isMac() ? '⌘' : 'Ctrl+'}${key}`;

function run(command: string, arg?: string): void {
  if (typeof document.execCommand !== 'function') return;
  try {
    document.execCommand(command, false, arg);
  } catch {
    // An engine without the command: nothing happens, as with an unsupported shortcut.
  }
}

function commandState(command: Command): boolean {
  if (typeof document.queryCommandState !== 'function') return false;
  try {
    return document.queryCommandState(command);
  } catch {
    return false;
  }
}

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/* Icons of the toolbar (Lucide-style strokes, like the app's icon set). */
const svg = (children: ReactNode) => (
  <chakra.svg viewBox="0 0 24 24" width="4" height="4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    {children}
  </chakra.svg>
);

const ICONS: Record<Tool, ReactNode> = {
  bold: svg(<path d="M6 12h9a4 4 0 0 1 0 8H7a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h7a4 4 0 0 1 0 8" />),
  italic: svg(
    <>
      <line x1="19" x2="10" y1="4" y2="4" />
      <line x1="14" x2="5" y1="20" y2="20" />
      <line x1="15" x2="9" y1="4" y2="20" />
    </>,
  ),
  underline: svg(
    <>
      <path d="M6 4v6a6 6 0 0 0 12 0V4" />
      <line x1="4" x2="20" y1="20" y2="20" />
    </>,
  ),
  strikeThrough: svg(
    <>
      <path d="M16 4H9a3 3 0 0 0-2.83 4" />
      <path d="M14 12a4 4 0 0 1 0 8H6" />
      <line x1="4" x2="20" y1="12" y2="12" />
    </>,
  ),
  insertOrderedList: svg(
    <>
      <path d="M10 12h11" />
      <path d="M10 18h11" />
      <path d="M10 6h11" />
      <path d="M4 10h2" />
      <path d="M4 6h1v4" />
      <path d="M6 18H4c0-1 2-2 2-3s-1-1.5-2-1" />
    </>,
  ),
  insertUnorderedList: svg(
    <>
      <path d="M3 12h.01" />
      <path d="M3 18h.01" />
      <path d="M3 6h.01" />
      <path d="M8 12h13" />
      <path d="M8 18h13" />
      <path d="M8 6h13" />
    </>,
  ),
  link: svg(
    <>
      <path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71" />
      <path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71" />
    </>,
  ),
  removeFormat: svg(
    <>
      <path d="M4 7V4h16v3" />
      <path d="M5 20h6" />
      <path d="M13 4 8 20" />
      <path d="m15 15 5 5" />
      <path d="m20 15-5 5" />
    </>,
  ),
  undo: svg(
    <>
      <path d="M3 7v6h6" />
      <path d="M21 17a9 9 0 0 0-9-9 9 9 0 0 0-6 2.3L3 13" />
    </>,
  ),
  redo: svg(
    <>
      <path d="M21 7v6h-6" />
      <path d="M3 17a9 9 0 0 1 9-9 9 9 0 0 1 6 2.3l3 2.7" />
    </>,
  ),
};

/** Toolbar groups, separated by a rule. */
const GROUPS: Tool[][] = [
  ['bold', 'italic', 'underline', 'strikeThrough'],
  ['insertOrderedList', 'insertUnorderedList', 'link'],
  ['removeFormat'],
  ['undo', 'redo'],
];
const TOOLS = GROUPS.flat();

export function RichTextEditor({ value, onChange, onBlur, label, placeholder, invalid = false, disabled = false, id, describedBy, minHeight = '48', ref, testId = 'rich-text' }: RichTextEditorProps) {
  const { t } = useTranslation('sysAnnouncement');
  const generatedId = useId();
  const editorId = id ?? `rte-${generatedId}`;
  const editor = useRef<HTMLDivElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  /** The HTML last sent to `onChange` (a value equal to it needs no rewrite of the editor). */
  const emitted = useRef<string | undefined>(undefined);
  /** The selection inside the editor when it last changed (restored before a toolbar command). */
  const savedRange = useRef<Range | null>(null);
  const [active, setActive] = useState<Partial<Record<Command, boolean>>>({});
  const [empty, setEmpty] = useState(() => isBlankHtml(value));
  const [focusIndex, setFocusIndex] = useState(0);
  const [linkDialog, setLinkDialog] = useState<{ href: string; existing: boolean }>();

  useImperativeHandle(ref, () => ({ focus: () => editor.current?.focus() }), []);

  // Outside changes of the value (a record loaded, a reset) replace the content.
  useEffect(() => {
    const node = editor.current;
    if (!node || value === emitted.current) return;
    const clean = sanitizeHtml(value);
    if (node.innerHTML !== clean) node.innerHTML = clean;
    emitted.current = value;
    setEmpty(isBlankHtml(clean));
  }, [value]);

  const refreshState = useCallback(() => {
    setActive(Object.fromEntries(STATEFUL.map((command) => [command, commandState(command)])));
  }, []);

  // Remember the selection while it is inside the editor, and keep the pressed states current.
  useEffect(() => {
    const onSelection = () => {
      const selection = document.getSelection();
      const node = editor.current;
      if (!selection || selection.rangeCount === 0 || !node) return;
      const range = selection.getRangeAt(0);
      if (!node.contains(range.commonAncestorContainer)) return;
      savedRange.current = range.cloneRange();
      refreshState();
    };
    document.addEventListener('selectionchange', onSelection);
    return () => document.removeEventListener('selectionchange', onSelection);
  }, [refreshState]);

  const emit = useCallback(() => {
    const node = editor.current;
    if (!node) return;
    const blank = isBlankHtml(node.innerHTML);
    const html = blank ? '' : node.innerHTML;
    setEmpty(blank);
    emitted.current = html;
    onChange(html);
  }, [onChange]);

  /** Puts the caret back where it was in the editor (a toolbar click or a dialog moved the focus). */
  const restoreSelection = () => {
    const node = editor.current;
    if (!node) return;
    node.focus({ preventScroll: true });
    const selection = document.getSelection();
    const range = savedRange.current;
    if (selection && range && node.contains(range.commonAncestorContainer)) {
      selection.removeAllRanges();
      selection.addRange(range);
    }
  };

  const exec = (command: Command, arg?: string) => {
    if (disabled) return;
    restoreSelection();
    run(command, arg);
    if (command === 'removeFormat') run('unlink');
    emit();
    refreshState();
  };

  const currentLink = (): HTMLAnchorElement | null => {
    const range = savedRange.current;
    const start = range?.startContainer;
    const element = start instanceof Element ? start : (start?.parentElement ?? null);
    const anchor = element?.closest('a') ?? null;
    return anchor && editor.current?.contains(anchor) ? anchor : null;
  };

  const openLink = () => {
    if (disabled) return;
    const anchor = currentLink();
    setLinkDialog({ href: anchor?.getAttribute('href') ?? '', existing: anchor !== null });
  };

  const applyLink = (href: string | null) => {
    setLinkDialog(undefined);
    restoreSelection();
    if (href === null) {
      const anchor = currentLink();
      if (anchor) {
        const selection = document.getSelection();
        const range = document.createRange();
        range.selectNodeContents(anchor);
        selection?.removeAllRanges();
        selection?.addRange(range);
      }
      run('unlink');
    } else {
      const selection = document.getSelection();
      const collapsed = !selection || selection.rangeCount === 0 || selection.getRangeAt(0).collapsed;
      const anchor = currentLink();
      if (anchor) anchor.setAttribute('href', href);
      else if (collapsed) run('insertHTML', `<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`);
      else run('createLink', href);
    }
    emit();
  };

  const applyTool = (tool: Tool) => (tool === 'link' ? openLink() : exec(tool));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const tool = SHORTCUTS[event.key.toLowerCase()];
    if (!tool) return;
    event.preventDefault();
    applyTool(tool);
  };

  const onToolbarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: focusIndex + 1, ArrowLeft: focusIndex - 1, Home: 0, End: TOOLS.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key]! + TOOLS.length) % TOOLS.length;
    setFocusIndex(next);
    toolbar.current?.querySelectorAll<HTMLButtonElement>('button[data-tool]')[next]?.focus();
  };

  const toolLabel = (tool: Tool) => {
    const name = t(`editor.${tool}`);
    const key = { bold: 'B', italic: 'I', underline: 'U', link: 'K' }[tool as string];
    return key ? `${name} (${shortcut(key)})` : name;
  };

  return (
    <Box
      borderWidth="1px"
      borderColor={invalid ? 'border.error' : 'border'}
      rounded="md"
      bg={disabled ? 'bg.muted' : 'bg'}
      _focusWithin={{ borderColor: invalid ? 'border.error' : 'colorPalette.solid', outlineWidth: '1px', outlineStyle: 'solid', outlineColor: invalid ? 'border.error' : 'colorPalette.solid' }}
      transition="border-color 0.15s, outline-color 0.15s"
      data-testid={testId}
    >
      <HStack
        ref={toolbar}
        role="toolbar"
        aria-label={t('editor.toolbar')}
        aria-controls={editorId}
        gap="0.5"
        paddingX="1.5"
        paddingY="1"
        borderBottomWidth="1px"
        bg="bg.subtle"
        roundedTop="md"
        wrap="wrap"
        onKeyDown={onToolbarKeyDown}
      >
        {GROUPS.map((group, groupIndex) => (
          <HStack key={group.join()} gap="0.5">
            {groupIndex > 0 ? <Separator orientation="vertical" height="5" marginX="1" /> : null}
            {group.map((tool) => {
              const index = TOOLS.indexOf(tool);
              const pressed = STATEFUL.includes(tool as Command) ? Boolean(active[tool as Command]) : undefined;
              return (
                <IconButton
                  key={tool}
                  size="xs"
                  variant={pressed ? 'subtle' : 'ghost'}
                  colorPalette={pressed ? undefined : 'gray'}
                  aria-label={toolLabel(tool)}
                  title={toolLabel(tool)}
                  aria-pressed={pressed}
                  disabled={disabled}
                  tabIndex={index === focusIndex ? 0 : -1}
                  data-tool={tool}
                  data-testid={`${testId}-${tool}`}
                  // Keep the editor's selection: the click must not move the focus first.
                  onMouseDown={(event) => event.preventDefault()}
                  onFocus={() => setFocusIndex(index)}
                  onClick={() => applyTool(tool)}
                >
                  {ICONS[tool]}
                </IconButton>
              );
            })}
          </HStack>
        ))}
      </HStack>
      <Box position="relative">
        {empty && placeholder ? (
          <Box position="absolute" insetX="3" top="2.5" color="fg.subtle" pointerEvents="none" textStyle="sm" aria-hidden="true">
            {placeholder}
          </Box>
        ) : null}
        <Box
          ref={editor}
          id={editorId}
          // A contentEditable region: no native element carries rich text, so the role names it.
          // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
          role="textbox"
          aria-multiline="true"
          aria-label={label}
          aria-placeholder={placeholder}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          aria-disabled={disabled || undefined}
          contentEditable={!disabled}
          suppressContentEditableWarning
          spellCheck
          minHeight={minHeight}
          maxHeight="60vh"
          overflowY="auto"
          paddingX="3"
          paddingY="2.5"
          textStyle="sm"
          outline="none"
          css={{
            '& p, & div': { marginBlock: '0.25em' },
            '& ul': { listStyleType: 'disc', paddingInlineStart: '1.5em', marginBlock: '0.5em' },
            '& ol': { listStyleType: 'decimal', paddingInlineStart: '1.5em', marginBlock: '0.5em' },
            '& a': { color: 'colorPalette.fg', textDecoration: 'underline' },
            '& blockquote': { borderInlineStartWidth: '3px', paddingInlineStart: '0.75em', color: 'fg.muted' },
          }}
          onInput={emit}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
          onKeyUp={refreshState}
          onMouseUp={refreshState}
          onPaste={(event) => {
            event.preventDefault();
            const html = event.clipboardData.getData('text/html');
            if (html) run('insertHTML', sanitizeHtml(html));
            else run('insertText', event.clipboardData.getData('text/plain'));
            emit();
          }}
          onDrop={(event) => event.preventDefault()}
          data-testid={`${testId}-area`}
        />
      </Box>
      <LinkDialog state={linkDialog} onCancel={() => setLinkDialog(undefined)} onApply={applyLink} />
    </Box>
  );
}

/** Asks for a link address: an http(s) URL or an app path; an existing link can be removed. */
function LinkDialog({ state, onCancel, onApply }: { state: { href: string; existing: boolean } | undefined; onCancel: () => void; onApply: (href: string | null) => void }) {
  return (
    <DialogShell open={state !== undefined} onClose={onCancel} size={{ base: 'full', sm: 'sm' }} testId="rich-text-link-dialog">
      {state ? <LinkForm initial={state.href} existing={state.existing} onApply={onApply} /> : null}
    </DialogShell>
  );
}

function LinkForm({ initial, existing, onApply }: { initial: string; existing: boolean; onApply: (href: string | null) => void }) {
  const { t } = useTranslation('sysAnnouncement');
  const [href, setHref] = useState(initial);
  const [touched, setTouched] = useState(false);
  const error = href.trim() === '' ? t('editor.linkRequired') : isSafeLink(href) ? undefined : t('editor.linkInvalid');

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // The dialog sits inside the announcement form: its submit must not reach it.
        event.stopPropagation();
        setTouched(true);
        if (!error) onApply(href.trim());
      }}
    >
      <OverlayHeader title={existing ? t('editor.editLink') : t('editor.addLink')} />
      <Dialog.Body>
        <Stack gap="2">
          <Field.Root invalid={touched && !!error} required>
            <Field.Label>
              {t('editor.linkUrl')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              size="sm"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              value={href}
              placeholder="https://"
              onChange={(event) => setHref(event.currentTarget.value)}
              onBlur={() => setTouched(true)}
              data-testid="rich-text-link-url"
            />
            {touched && error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{t('editor.linkHint')}</Field.HelperText>}
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <FormFooter kind="dialog" saving={false} submitLabel={t('confirm.ok', { ns: 'dataTable' })} submitTestId="rich-text-link-submit">
        {existing ? (
          <Button size="sm" variant="ghost" colorPalette="red" marginEnd="auto" onClick={() => onApply(null)} data-testid="rich-text-link-remove">
            {t('editor.removeLink')}
          </Button>
        ) : null}
      </FormFooter>
    </form>
  );
}
