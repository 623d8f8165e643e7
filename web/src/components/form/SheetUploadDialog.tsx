/**
 * A dialog that uploads one CSV (UTF-8) or xlsx file the server checks row by row (tracking
 * events, UPS's routing table): a template to start from, the size checked before sending, and a
 * refusal's rows at fault listed by row (the envelope's `result.errors`). Test ids are
 * `{testId}-dialog`, `-template`, `-error`, `-errors`, `-file` and `-submit`.
 */
import { Button, Dialog, Input, List, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { ErrorAlert } from '../ErrorAlert';
import { DownloadIcon } from '../icons';
import { DialogShell } from '../overlay';
import { FormField } from './FormField';
import { FormFooter } from './FormFooter';

/** A row the server refused, as imports report it. */
interface RowError {
  row: number;
  column: string;
  message: string;
}

export interface SheetUploadTexts {
  title: string;
  hint: string;
  template: string;
  file: string;
  fileHelp: string;
  fileRequired: string;
  tooLarge: string;
  submit: string;
  /** "Row 3" (the sheet's own numbering). */
  row: (row: number) => string;
}

/** A namespace's `t`, its keys read as plain text (they are built from the prefix). */
export type SheetT = (key: string, options?: Record<string, unknown>) => string;

/** The texts of a namespace's `{prefix}.title`, `.hint`, `.template`, `.file`, `.fileHelp`, `.fileRequired`, `.tooLarge`, `.submit` and `.row` ({{row}}). */
export function sheetUploadTexts(t: SheetT, prefix: string): SheetUploadTexts {
  const text = (name: string) => t(`${prefix}.${name}`);
  return {
    title: text('title'),
    hint: text('hint'),
    template: text('template'),
    file: text('file'),
    fileHelp: text('fileHelp'),
    fileRequired: text('fileRequired'),
    tooLarge: text('tooLarge'),
    submit: text('submit'),
    row: (row) => t(`${prefix}.row`, { row }),
  };
}

export interface SheetUploadDialogProps<R> {
  open: boolean;
  onClose: () => void;
  testId: string;
  texts: SheetUploadTexts;
  /** The template's file name and text (headings and example rows; saved with a byte-order mark). */
  template: { name: string; csv: string };
  maxBytes: number;
  /** Sends the file: its report, or an error whose envelope's `result.errors` lists the rows at fault. */
  upload: (file: File) => Promise<R | undefined>;
  /** After a good upload: a notice to keep the dialog open with, or nothing to close it. */
  onUploaded: (report: R | undefined) => string | undefined;
  /** More fields, under the file's. */
  children?: ReactNode;
  /** The file picker's types (default: CSV and xlsx). */
  accept?: string;
}

const SHEETS = '.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function downloadTemplate({ name, csv }: { name: string; csv: string }) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

export function SheetUploadDialog<R>({ open, onClose, testId, ...form }: SheetUploadDialogProps<R>) {
  return (
    <DialogShell open={open} onOpenChange={(next) => (next ? undefined : onClose())} testId={`${testId}-dialog`}>
      {open ? <UploadForm<R> onClose={onClose} testId={testId} {...form} /> : null}
    </DialogShell>
  );
}

function UploadForm<R>({ onClose, testId, texts, template, maxBytes, upload, onUploaded, children, accept = SHEETS }: Omit<SheetUploadDialogProps<R>, 'open'>) {
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<{ message: string; file?: boolean; errors?: RowError[] }>();
  const [saving, setSaving] = useState(false);

  function pick(picked: File | undefined) {
    setProblem(undefined);
    setFile(undefined);
    if (!picked) return;
    if (picked.size > maxBytes) return setProblem({ message: texts.tooLarge, file: true });
    setFile(picked);
  }

  async function save() {
    setProblem(undefined);
    if (!file) return setProblem({ message: texts.fileRequired, file: true });
    setSaving(true);
    try {
      const notice = onUploaded(await upload(file));
      if (notice) setProblem({ message: notice });
      else onClose();
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      const result = failure instanceof ApiError ? failure.envelope?.result : undefined;
      const errors = result && typeof result === 'object' && 'errors' in result ? (result as { errors: RowError[] }).errors : undefined;
      setProblem({ message, errors });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Dialog.Header>
        <Dialog.Title>{texts.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text textStyle="sm" color="fg.muted">
            {texts.hint}
          </Text>
          <Button variant="outline" size="xs" alignSelf="flex-start" onClick={() => downloadTemplate(template)} data-testid={`${testId}-template`}>
            <DownloadIcon />
            {texts.template}
          </Button>
          <ErrorAlert message={problem && !problem.file ? problem.message : undefined} testId={`${testId}-error`} />
          {problem?.errors?.length ? (
            <List.Root fontSize="sm" gap="1" ps="4" maxH="40" overflowY="auto" data-testid={`${testId}-errors`}>
              {problem.errors.slice(0, 50).map((e) => (
                <List.Item key={`${e.row}-${e.column}`}>{`${texts.row(e.row)}: ${e.message}`}</List.Item>
              ))}
            </List.Root>
          ) : null}
          <FormField label={texts.file} required helper={texts.fileHelp} error={problem?.file ? problem.message : undefined}>
            <Input
              size="sm"
              type="file"
              accept={accept}
              paddingY="1"
              onChange={(e) => pick(e.currentTarget.files?.[0])}
              data-testid={`${testId}-file`}
            />
          </FormField>
          {children}
        </Stack>
      </Dialog.Body>
      <FormFooter kind="dialog" saving={saving} submitTestId={`${testId}-submit`} submitLabel={texts.submit} />
    </form>
  );
}
