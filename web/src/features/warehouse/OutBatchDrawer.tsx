/**
 * One outbound batch in a drawer: while it is open, package numbers are scanned into it (Enter
 * puts the package in: `POST /logistics/outBatch/addPackage`; a refusal shows the server's message
 * as it is, e.g. "no package found, please check whether the package number is correct", with an
 * error beep), its packages are listed with a remove action, its totals (packages, parcels,
 * weight) follow each answer, and "Hand over" (after confirmation) gives it to the carrier;
 * afterwards it is read-only. Also the batch status tag and the hand-over confirmation the PDA
 * page shares.
 */
import { Alert, Badge, Button, Card, Drawer, Field, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../components/Authorized';
import { useConfirm, type ConfirmOptions } from '../../components/ConfirmDialog';
import type { DataColumn } from '../../components/DataTable';
import { serverError } from '../../components/form/serverError';
import { ParcelIcon } from '../../components/icons';
import { actionsColumn, ListEmpty, ListTable, monoColumn, toastSuccess, useInvalidateList, useListPage } from '../../components/list';
import { DrawerShell, OverlayHeader } from '../../components/overlay';
import { useButtonState } from '../../hooks/useButtonState';
import { showTime } from '../../lib/utcTime';
import { signal } from './feedback';
import {
  addPackageToBatch,
  BATCH_ADD_PERMISSION,
  HAND_OVER_PERMISSION,
  handOverBatch,
  isOutBatchStatus,
  OUT_BATCH_LIST_PATH,
  OUT_PACKAGE_LIST_PATH,
  packageNumber,
  removePackageFromBatch,
  type OutBatchRecord,
  type OutBatchStatus,
  type OutPackageRecord,
} from './outboundApi';
import { Kilograms } from './OutPackageList';

const STATUS_COLORS: Record<OutBatchStatus, string> = { open: 'blue', handed: 'green' };

/** A batch's status as a coloured tag, in the user's language. */
export function BatchStatusTag({ status, size = 'sm' }: { status: string; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation('outBatch');
  return (
    <Badge size={size} variant="subtle" colorPalette={isOutBatchStatus(status) ? STATUS_COLORS[status] : 'gray'} data-testid="out-batch-status">
      {isOutBatchStatus(status) ? t(`status.${status}`) : status}
    </Badge>
  );
}

/** A batch's packages, parcels and weight on one line. */
export function BatchTotals({ batch }: { batch: Pick<OutBatchRecord, 'packages' | 'pieces' | 'weight'> }) {
  const { t } = useTranslation('outBatch');
  return (
    <Text fontFamily="mono" fontWeight="semibold" data-testid="out-batch-totals">
      {t('totals', { packages: batch.packages, pieces: batch.pieces, weight: batch.weight })}
    </Text>
  );
}

/**
 * The confirmation of a hand-over: `onDone` gets the handed batch; a refusal ("no package") goes
 * to `onRefused` (the dialog closes and the page shows it inline).
 */
export function handOverConfirmation(t: TFunction<'outBatch'>, batch: OutBatchRecord, onDone: (handed: OutBatchRecord) => void, onRefused: (message: string) => void, testId: string): ConfirmOptions {
  return {
    title: t('handOver.title', { batchNo: batch.batchNo }),
    description: t('handOver.description', { packages: batch.packages, pieces: batch.pieces, weight: batch.weight }),
    confirmLabel: t('handOver.confirm'),
    colorPalette: 'blue',
    testId,
    onConfirm: async () => {
      try {
        const answer = await handOverBatch(batch.id);
        toastSuccess(t('handOver.done', { batchNo: answer.result.batchNo }));
        signal('success');
        onDone(answer.result);
      } catch (failure) {
        signal('error');
        onRefused(serverError(failure).message);
      }
    },
  };
}

const NO_FILTERS: Record<string, string> = {};

/** The packages of a batch; `onRemove` while the batch is open and the user may change it. */
function batchPackageColumns(t: TFunction<'outBatch'>, onRemove: ((row: OutPackageRecord) => void) | undefined): DataColumn<OutPackageRecord>[] {
  return [
    monoColumn<OutPackageRecord>('packageNo', t('package.packageNo'), (row) => row.packageNo, { strong: true }),
    { id: 'country', header: t('package.country'), cell: (row) => row.country || '—' },
    { id: 'pieces', header: t('package.pieces'), textAlign: 'end', cell: (row) => <Text textAlign="end">{row.pieces}</Text> },
    { id: 'weight', header: t('package.weight'), textAlign: 'end', cell: (row) => <Kilograms value={row.weight} /> },
    ...(onRemove
      ? [
          actionsColumn<OutPackageRecord>('text', (row) => [
            { label: t('drawer.remove'), colorPalette: 'red', onClick: () => onRemove(row), testId: 'out-batch-remove-package', ariaLabel: t('drawer.removeLabel', { packageNo: row.packageNo }) },
          ]),
        ]
      : []),
  ];
}

function BatchPanel({ initial, numberInput }: { initial: OutBatchRecord; numberInput: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation('outBatch');
  const [batch, setBatch] = useState(initial);
  const [number, setNumber] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [added, setAdded] = useState<string>();
  const { confirm, dialog } = useConfirm();
  const invalidateBatches = useInvalidateList(OUT_BATCH_LIST_PATH);
  const invalidatePackages = useInvalidateList(OUT_PACKAGE_LIST_PATH);
  const canChange = useButtonState(BATCH_ADD_PERMISSION) === 'visible';
  const open = batch.batchStatus === 'open';
  const page = useListPage<OutPackageRecord, Record<string, string>>(OUT_PACKAGE_LIST_PATH, {
    emptyFilters: NO_FILTERS,
    params: () => ({ batchNo: batch.batchNo }),
    defaultSort: { column: 'createTime', order: 'desc' },
    pageSize: 20,
    inUrl: false,
  });

  /** The batch after a change: its totals here, the lists asked again. */
  const changed = (next: OutBatchRecord) => {
    setBatch(next);
    void invalidateBatches();
    void invalidatePackages();
  };

  async function addPackage() {
    if (busy) return;
    const packageNo = packageNumber(number);
    setBusy(true);
    setProblem(undefined);
    setAdded(undefined);
    try {
      const answer = await addPackageToBatch(batch.id, packageNo);
      changed(answer.result);
      setAdded(t('drawer.added', { packageNo: packageNo.toUpperCase() }));
      setNumber((current) => (packageNumber(current) === packageNo ? '' : current));
      signal('success');
    } catch (failure) {
      setProblem(serverError(failure).message);
      signal('error');
    } finally {
      setBusy(false);
      numberInput.current?.focus();
      numberInput.current?.select();
    }
  }

  async function removePackage(row: OutPackageRecord) {
    setProblem(undefined);
    setAdded(undefined);
    try {
      const answer = await removePackageFromBatch(row.packageNo);
      changed(answer.result);
      toastSuccess(t('drawer.removed', { packageNo: row.packageNo, batchNo: batch.batchNo }));
    } catch (failure) {
      setProblem(serverError(failure).message);
      signal('error');
    }
  }

  const askHandOver = () => {
    setProblem(undefined);
    setAdded(undefined);
    confirm(handOverConfirmation(t, batch, changed, setProblem, 'out-batch-hand-over-confirm'));
  };

  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void addPackage();
  };

  const columns = batchPackageColumns(t, open && canChange ? (row) => void removePackage(row) : undefined);

  return (
    <Stack gap="4" data-testid="out-batch-panel" data-status={batch.batchStatus}>
      <Card.Root size="sm" variant="subtle">
        <Card.Body>
          <Flex gap="3" wrap="wrap" align="center" justify="space-between">
            <HStack gap="3" wrap="wrap">
              <BatchStatusTag status={batch.batchStatus} size="md" />
              <BatchTotals batch={batch} />
            </HStack>
            {open ? (
              <Authorized action={HAND_OVER_PERMISSION}>
                <Button size="sm" colorPalette="blue" onClick={askHandOver} data-testid="out-batch-hand-over">
                  {t('action.handOver')}
                </Button>
              </Authorized>
            ) : null}
          </Flex>
        </Card.Body>
      </Card.Root>

      {open ? (
        <Authorized action={BATCH_ADD_PERMISSION}>
          <Field.Root>
            <Field.Label>{t('drawer.scanLabel')}</Field.Label>
            <HStack gap="2" width="full">
              <Input
                ref={numberInput}
                size="lg"
                fontFamily="mono"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder={t('drawer.scanPlaceholder')}
                value={number}
                onChange={(event) => setNumber(event.currentTarget.value)}
                onKeyDown={keys}
                data-testid="out-batch-scan"
              />
              <Button size="lg" variant="outline" loading={busy} onClick={() => void addPackage()} data-testid="out-batch-scan-add">
                {t('drawer.add')}
              </Button>
            </HStack>
            <Field.HelperText>{t('drawer.scanHint')}</Field.HelperText>
          </Field.Root>
        </Authorized>
      ) : (
        <Alert.Root status="info" data-testid="out-batch-read-only">
          <Alert.Indicator />
          <Alert.Description>{t('drawer.readOnly', { by: batch.handedBy || '—', time: showTime(batch.handedTime) || '—' })}</Alert.Description>
        </Alert.Root>
      )}

      {problem ? (
        <Alert.Root status="error" role="alert" data-testid="out-batch-problem">
          <Alert.Indicator />
          <Alert.Description>{problem}</Alert.Description>
        </Alert.Root>
      ) : null}
      {added ? (
        <Text textStyle="sm" color="fg.success" data-testid="out-batch-added">
          {added}
        </Text>
      ) : null}

      <ListTable
        list={page.list}
        columns={columns}
        caption={t('drawer.caption')}
        testId="out-batch-packages"
        emptyState={<ListEmpty icon={<ParcelIcon />} title={t('drawer.empty')} description={open ? t('drawer.emptyDescription') : undefined} testId="out-batch-packages-empty" />}
      />
      {dialog}
    </Stack>
  );
}

/** The drawer of a batch (mounted while open); the scan field has the focus when it opens. */
export function OutBatchDrawer({ record, onClose }: { record: OutBatchRecord | undefined; onClose: () => void }) {
  const { t } = useTranslation('outBatch');
  const numberInput = useRef<HTMLInputElement>(null);
  return (
    <DrawerShell open={record !== undefined} onClose={onClose} testId="out-batch-drawer" initialFocusEl={() => numberInput.current}>
      <OverlayHeader kind="drawer" title={record ? t('drawer.title', { batchNo: record.batchNo }) : null} />
      <Drawer.Body>{record ? <BatchPanel key={record.id} initial={record} numberInput={numberInput} /> : null}</Drawer.Body>
    </DrawerShell>
  );
}
