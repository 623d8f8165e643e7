import { VisuallyHidden } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { api } from '../../api/client';

/** The images an avatar may be. */
export const ACCEPTED_IMAGES = 'image/png,image/jpeg,image/gif,image/webp';

/** Uploads an avatar image (`POST /sys/common/upload`, biz `avatar`); resolves with its URL. */
export function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  form.append('biz', 'avatar');
  return api
    .upload<{ url?: string } | string>('/sys/common/upload', form, { notify: false })
    .then((envelope) => (typeof envelope.result === 'string' ? envelope.result : (envelope.result?.url ?? envelope.message)));
}

/**
 * Picking and uploading an avatar: `pick()` opens the file chooser (render `fileInput` once),
 * `uploading` while it goes (also told to `onBusyChange`), `error` when it failed;
 * `onUploaded(url)` gets the stored image.
 */
export function useAvatarUpload(onUploaded: (url: string) => void, onBusyChange?: (busy: boolean) => void) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const setUploading = (busy: boolean) => {
    setBusy(busy);
    onBusyChange?.(busy);
  };

  async function upload(file: File | undefined) {
    if (!file) return;
    setError(undefined);
    setUploading(true);
    try {
      onUploaded(await uploadAvatar(file));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }

  const fileInput = ({ label, testId }: { label?: string; testId: string }) => (
    <VisuallyHidden>
      <input ref={input} type="file" accept={ACCEPTED_IMAGES} aria-label={label} data-testid={testId} onChange={(event) => void upload(event.target.files?.[0])} />
    </VisuallyHidden>
  );

  return { uploading, error, pick: () => input.current?.click(), fileInput };
}
