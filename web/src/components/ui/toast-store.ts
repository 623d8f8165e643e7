/**
 * The toast store itself (Zag's, through Chakra), loaded by `toaster.tsx` the first time a toast
 * is wanted, so pages that never toast never download it.
 */
import { createToaster } from '@chakra-ui/react';

export const toastStore = createToaster({
  placement: 'top',
  pauseOnPageIdle: true,
  max: 5,
});

export type ToastStore = typeof toastStore;
