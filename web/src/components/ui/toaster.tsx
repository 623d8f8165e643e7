/**
 * The app's single toaster: notices from the API client and confirmations from pages. This is
 * only the store (small); the component that shows the toasts is `toaster-view.tsx`, which the
 * app loads when the first toast is created (src/app/providers.tsx), so pages that never toast
 * never load it.
 */
import { createToaster } from '@chakra-ui/react';

export const toaster = createToaster({
  placement: 'top',
  pauseOnPageIdle: true,
  max: 5,
});
