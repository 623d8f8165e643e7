/** What shows while the app or a page loads, and when not even the error page can load. */
import { AbsoluteCenter, Heading, Spinner } from '@chakra-ui/react';

export function PageLoading() {
  return (
    <AbsoluteCenter>
      <Spinner size="lg" color="colorPalette.solid" />
    </AbsoluteCenter>
  );
}

const SERVER_ERROR_CODE = '500';

/** The bare "500": the error page's chunk cannot load either (a new version replaced the files, or no network). */
export function BareServerError() {
  return (
    <AbsoluteCenter>
      <Heading as="h1" size="4xl">
        {SERVER_ERROR_CODE}
      </Heading>
    </AbsoluteCenter>
  );
}
