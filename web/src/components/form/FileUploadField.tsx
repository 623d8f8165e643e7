/**
 * A document uploaded into a form field (a recharge's voucher, an FBA delivery's proof): the file
 * picked, checked here first (size and type), uploaded, and the field holds the address the
 * server answered; its link opens it, and it can be replaced or removed.
 */
import { Button, HStack, Link, Text, VisuallyHidden } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useController, type FieldValues, type Path, type UseControllerProps } from 'react-hook-form';
import { CloseIcon, FileTextIcon, UploadIcon } from '../icons';
import { FormField } from './FormField';

export interface FileUploadTexts {
  label: string;
  helper: string;
  upload: string;
  replace: string;
  remove: string;
  tooLarge: string;
  wrongType: string;
}

export interface FileUploadFieldProps<V extends FieldValues> {
  name: Path<V>;
  rules?: UseControllerProps<V>['rules'];
  required?: boolean;
  /** The accepted MIME types, comma-separated (the picker's `accept`). */
  accept: string;
  maxBytes: number;
  /** Uploads the file and answers its address. */
  upload: (file: File) => Promise<string>;
  /** Where the stored value is opened (default: the value itself). */
  href?: (value: string) => string | undefined;
  texts: FileUploadTexts;
  /** Told while an upload runs (the form waits for it). */
  onUploading: (busy: boolean) => void;
  /** `data-testid` prefix: the field, `-input`, `-upload`, `-link`, `-remove`. */
  testId: string;
}

/** The last part of a stored file's path (what the user picked, as the server named it). */
export const fileName = (url: string) => decodeURIComponent(url.split('/').pop() ?? url);

export function FileUploadField<V extends FieldValues>({ name, rules, required, accept, maxBytes, upload, href, texts, onUploading, testId }: FileUploadFieldProps<V>) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string>();
  const { field, fieldState } = useController<V>({ name, rules });
  const value = typeof field.value === 'string' ? field.value : '';

  const busy = (on: boolean) => {
    setUploading(on);
    onUploading(on);
  };

  async function pick(file: File | undefined) {
    if (!file) return;
    setProblem(undefined);
    if (file.size > maxBytes) {
      setProblem(texts.tooLarge);
    } else if (file.type !== '' && !accept.split(',').includes(file.type)) {
      setProblem(texts.wrongType);
    } else {
      busy(true);
      try {
        field.onChange(await upload(file));
      } catch (failure) {
        setProblem(failure instanceof Error ? failure.message : String(failure));
      } finally {
        busy(false);
      }
    }
    if (input.current) input.current.value = '';
  }

  const link = value ? (href ? href(value) : value) : undefined;
  return (
    <FormField label={texts.label} required={required} error={problem ?? fieldState.error?.message} helper={texts.helper} testId={testId}>
      <VisuallyHidden>
        <input ref={input} type="file" accept={accept} aria-label={texts.upload} data-testid={`${testId}-input`} onChange={(event) => void pick(event.target.files?.[0])} />
      </VisuallyHidden>
      <HStack gap="2" wrap="wrap" width="full">
        <Button size="sm" variant="outline" loading={uploading} onClick={() => input.current?.click()} onBlur={field.onBlur} data-testid={`${testId}-upload`}>
          <UploadIcon />
          {value ? texts.replace : texts.upload}
        </Button>
        {link ? (
          <>
            <Link href={link} target="_blank" rel="noreferrer" textStyle="sm" colorPalette="blue" color="colorPalette.fg" maxWidth="full" minWidth="0" data-testid={`${testId}-link`}>
              <FileTextIcon />
              <Text as="span" truncate>
                {fileName(value)}
              </Text>
            </Link>
            <Button size="xs" variant="ghost" onClick={() => field.onChange('')} aria-label={texts.remove} data-testid={`${testId}-remove`}>
              <CloseIcon />
            </Button>
          </>
        ) : null}
      </HStack>
    </FormField>
  );
}
