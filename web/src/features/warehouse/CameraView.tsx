/**
 * The PDA pages' camera: the live picture while the scanner reads (a line while it starts), the
 * button that stops it, and why it could not start. The scanning itself is `camera.ts`'s.
 */
import { Alert, Box, Button, chakra, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { startCameraScan, type CameraScan } from './camera';

export type CameraStatus = 'off' | 'starting' | 'on';

/**
 * The camera of a PDA page: `toggle` starts it (once its video element is on the page) or stops
 * it; a code read stops it and goes to `onCode`; it stops with the page. `unavailable` words why
 * it could not start.
 */
export function useCamera(onCode: (code: string) => void, unavailable: (message: string) => string) {
  const [status, setStatus] = useState<CameraStatus>('off');
  const [problem, setProblem] = useState<string>();
  const video = useRef<HTMLVideoElement>(null);
  const session = useRef<CameraScan | undefined>(undefined);
  const latest = useRef({ onCode, unavailable });
  useEffect(() => {
    latest.current = { onCode, unavailable };
  });
  useEffect(() => {
    if (status !== 'starting' || !video.current) return;
    let cancelled = false;
    startCameraScan(video.current, (code) => {
      session.current = undefined;
      setStatus('off');
      latest.current.onCode(code);
    }).then(
      (started) => {
        if (cancelled) return started.stop();
        session.current = started;
        setStatus((now) => (now === 'starting' ? 'on' : now));
      },
      (error: unknown) => {
        if (cancelled) return;
        setProblem(latest.current.unavailable(error instanceof Error ? error.message : String(error)));
        setStatus('off');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [status]);
  useEffect(() => () => session.current?.stop(), []);
  const stop = useCallback(() => {
    session.current?.stop();
    session.current = undefined;
    setStatus('off');
  }, []);
  const toggle = useCallback(() => {
    setProblem(undefined);
    if (session.current || status !== 'off') stop();
    else setStatus('starting');
  }, [status, stop]);
  return { status, problem, video, stop, toggle };
}

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
