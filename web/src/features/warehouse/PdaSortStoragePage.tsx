/**
 * Sort and store on a handheld (PDA or phone, 390 px and up): one big scan field that keeps the
 * focus, the weight, one big Receive button, and the camera as a scanner when there is no
 * built-in one. Every scan goes into the device's queue first ({@link createScanQueue}: IndexedDB,
 * its own `Idempotency-Key`) once core (through WASM) takes it as the server would (a refused
 * scan shows its message under the field at fault and is neither queued nor sent), then to the
 * server in scan order, so the page works through dead
 * spots in the warehouse: offline, scans wait ("offline — N scans queued") and are sent when the
 * network is back, each exactly once. The last scans show with their state (queued, sending,
 * received with the charge, or failed with the server's message); a beep and a buzz say how each
 * one went.
 */
import { Alert, Badge, Button, Card, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../components/Authorized';
import { showTime } from '../../lib/utcTime';
import { intakeForm, INTAKE_PERMISSION } from './api';
import { CameraView, useCamera } from './CameraView';
import { signal } from './feedback';
import { intakeIssue, type IntakeIssue } from './intakeCheck';
import { IntakeMoney } from './IntakeResult';
import type { QueuedScan, ScanState } from './scanQueue';
import { useScanQueue } from './useScanQueue';

/** Scans shown, newest first. */
const RECENT = 20;
const STATE_COLORS: Record<ScanState, string> = { queued: 'gray', sending: 'blue', received: 'green', failed: 'red' };

function ScanCard({ scan }: { scan: QueuedScan }) {
  const { t } = useTranslation('inbound');
  const { result } = scan;
  return (
    <Card.Root size="sm" variant="outline" data-testid="pda-scan" data-state={scan.state}>
      <Card.Body>
        <Stack gap="1.5">
          <HStack justify="space-between" gap="2" align="flex-start">
            <Text fontFamily="mono" fontWeight="semibold" wordBreak="break-all">
              {scan.form.number}
            </Text>
            <Badge size="md" variant="solid" colorPalette={STATE_COLORS[scan.state]} flexShrink={0} data-testid="pda-scan-state">
              {t(`pda.state.${scan.state}`)}
            </Badge>
          </HStack>
          <HStack gap="3" textStyle="xs" color="fg.muted" wrap="wrap">
            <Text fontFamily="mono">{t('kg', { value: scan.form.weight })}</Text>
            <Text>{showTime(new Date(scan.scannedAt).toISOString())}</Text>
            {result ? (
              <Text fontFamily="mono">{`${result.serialNumber} · ${t('result.parcelsValue', { received: result.receivedPieces, pieces: result.pieces })}`}</Text>
            ) : null}
          </HStack>
          {result ? <IntakeMoney result={result} size="sm" /> : null}
          {scan.state === 'failed' ? (
            <Text textStyle="sm" color="fg.error" data-testid="pda-scan-message">
              {scan.message}
            </Text>
          ) : null}
          {scan.state === 'queued' && scan.message ? (
            <Text textStyle="xs" color="fg.muted" data-testid="pda-scan-retry">
              {`${scan.message} · ${t('pda.attempts', { count: scan.attempts })}`}
            </Text>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}


export default function PdaSortStoragePage() {
  const { t } = useTranslation('inbound');
  const [number, setNumber] = useState('');
  const [weight, setWeight] = useState('');
  const [problem, setProblem] = useState<string>();
  const [issue, setIssue] = useState<IntakeIssue>();
  const [saving, setSaving] = useState(false);
  const numberInput = useRef<HTMLInputElement>(null);
  const weightInput = useRef<HTMLInputElement>(null);
  // A code the camera reads is the number: the weight is next.
  const camera = useCamera(
    (code) => {
      setNumber(code);
      signal('queued');
      weightInput.current?.focus();
    },
    (message) => t('pda.cameraUnavailable', { message }),
  );
  const onSettled = useCallback((scan: QueuedScan) => signal(scan.state === 'received' ? 'success' : 'error'), []);
  const { queue, scans, offline, waiting, syncing, durable, storageError } = useScanQueue(onSettled);
  const recent = scans.toReversed().slice(0, RECENT);

  useEffect(() => numberInput.current?.focus(), []);


  const closeCamera = () => {
    camera.stop();
    numberInput.current?.focus();
  };

  // Saves scans one after the other: a scan entered while the one before is still being saved
  // waits its turn instead of being lost.
  const saved = useRef<Promise<void>>(Promise.resolve());
  const unsaved = useRef(0);

  function receive() {
    const form = intakeForm({ number, weight });
    // Refused here as the server would refuse it: not queued, not sent.
    const refused = intakeIssue(form);
    setIssue(refused);
    if (refused) {
      setProblem(refused.field === 'number' || refused.field === 'weight' ? undefined : refused.message);
      signal('error');
      const input = (refused.field === 'weight' ? weightInput : numberInput).current;
      input?.focus();
      input?.select();
      return;
    }
    // The fields are free for the next parcel at once.
    setProblem(undefined);
    setNumber('');
    setWeight('');
    numberInput.current?.focus();
    unsaved.current += 1;
    setSaving(true);
    saved.current = saved.current.then(async () => {
      try {
        // Saved on the device first (with its key); sent now or when the network is back.
        await queue.enqueue(form);
        if (queue.get().offline) signal('queued');
      } catch (error) {
        setProblem(t('pda.storageError', { message: error instanceof Error ? error.message : String(error) }));
        signal('error');
      } finally {
        unsaved.current -= 1;
        if (unsaved.current === 0) setSaving(false);
      }
    });
  }

  const numberKeys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (number.trim()) weightInput.current?.focus();
  };

  const status = offline ? (waiting > 0 ? t('pda.offlineQueued', { count: waiting }) : undefined) : waiting > 0 ? t(syncing ? 'pda.sending' : 'pda.waiting', { count: waiting }) : undefined;

  return (
    <Stack gap="4" maxWidth="lg" width="full" marginX="auto" data-testid="pda-page">
      <HStack justify="space-between" gap="3">
        <Heading size="lg">{t('pda.title')}</Heading>
        <Badge size="lg" variant="subtle" colorPalette={offline ? 'orange' : 'green'} data-testid="pda-network" data-offline={offline}>
          {offline ? t('pda.offline') : t('pda.online')}
        </Badge>
      </HStack>

      {status ? (
        <Alert.Root status={offline ? 'warning' : 'info'} data-testid="pda-status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{status}</Alert.Description>
          </Alert.Content>
          {offline ? null : (
            <Button size="sm" variant="outline" minHeight="12" onClick={() => void queue.sync()} loading={syncing} data-testid="pda-retry">
              {t('pda.retry')}
            </Button>
          )}
        </Alert.Root>
      ) : null}
      {durable ? null : (
        <Alert.Root status="warning" size="sm" data-testid="pda-not-durable">
          <Alert.Indicator />
          <Alert.Description>{t('pda.notDurable')}</Alert.Description>
        </Alert.Root>
      )}
      {storageError ? (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Description>{t('pda.storageError', { message: storageError })}</Alert.Description>
        </Alert.Root>
      ) : null}

      <Authorized action={INTAKE_PERMISSION}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            receive();
          }}
        >
          <Stack gap="3">
            <Field.Root invalid={issue?.field === 'number'}>
              <Input
                ref={numberInput}
                size="2xl"
                height="16"
                fontSize="2xl"
                fontFamily="mono"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                enterKeyHint="next"
                placeholder={t('scan.numberPlaceholder')}
                aria-label={t('scan.number')}
                value={number}
                onChange={(event) => {
                  setNumber(event.currentTarget.value);
                  if (issue?.field === 'number') setIssue(undefined);
                }}
                onKeyDown={numberKeys}
                data-testid="pda-number"
              />
              {issue?.field === 'number' ? (
                <Field.ErrorText fontSize="md" data-testid="pda-number-error">
                  {issue.message}
                </Field.ErrorText>
              ) : null}
            </Field.Root>
            <HStack gap="3">
              <Input
                ref={weightInput}
                size="2xl"
                height="16"
                fontSize="2xl"
                fontFamily="mono"
                inputMode="decimal"
                autoComplete="off"
                enterKeyHint="done"
                placeholder={t('scan.weight')}
                aria-label={t('scan.weight')}
                value={weight}
                onChange={(event) => {
                  setWeight(event.currentTarget.value);
                  if (issue?.field === 'weight') setIssue(undefined);
                }}
                aria-invalid={issue?.field === 'weight' ? true : undefined}
                flex="1"
                minWidth="0"
                data-testid="pda-weight"
              />
              <Button
                type="button"
                size="2xl"
                height="16"
                variant="outline"
                flexShrink={0}
                onClick={() => {
                  if (camera.status === 'off') camera.toggle();
                  else closeCamera();
                }}
                data-testid="pda-camera"
              >
                {camera.status === 'off' ? t('pda.camera') : t('pda.cameraStop')}
              </Button>
            </HStack>
            {issue?.field === 'weight' ? (
              <Text textStyle="md" color="fg.error" data-testid="pda-weight-error">
                {issue.message}
              </Text>
            ) : null}
            <Button type="submit" size="2xl" height="16" width="full" fontSize="xl" loading={saving} data-testid="pda-submit">
              {t('scan.receive')}
            </Button>
            {problem ? (
              <Alert.Root status="error" role="alert" data-testid="pda-problem">
                <Alert.Indicator />
                <Alert.Description>{problem}</Alert.Description>
              </Alert.Root>
            ) : null}
          </Stack>
        </form>
      </Authorized>

      <CameraView
        status={camera.status}
        video={camera.video}
        onStop={closeCamera}
        problem={camera.problem}
        startingLabel={t('pda.cameraStarting')}
        stopLabel={t('pda.cameraStop')}
        testIdPrefix="pda"
      />

      <Stack gap="2">
        <Heading size="sm">{t('pda.recent')}</Heading>
        {recent.length === 0 ? (
          <Text textStyle="sm" color="fg.muted" data-testid="pda-recent-empty">
            {t('pda.recentEmpty')}
          </Text>
        ) : (
          recent.map((scan) => <ScanCard key={scan.key} scan={scan} />)
        )}
      </Stack>
    </Stack>
  );
}
