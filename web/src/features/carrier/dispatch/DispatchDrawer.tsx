/**
 * One dispatch in a drawer: what it is (carrier, depot, day and window, the carrier's pickup
 * confirmation, its manifest), the buttons of what its status allows the user now (core's
 * `dispatchActions` through WASM, each behind its button code): book the pickup (with the
 * carrier's confirmation number typed, for a carrier booked by hand), confirm it was collected,
 * close the day into the manifest, cancel (its orders are released). While orders may still
 * change, numbers are scanned in one at a time (a keyboard-wedge scanner's Enter adds each) or
 * pasted many at once, outbound batches picked whole; a refusal shows the server's message as it
 * is ("Order X is already in dispatch DP…") with an error beep. Its orders are listed with a
 * remove action (after confirmation). Also the dispatch status tag the list shares.
 */
import { Alert, Badge, Button, Card, DataList, Drawer, Field, Flex, Grid, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import type { DataColumn } from '../../../components/DataTable';
import { OptionChecklist } from '../../../components/form/OptionChecklist';
import { orNull, serverError } from '../../../components/form/serverError';
import { ParcelIcon } from '../../../components/icons';
import { actionsColumn, ListEmpty, ListTable, monoColumn, toastSuccess, useInvalidateList, useStaticList } from '../../../components/list';
import { DrawerShell, OverlayHeader } from '../../../components/overlay';
import { dispatchActions, type DispatchAction } from '../../../core';
import { useButtonState } from '../../../hooks/useButtonState';
import { showTime } from '../../../lib/utcTime';
import { StatusTag } from '../../shipment/orders/StatusTag';
import { signal } from '../../warehouse/feedback';
import { Kilograms } from '../../warehouse/OutPackageList';
import { ManifestCloseDialog } from '../manifests/ManifestCloseDialog';
import { MANIFEST_LIST_PATH } from '../manifests/api';
import {
  addShipments,
  cancelDispatch,
  confirmPickedUp,
  DISPATCH_ADD_PERMISSION,
  DISPATCH_LIST_PATH,
  dispatchKeys,
  getDispatch,
  isDispatchStatus,
  MAX_NUMBERS,
  removeShipment,
  requestPickup,
  splitNumbers,
  useDispatchActions,
  useDispatchItems,
  useOutBatchChoices,
  type DispatchItem,
  type DispatchRecord,
  type DispatchStatus,
} from './api';

const STATUS_COLORS: Record<DispatchStatus, string> = { created: 'blue', requested: 'orange', picked_up: 'purple', manifested: 'green', cancelled: 'gray' };

/** A dispatch's status as a coloured tag, in the user's language. */
export function DispatchStatusTag({ status, size = 'sm' }: { status: string; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation('dispatch');
  return (
    <Badge size={size} variant={status === 'cancelled' ? 'outline' : 'subtle'} colorPalette={isDispatchStatus(status) ? STATUS_COLORS[status] : 'gray'} data-testid="dispatch-status" data-status={status}>
      {isDispatchStatus(status) ? t(`status.${status}`) : status}
    </Badge>
  );
}

/** A dispatch's orders, pieces and weight on one line. */
export function DispatchTotals({ dispatch }: { dispatch: Pick<DispatchRecord, 'shipments' | 'pieces' | 'weight'> }) {
  const { t } = useTranslation('dispatch');
  return (
    <Text fontFamily="mono" fontWeight="semibold" data-testid="dispatch-totals">
      {t('totals', { shipments: dispatch.shipments, pieces: dispatch.pieces, weight: dispatch.weight })}
    </Text>
  );
}

/** The day and window of a pickup: `2026-12-02 09:00-12:00`. */
export const pickupText = (dispatch: Pick<DispatchRecord, 'pickupDate' | 'pickupWindow'>) => [dispatch.pickupDate, dispatch.pickupWindow].filter(Boolean).join(' ');

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId} minWidth="0" wordBreak="break-word">
        {children}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

const mono = (value: string | null | undefined) => (value ? <Text fontFamily="mono">{value}</Text> : '—');

function Facts({ dispatch }: { dispatch: DispatchRecord }) {
  const { t } = useTranslation('dispatch');
  return (
    <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap={{ base: '3', md: '6' }} data-testid="dispatch-facts">
      <DataList.Root orientation="horizontal" size="sm">
        <Fact label={t('field.carrier')} testId="dispatch-fact-carrier">
          {dispatch.supplierName || '—'}
        </Fact>
        <Fact label={t('field.depot')} testId="dispatch-fact-depot">
          {dispatch.depotName || '—'}
        </Fact>
        <Fact label={t('field.pickup')} testId="dispatch-fact-pickup">
          {pickupText(dispatch)}
        </Fact>
        <Fact label={t('field.remark')}>{dispatch.remark || '—'}</Fact>
      </DataList.Root>
      <DataList.Root orientation="horizontal" size="sm">
        <Fact label={t('field.pickupRef')} testId="dispatch-fact-pickup-ref">
          {mono(dispatch.pickupRef)}
        </Fact>
        <Fact label={t('field.manifestNo')} testId="dispatch-fact-manifest">
          {mono(dispatch.manifestNo)}
        </Fact>
        <Fact label={t('field.createTime')}>{[showTime(dispatch.createTime), dispatch.createBy].filter(Boolean).join(' · ') || '—'}</Fact>
      </DataList.Root>
    </Grid>
  );
}

/** The carrier's confirmation number typed with a pickup booked by hand (told to `onChange` for the confirmation). */
function PickupRefField({ initial, onChange }: { initial: string; onChange: (text: string) => void }) {
  const { t } = useTranslation('dispatch');
  const [text, setText] = useState(initial);
  return (
    <Stack gap="3">
      <Text color="fg.muted">{t('request.description')}</Text>
      <Field.Root>
        <Field.Label>{t('field.pickupRef')}</Field.Label>
        <Input
          size="sm"
          fontFamily="mono"
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('request.placeholder')}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            onChange(event.currentTarget.value);
          }}
          data-testid="dispatch-request-ref"
        />
        <Field.HelperText>{t('request.hint')}</Field.HelperText>
      </Field.Root>
    </Stack>
  );
}

/** The drawer's buttons, in the order they are shown ('edit' is the orders' own part). */
const BAR_ACTIONS = ['request', 'pickedUp', 'manifest', 'cancel'] as const satisfies readonly DispatchAction[];
type BarAction = (typeof BAR_ACTIONS)[number];

const PALETTES: Record<BarAction, { colorPalette: string; variant: 'solid' | 'outline' }> = {
  request: { colorPalette: 'blue', variant: 'solid' },
  pickedUp: { colorPalette: 'purple', variant: 'solid' },
  manifest: { colorPalette: 'green', variant: 'outline' },
  cancel: { colorPalette: 'red', variant: 'outline' },
};

type Step = Exclude<BarAction, 'manifest'>;
const STEPS: Record<Step, (dispatch: DispatchRecord, pickupRef: string) => ReturnType<typeof cancelDispatch>> = {
  request: (dispatch, pickupRef) => requestPickup(dispatch.id, orNull(pickupRef)),
  pickedUp: (dispatch) => confirmPickedUp(dispatch.id),
  cancel: (dispatch) => cancelDispatch(dispatch.id),
};

function ActionBar({ dispatch, onChanged, onProblem }: { dispatch: DispatchRecord; onChanged: (next: DispatchRecord) => void; onProblem: (message: string | undefined) => void }) {
  const { t } = useTranslation('dispatch');
  const allowed = useDispatchActions(dispatch.dispatchStatus);
  const { confirm, dialog } = useConfirm();
  const pickupRef = useRef('');
  const [closing, setClosing] = useState(false);
  const shown = BAR_ACTIONS.map((action) => ({ action, state: allowed.find((entry) => entry.action === action)?.state })).filter((entry) => entry.state !== undefined);

  async function run(step: Step) {
    try {
      const answer = await STEPS[step](dispatch, pickupRef.current);
      toastSuccess(t(`toast.${step}`, { dispatchNo: answer.result.dispatchNo, pickupRef: answer.result.pickupRef || '—' }));
      onChanged(answer.result);
    } catch (failure) {
      onProblem(serverError(failure).message);
    }
  }

  function press(action: BarAction) {
    onProblem(undefined);
    if (action === 'manifest') {
      setClosing(true);
      return;
    }
    pickupRef.current = dispatch.pickupRef ?? '';
    const totals = t('totals', { shipments: dispatch.shipments, pieces: dispatch.pieces, weight: dispatch.weight });
    const descriptions: Record<Step, ReactNode> = {
      request: (
        <PickupRefField
          initial={pickupRef.current}
          onChange={(text) => {
            pickupRef.current = text;
          }}
        />
      ),
      pickedUp: t('confirm.pickedUpDescription', { carrier: dispatch.supplierName, totals }),
      cancel: t('confirm.cancelDescription', { count: dispatch.shipments }),
    };
    confirm({
      title: t(`confirm.${action}Title`, { dispatchNo: dispatch.dispatchNo }),
      description: descriptions[action],
      confirmLabel: t(`action.${action}`),
      colorPalette: PALETTES[action].colorPalette,
      testId: `dispatch-${action}-confirm`,
      onConfirm: () => run(action),
    });
  }

  return (
    <>
      {shown.length > 0 ? (
        <HStack gap="2" wrap="wrap" data-testid="dispatch-actions">
          {shown.map(({ action, state }) => (
            <Button key={action} size="sm" {...PALETTES[action]} disabled={state === 'disabled'} onClick={() => press(action)} data-testid={`dispatch-action-${action}`}>
              {t(`action.${action}`)}
            </Button>
          ))}
        </HStack>
      ) : null}
      {/* Kept while the buttons go (a step done, the day closed): the dialogs finish showing. */}
      {dialog}
      <ManifestCloseDialog
        open={closing}
        onOpenChange={setClosing}
        target={{ supplierId: dispatch.supplierId, depotId: dispatch.depotId, date: dispatch.pickupDate }}
        onClosed={() => void getDispatch(dispatch.id).then((answer) => onChanged(answer.result), () => undefined)}
      />
    </>
  );
}

/** Numbers scanned one at a time, or pasted many at once, and outbound batches, into the dispatch. */
function AddOrders({ dispatch, scanInput, onAdded }: { dispatch: DispatchRecord; scanInput: RefObject<HTMLInputElement | null>; onAdded: (next: DispatchRecord) => void }) {
  const { t } = useTranslation('dispatch');
  const [scan, setScan] = useState('');
  const [pasted, setPasted] = useState('');
  const [batches, setBatches] = useState<string[]>([]);
  const [busy, setBusy] = useState<'scan' | 'many'>();
  const [problem, setProblem] = useState<string>();
  const [added, setAdded] = useState<string>();
  const choices = useOutBatchChoices(dispatch.supplierId);
  const numbers = splitNumbers(pasted);
  const tooMany = numbers.length > MAX_NUMBERS;

  async function add(kind: 'scan' | 'many', orders: { numbers?: string[]; outBatchIds?: string[] }) {
    if (busy) return;
    setBusy(kind);
    setProblem(undefined);
    setAdded(undefined);
    try {
      const answer = await addShipments(dispatch.id, orders);
      const count = Math.max(answer.result.shipments - dispatch.shipments, 0);
      setAdded(kind === 'scan' ? t('addOrders.scanned', { number: orders.numbers?.[0] ?? '', count }) : t('addOrders.added', { count }));
      signal('success');
      onAdded(answer.result);
      if (kind === 'scan') setScan('');
      else {
        setPasted('');
        setBatches([]);
      }
    } catch (failure) {
      setProblem(serverError(failure).message);
      signal('error');
    } finally {
      setBusy(undefined);
      if (kind === 'scan') {
        scanInput.current?.focus();
        scanInput.current?.select();
      }
    }
  }

  const addScanned = () => {
    const [number] = splitNumbers(scan);
    if (number) void add('scan', { numbers: [number] });
  };
  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    addScanned();
  };
  const addMany = () => void add('many', { ...(numbers.length > 0 ? { numbers } : {}), ...(batches.length > 0 ? { outBatchIds: batches } : {}) });
  const batchOptions = choices.choices.map((batch) => ({
    value: batch.id,
    label: batch.batchNo,
    hint: t('addOrders.batchHint', { packages: batch.packages, pieces: batch.pieces, weight: batch.weight }),
  }));

  return (
    <Card.Root size="sm" variant="outline" data-testid="dispatch-add">
      <Card.Header>
        <Text fontWeight="semibold">{t('addOrders.title')}</Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Field.Root>
            <Field.Label>{t('addOrders.scanLabel')}</Field.Label>
            <HStack gap="2" width="full">
              <Input
                ref={scanInput}
                fontFamily="mono"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder={t('addOrders.scanPlaceholder')}
                value={scan}
                onChange={(event) => setScan(event.currentTarget.value)}
                onKeyDown={keys}
                data-testid="dispatch-scan"
              />
              <Button variant="outline" loading={busy === 'scan'} disabled={busy === 'many'} onClick={addScanned} data-testid="dispatch-scan-add">
                {t('addOrders.add')}
              </Button>
            </HStack>
            <Field.HelperText>{t('addOrders.scanHint')}</Field.HelperText>
          </Field.Root>
          <Field.Root invalid={tooMany}>
            <Field.Label>{t('addOrders.pasteLabel')}</Field.Label>
            <Textarea
              fontFamily="mono"
              rows={4}
              spellCheck={false}
              autoComplete="off"
              placeholder={t('addOrders.pastePlaceholder')}
              value={pasted}
              onChange={(event) => setPasted(event.currentTarget.value)}
              data-testid="dispatch-numbers"
            />
            {tooMany ? (
              <Field.ErrorText data-testid="dispatch-numbers-error">{t('addOrders.tooMany', { count: numbers.length, max: MAX_NUMBERS })}</Field.ErrorText>
            ) : (
              <Field.HelperText data-testid="dispatch-numbers-count">{t('addOrders.pasteCount', { count: numbers.length })}</Field.HelperText>
            )}
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('addOrders.batchesLabel')}</Field.Label>
            <OptionChecklist options={batchOptions} value={batches} onChange={setBatches} loading={choices.loading} emptyText={t('addOrders.noBatches')} label={t('addOrders.batchesLabel')} columns={{ base: 1, sm: 2 }} testId="dispatch-batches" />
            <Field.HelperText>{t('addOrders.batchesHint')}</Field.HelperText>
          </Field.Root>
          <Flex justify="flex-end">
            <Button colorPalette="blue" size="sm" loading={busy === 'many'} disabled={busy === 'scan' || tooMany || (numbers.length === 0 && batches.length === 0)} onClick={addMany} data-testid="dispatch-add-orders">
              {t('addOrders.submit', { count: numbers.length + batches.length })}
            </Button>
          </Flex>
          {problem ? (
            <Alert.Root status="error" size="sm" role="alert" data-testid="dispatch-add-problem">
              <Alert.Indicator />
              <Alert.Description>{problem}</Alert.Description>
            </Alert.Root>
          ) : null}
          {added ? (
            <Text textStyle="sm" color="fg.success" data-testid="dispatch-added">
              {added}
            </Text>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The orders of a dispatch; `onRemove` while its orders may change and the user may change them. */
function itemColumns(t: TFunction<'dispatch'>, onRemove: ((row: DispatchItem) => void) | undefined): DataColumn<DispatchItem>[] {
  return [
    monoColumn<DispatchItem>('serialNumber', t('item.serialNumber'), (row) => row.serialNumber, { strong: true }),
    monoColumn<DispatchItem>('trackNo', t('item.trackNo'), (row) => row.trackNo || row.sysTrackNo, { hideBelow: 'sm' }),
    { id: 'shipmentStatus', header: t('item.status'), hideBelow: 'md', cell: (row) => <StatusTag status={row.shipmentStatus} /> },
    { id: 'country', header: t('item.country'), hideBelow: 'md', cell: (row) => row.country || '—' },
    { id: 'pieces', header: t('item.pieces'), textAlign: 'end', cell: (row) => <Text textAlign="end">{row.pieces}</Text> },
    { id: 'weight', header: t('item.weight'), textAlign: 'end', cell: (row) => <Kilograms value={row.weight} /> },
    monoColumn<DispatchItem>('outBatchNo', t('item.outBatchNo'), (row) => row.outBatchNo, { hideBelow: 'lg' }),
    ...(onRemove
      ? [
          actionsColumn<DispatchItem>('text', (row) => [
            { label: t('item.remove'), colorPalette: 'red', onClick: () => onRemove(row), testId: 'dispatch-remove-order', ariaLabel: t('item.removeLabel', { serialNumber: row.serialNumber }) },
          ]),
        ]
      : []),
  ];
}

/** Why a dispatch no longer changes, by its status. */
const readOnlyReason = (status: string): 'picked_up' | 'manifested' | 'cancelled' => (status === 'picked_up' || status === 'manifested' ? status : 'cancelled');

function DispatchPanel({ initial, scanInput }: { initial: DispatchRecord; scanInput: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation('dispatch');
  const [dispatch, setDispatch] = useState(initial);
  const [problem, setProblem] = useState<string>();
  const { confirm, dialog } = useConfirm();
  const queryClient = useQueryClient();
  const invalidateDispatches = useInvalidateList(DISPATCH_LIST_PATH);
  const invalidateManifests = useInvalidateList(MANIFEST_LIST_PATH);
  const items = useDispatchItems(dispatch.id);
  const list = useStaticList(items, { paged: true, pageSize: 20 });
  const canAdd = useButtonState(DISPATCH_ADD_PERMISSION) === 'visible';
  // Orders change while core's lifecycle allows it; the user changes them with the button code.
  const changeable = dispatchActions(dispatch.dispatchStatus).includes('edit');
  const editable = changeable && canAdd;

  /** The dispatch after a change: its facts and totals here, its orders and the lists asked again. */
  const changed = (next: DispatchRecord) => {
    setDispatch(next);
    void queryClient.invalidateQueries({ queryKey: dispatchKeys.items(next.id) });
    void invalidateDispatches();
    if (next.manifestId) void invalidateManifests();
  };

  const askRemove = (row: DispatchItem) => {
    setProblem(undefined);
    confirm({
      title: t('confirm.removeTitle', { serialNumber: row.serialNumber }),
      description: t('confirm.removeDescription', { serialNumber: row.serialNumber, dispatchNo: dispatch.dispatchNo }),
      confirmLabel: t('item.remove'),
      testId: 'dispatch-remove-confirm',
      onConfirm: async () => {
        try {
          const answer = await removeShipment(dispatch.id, row.shipmentId);
          toastSuccess(t('toast.removed', { serialNumber: row.serialNumber, dispatchNo: dispatch.dispatchNo }));
          changed(answer.result);
        } catch (failure) {
          setProblem(serverError(failure).message);
        }
      },
    });
  };

  return (
    <Stack gap="4" data-testid="dispatch-panel" data-status={dispatch.dispatchStatus}>
      <Card.Root size="sm" variant="subtle">
        <Card.Body>
          <Flex gap="3" wrap="wrap" align="center" justify="space-between">
            <HStack gap="3" wrap="wrap">
              <DispatchStatusTag status={dispatch.dispatchStatus} size="md" />
              <DispatchTotals dispatch={dispatch} />
            </HStack>
            <ActionBar dispatch={dispatch} onChanged={changed} onProblem={setProblem} />
          </Flex>
        </Card.Body>
      </Card.Root>
      {problem ? (
        <Alert.Root status="error" size="sm" role="alert" data-testid="dispatch-problem">
          <Alert.Indicator />
          <Alert.Description>{problem}</Alert.Description>
        </Alert.Root>
      ) : null}
      <Facts dispatch={dispatch} />
      {editable ? (
        <AddOrders dispatch={dispatch} scanInput={scanInput} onAdded={changed} />
      ) : !changeable ? (
        <Alert.Root status="info" size="sm" data-testid="dispatch-read-only">
          <Alert.Indicator />
          <Alert.Description>{t(`drawer.readOnly.${readOnlyReason(dispatch.dispatchStatus)}`, { manifestNo: dispatch.manifestNo || '—' })}</Alert.Description>
        </Alert.Root>
      ) : null}
      <ListTable
        list={list}
        columns={itemColumns(t, editable ? askRemove : undefined)}
        getRowId={(row) => row.shipmentId}
        caption={t('drawer.caption')}
        testId="dispatch-orders"
        emptyState={<ListEmpty icon={<ParcelIcon />} title={t('drawer.empty')} description={editable ? t('drawer.emptyDescription') : undefined} testId="dispatch-orders-empty" />}
      />
      {dialog}
    </Stack>
  );
}

/** The drawer of a dispatch (mounted while open); the scan field has the focus when it opens. */
export function DispatchDrawer({ record, onClose }: { record: DispatchRecord | undefined; onClose: () => void }) {
  const { t } = useTranslation('dispatch');
  const scanInput = useRef<HTMLInputElement>(null);
  return (
    <DrawerShell open={record !== undefined} onClose={onClose} testId="dispatch-drawer" size={{ base: 'full', md: 'xl' }} initialFocusEl={() => scanInput.current}>
      <OverlayHeader kind="drawer" bordered title={record ? t('drawer.title', { dispatchNo: record.dispatchNo }) : null} />
      <Drawer.Body>{record ? <DispatchPanel key={record.id} initial={record} scanInput={scanInput} /> : null}</Drawer.Body>
    </DrawerShell>
  );
}
