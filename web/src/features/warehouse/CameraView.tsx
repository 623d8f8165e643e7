/**
 * The PDA pages' camera: the live picture while the scanner reads (a line while it starts), the
 * button that stops it, and why it could not start. The scanning itself is `camera.ts`'s.
 */
import { Alert, Box, Button, chakra, Stack, Text } from '@chakra-ui/react';
import type { RefObject } from 'react';

export type CameraStatus = 'off' | 'starting' | 'on';

interface CameraViewProps {
  status: CameraStatus;
  video: RefObject<HTMLVideoElement | null>;
  onStop: () => void;
  problem?: string;
  startingLabel: string;
  stopLabel: string;
  /** `pda` gives `pda-camera-view` and `pda-camera-problem`. */
  testIdPrefix: string;
}

export function CameraView({ status, video, onStop, problem, startingLabel, stopLabel, testIdPrefix }: CameraViewProps) {
  return (
    <>
      {status !== 'off' ? (
        <Stack gap="2" data-testid={`${testIdPrefix}-camera-view`}>
          <Box position="relative" rounded="lg" overflow="hidden" bg="black" aspectRatio="4 / 3">
            <chakra.video ref={video} muted playsInline width="full" height="full" objectFit="cover" />
            {status === 'starting' ? (
              <Text position="absolute" inset="0" display="flex" alignItems="center" justifyContent="center" color="white">
                {startingLabel}
              </Text>
            ) : null}
          </Box>
          <Button variant="outline" minHeight="12" onClick={onStop}>
            {stopLabel}
          </Button>
        </Stack>
      ) : null}
      {problem ? (
        <Alert.Root status="warning" data-testid={`${testIdPrefix}-camera-problem`}>
          <Alert.Indicator />
          <Alert.Description>{problem}</Alert.Description>
        </Alert.Root>
      ) : null}
    </>
  );
}
