/**
 * Out-pack on a handheld (PDA or phone, 390 px and up): pick an open batch (or create one), then
 * scan package numbers into it, with the built-in scanner (it types the number and Enter) or the
 * camera. Each scan goes to the server at once (`POST /logistics/outBatch/addPackage`), in scan
 * order, and shows in the recent scans with its state (sending, added, or failed with the
 * server's message as it is, e.g. "package has batch can't repeat operation"); a beep and a buzz
 * say how each went. The batch's totals follow each answer; "Hand over" (after confirmation)
 * gives the batch to the carrier. Every scan needs the server's answer, so while the device is
 * offline a banner says so and scanning is paused. Touch targets are at least 48 px.
 */
import { Alert, Badge, Button, Card, Heading, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../components/Authorized';
import { useConfirm } from '../../components/ConfirmDialog';
import { serverError } from '../../components/form/serverError';
import { toastSuccess, useInvalidateList } from '../../components/list';
import { useServerList } from '../../hooks/useServerList';
import { showTime } from '../../lib/utcTime';
import { CameraView, useCamera } from './CameraView';
import { signal } from './feedback';
import { BatchStatusTag, BatchTotals, handOverConfirmation } from './OutBatchDrawer';
import { addOutBatch, addPackageToBatch, BATCH_ADD_PERMISSION, HAND_OVER_PERMISSION, OUT_BATCH_LIST_PATH, OUT_PACKAGE_LIST_PATH, packageNumber, type OutBatchRecord } from './outboundApi';
import { useOnline } from './useOnline';

/** Scans shown, newest first. */
const RECENT = 30;

type OutScanState = 'sending' | 'added' | 'failed';
const STATE_COLORS: Record<OutScanState, string> = { sending: 'blue', added: 'green', failed: 'red' };

interface OutScan {
  id: number;
  packageNo: string;
  batchNo: string;
  state: OutScanState;
  /** Failed: the server's message. */
  message?: string;
  /** When it was scanned (ms since the epoch). */
  at: number;
}


function ScanCard({ scan }: { scan: OutScan }) {
  const { t } = useTranslation('outBatch');
  return (
    <Card.Root size="sm" variant="outline" data-testid="pda-out-scan" data-state={scan.state}>
      <Card.Body>
        <Stack gap="1.5">
          <HStack justify="space-between" gap="2" align="flex-start">
            <Text fontFamily="mono" fontWeight="semibold" wordBreak="break-all">
              {scan.packageNo || '—'}
            </Text>
            <Badge size="md" variant="solid" colorPalette={STATE_COLORS[scan.state]} flexShrink={0} data-testid="pda-out-scan-state">
              {t(`pda.state.${scan.state}`)}
            </Badge>
          </HStack>
          <HStack gap="3" textStyle="xs" color="fg.muted" wrap="wrap">
            <Text fontFamily="mono">{scan.batchNo}</Text>
            <Text>{showTime(new Date(scan.at).toISOString())}</Text>
          </HStack>
          {scan.state === 'failed' ? (
            <Text textStyle="sm" color="fg.error" data-testid="pda-out-scan-message">
              {scan.message}
            </Text>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The open batches to choose from, and a new one. */
function BatchPicker({ onPick, disabled }: { onPick: (batch: OutBatchRecord) => void; disabled: boolean }) {
  const { t } = useTranslation('outBatch');
  const [creating, setCreating] = useState(false);
  const [problem, setProblem] = useState<string>();
  const invalidate = useInvalidateList(OUT_BATCH_LIST_PATH);
  const list = useServerList<OutBatchRecord>(OUT_BATCH_LIST_PATH, { batchStatus: 'open' }, { defaultSort: { column: 'createTime', order: 'desc' }, pageSize: 20 });

  async function create() {
    setCreating(true);
    setProblem(undefined);
    try {
      const answer = await addOutBatch({ batchNo: null, channelId: null, remark: null });
      toastSuccess(t('pda.created', { batchNo: answer.result.batchNo }));
      void invalidate();
      onPick(answer.result);
    } catch (failure) {
      setProblem(serverError(failure).message);
      signal('error');
    } finally {
      setCreating(false);
    }
  }

  return (
    <Stack gap="3" data-testid="pda-out-picker">
      <Heading size="md">{t('pda.pick')}</Heading>
      {list.loading && list.rows.length === 0 ? (
        <Stack gap="2">
          <Skeleton height="14" />
          <Skeleton height="14" />
        </Stack>
      ) : list.rows.length === 0 ? (
        <Text textStyle="sm" color="fg.muted" data-testid="pda-out-no-open">
          {t('pda.noOpen')}
        </Text>
      ) : (
        list.rows.map((row) => (
          <Button
            key={row.id}
            variant="outline"
            size="xl"
            minHeight="14"
            height="auto"
            paddingY="2"
            width="full"
            justifyContent="space-between"
            disabled={disabled}
            onClick={() => onPick(row)}
            data-testid="pda-out-batch-option"
          >
            <Text fontFamily="mono" fontWeight="semibold">
              {row.batchNo}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              {t('totals', { packages: row.packages, pieces: row.pieces, weight: row.weight })}
            </Text>
          </Button>
        ))
      )}
      <Authorized action={BATCH_ADD_PERMISSION}>
        <Button size="xl" minHeight="14" width="full" loading={creating} disabled={disabled} onClick={() => void create()} data-testid="pda-out-new-batch">
          {t('pda.newBatch')}
        </Button>
      </Authorized>
      {problem ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{problem}</Alert.Description>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}

export default function PdaOutPackPage() {
  const { t } = useTranslation('outBatch');
  const online = useOnline();
  const [batch, setBatch] = useState<OutBatchRecord>();
  const [number, setNumber] = useState('');
  const [scans, setScans] = useState<OutScan[]>([]);
  const [problem, setProblem] = useState<string>();
  const numberInput = useRef<HTMLInputElement>(null);
  // A code the camera reads goes in at once.
  const camera = useCamera((code) => addScan(code), (message) => t('pda.cameraUnavailable', { message }));
  // Scans go to the server one after another, in scan order.
  const chain = useRef<Promise<void>>(Promise.resolve());
  const nextId = useRef(0);
  const { confirm, dialog } = useConfirm();
  const invalidateBatches = useInvalidateList(OUT_BATCH_LIST_PATH);
  const invalidatePackages = useInvalidateList(OUT_PACKAGE_LIST_PATH);
  const open = batch?.batchStatus === 'open';
  const canScan = open && online;

  // The scan field has the focus whenever scanning is possible (a batch picked, online).
  useEffect(() => {
    if (canScan) numberInput.current?.focus();
  }, [canScan]);

  const update = (id: number, change: Partial<OutScan>) => setScans((current) => current.map((scan) => (scan.id === id ? { ...scan, ...change } : scan)));

  /** One scanned package number into the batch (queued behind the scans before it). */
  function addScan(text: string) {
    if (!batch || !canScan) return;
    const packageNo = packageNumber(text);
    nextId.current += 1;
    const scan: OutScan = { id: nextId.current, packageNo: packageNo.toUpperCase(), batchNo: batch.batchNo, state: 'sending', at: Date.now() };
    setScans((current) => [scan, ...current].slice(0, RECENT));
    const target = batch.id;
    chain.current = chain.current.then(async () => {
      try {
        const answer = await addPackageToBatch(target, packageNo);
        update(scan.id, { state: 'added' });
        setBatch((current) => (current?.id === answer.result.id ? answer.result : current));
        signal('success');
        void invalidateBatches();
        void invalidatePackages();
      } catch (failure) {
        update(scan.id, { state: 'failed', message: serverError(failure).message });
        signal('error');
      }
    });
  }

  const submit = () => {
    addScan(number);
    setNumber('');
    numberInput.current?.focus();
  };

  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit();
  };


  const closeCamera = camera.stop;
  // Offline: the camera stops too.
  useEffect(() => {
    window.addEventListener('offline', closeCamera);
    return () => window.removeEventListener('offline', closeCamera);
  }, [closeCamera]);

  const pick = (next: OutBatchRecord | undefined) => {
    closeCamera();
    setProblem(undefined);
    setBatch(next);
  };

  const askHandOver = () => {
    if (!batch) return;
    setProblem(undefined);
    confirm(
      handOverConfirmation(
        t,
        batch,
        (handed) => {
          closeCamera();
          setBatch(handed);
          void invalidateBatches();
          void invalidatePackages();
        },
        setProblem,
        'pda-out-hand-over-confirm',
      ),
    );
  };

  return (
    <Stack gap="4" maxWidth="lg" width="full" marginX="auto" data-testid="pda-out-page">
      <HStack justify="space-between" gap="3">
        <Heading size="lg">{t('pda.title')}</Heading>
        <Badge size="lg" variant="subtle" colorPalette={online ? 'green' : 'orange'} data-testid="pda-out-network" data-offline={!online}>
          {online ? t('pda.online') : t('pda.offline')}
        </Badge>
      </HStack>

      {online ? null : (
        <Alert.Root status="warning" data-testid="pda-out-offline">
          <Alert.Indicator />
          <Alert.Description>{t('pda.offlineBanner')}</Alert.Description>
        </Alert.Root>
      )}

      {batch ? (
        <Card.Root variant="outline" data-testid="pda-out-batch">
          <Card.Body>
            <Stack gap="3">
              <HStack justify="space-between" gap="2" align="flex-start">
                <Stack gap="1" minWidth="0">
                  <Text textStyle="xs" color="fg.muted">
                    {t('pda.batch')}
                  </Text>
                  <Text fontFamily="mono" fontSize="xl" fontWeight="bold" wordBreak="break-all" data-testid="pda-out-batch-no">
                    {batch.batchNo}
                  </Text>
                </Stack>
                <BatchStatusTag status={batch.batchStatus} size="lg" />
              </HStack>
              <BatchTotals batch={batch} />
              <Button variant="outline" minHeight="12" onClick={() => pick(undefined)} data-testid="pda-out-change">
                {t('pda.change')}
              </Button>
            </Stack>
          </Card.Body>
        </Card.Root>
      ) : (
        <BatchPicker onPick={pick} disabled={!online} />
      )}

      {batch && open ? (
        <Authorized action={BATCH_ADD_PERMISSION}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack gap="3">
              <HStack gap="3">
                <Input
                  ref={numberInput}
                  size="2xl"
                  height="16"
                  fontSize="2xl"
                  fontFamily="mono"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  enterKeyHint="done"
                  placeholder={t('pda.scanPlaceholder')}
                  aria-label={t('pda.scanLabel')}
                  value={number}
                  disabled={!online}
                  onChange={(event) => setNumber(event.currentTarget.value)}
                  onKeyDown={keys}
                  flex="1"
                  minWidth="0"
                  data-testid="pda-out-number"
                />
                <Button
                  type="button"
                  size="2xl"
                  height="16"
                  variant="outline"
                  flexShrink={0}
                  disabled={!online}
                  onClick={() => {
                    camera.toggle();
                  }}
                  data-testid="pda-out-camera"
                >
                  {camera.status === 'off' ? t('pda.camera') : t('pda.cameraStop')}
                </Button>
              </HStack>
              <Button type="submit" size="2xl" height="16" width="full" fontSize="xl" disabled={!online} data-testid="pda-out-submit">
                {t('pda.add')}
              </Button>
            </Stack>
          </form>
        </Authorized>
      ) : null}

      {batch && !open ? (
        <Alert.Root status="info" data-testid="pda-out-read-only">
          <Alert.Indicator />
          <Alert.Description>{t('drawer.readOnly', { by: batch.handedBy || '—', time: showTime(batch.handedTime) || '—' })}</Alert.Description>
        </Alert.Root>
      ) : null}

      <CameraView
        status={camera.status}
        video={camera.video}
        onStop={closeCamera}
        problem={camera.problem}
        startingLabel={t('pda.cameraStarting')}
        stopLabel={t('pda.cameraStop')}
        testIdPrefix="pda-out"
      />

      {problem ? (
        <Alert.Root status="error" role="alert" data-testid="pda-out-problem">
          <Alert.Indicator />
          <Alert.Description>{problem}</Alert.Description>
        </Alert.Root>
      ) : null}

      {batch && open ? (
        <Authorized action={HAND_OVER_PERMISSION}>
          <Button size="2xl" height="16" width="full" colorPalette="blue" variant="subtle" disabled={!online} onClick={askHandOver} data-testid="pda-out-hand-over">
            {t('action.handOver')}
          </Button>
        </Authorized>
      ) : null}

      <Stack gap="2">
        <Heading size="sm">{t('pda.recent')}</Heading>
        {scans.length === 0 ? (
          <Text textStyle="sm" color="fg.muted" data-testid="pda-out-recent-empty">
            {t('pda.recentEmpty')}
          </Text>
        ) : (
          scans.map((scan) => <ScanCard key={scan.id} scan={scan} />)
        )}
      </Stack>
      {dialog}
    </Stack>
  );
}
