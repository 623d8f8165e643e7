/**
 * Picking on a handheld (PDA or phone, 390 px and up): scan a WMS order's label (its order number
 * or system tracking number) and its pick list opens, location by location; at each location scan
 * its label and that line is confirmed picked (`POST /wms/pick/confirm`), its pieces leaving the
 * shelf through the stock ledger; a location not on the list is refused with a buzz. Touch works
 * too: a line's "Picked" button, or "Pick all". When nothing is left the order goes to packing
 * (intake takes it only then). Picking needs `wms:pick:confirm`.
 */
import { Alert, Badge, Button, Card, Heading, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../components/Authorized';
import { currentLanguage } from '../../i18n';
import { signal } from '../warehouse/feedback';
import { confirmPick, PICK_CONFIRM_PERMISSION, pickOrder, type WmsPickOrder, type WmsPickRecord } from './api';
import { PickStatus } from './PickListPage';
import { ScanField } from './ScanField';

const message = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

function PickLine({ line, busy, onPick }: { line: WmsPickRecord; busy: boolean; onPick: () => void }) {
  const { t } = useTranslation('wmsPick');
  const open = line.status === 'allocated';
  const name = currentLanguage() === 'zh-CN' ? line.nameZh : line.nameEn;
  return (
    <Card.Root size="sm" variant="outline" borderColor={open ? 'border' : 'border.success'} data-testid="pda-pick-line" data-state={line.status}>
      <Card.Body>
        <HStack justify="space-between" align="start" gap="3">
          <Stack gap="0.5" minWidth="0">
            <Text fontFamily="mono" fontWeight="bold" textStyle="lg">
              {line.locationCode}
            </Text>
            <Text fontFamily="mono" fontWeight="medium">{`${line.skuCode} × ${line.quantity}`}</Text>
            {name ? <Text textStyle="sm" color="fg.muted" truncate>{name}</Text> : null}
          </Stack>
          {open ? (
            <Authorized action={PICK_CONFIRM_PERMISSION}>
              <Button size="lg" variant="outline" minWidth="24" loading={busy} onClick={onPick} aria-label={t('action.pickOf', { sku: line.skuCode, location: line.locationCode })} data-testid="pda-pick-line-confirm">
                {t('pda.pick')}
              </Button>
            </Authorized>
          ) : (
            <PickStatus value={line.status} />
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

export default function PdaPickPage() {
  const { t } = useTranslation('wmsPick');
  const [number, setNumber] = useState('');
  const [location, setLocation] = useState('');
  const [order, setOrder] = useState<WmsPickOrder>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const orderRef = useRef<HTMLInputElement>(null);
  const locationRef = useRef<HTMLInputElement>(null);
  const focus = (ref: typeof orderRef) => window.setTimeout(() => ref.current?.select(), 0);

  const fail = (text: string, ref: typeof orderRef) => {
    setProblem(text);
    signal('error');
    focus(ref);
  };

  const open = async () => {
    const scanned = number.trim();
    if (!scanned) return;
    try {
      const found = await pickOrder(scanned);
      setOrder(found.result);
      setLocation('');
      if (found.result.open === 0) return fail(t('pda.nothing'), orderRef);
      setProblem(undefined);
      signal('success');
      focus(locationRef);
    } catch (failure) {
      setOrder(undefined);
      fail(message(failure), orderRef);
    }
  };

  /** Picks `lines` (all open ones when none are named) and shows the list as it is after. */
  const pick = async (ids: string[], key: string) => {
    if (!order) return;
    setBusy(key);
    try {
      const after = await confirmPick({ number: order.serialNumber, ids: ids.join(',') || null }, false);
      setOrder(after.result);
      setProblem(undefined);
      setLocation('');
      signal('success');
      focus(after.result.open === 0 ? orderRef : locationRef);
    } catch (failure) {
      fail(message(failure), locationRef);
    } finally {
      setBusy(undefined);
    }
  };

  const scanLocation = () => {
    const code = location.trim().toUpperCase();
    if (!order || !code) return;
    const line = order.lines.find((l) => l.status === 'allocated' && l.locationCode === code);
    if (!line) return fail(t('pda.unknownLocation', { code }), locationRef);
    void pick([line.id], line.id);
  };

  const next = () => {
    setOrder(undefined);
    setNumber('');
    setLocation('');
    setProblem(undefined);
    focus(orderRef);
  };

  const total = order?.lines.length ?? 0;
  const done = total - (order?.open ?? 0);
  const finished = order !== undefined && total > 0 && order.open === 0;
  return (
    <Stack gap="4" maxWidth="lg" marginX="auto" data-testid="pda-pick-page">
      <Heading size="lg">{t('pda.title')}</Heading>
      <Text color="fg.muted" textStyle="sm">
        {t('pda.subtitle')}
      </Text>
      <ScanField label={t('pda.order')} value={number} onChange={setNumber} onEnter={() => void open()} inputRef={orderRef} testId="pda-pick-order" placeholder={t('pda.orderPlaceholder')}
        hint={order ? order.serialNumber : undefined} />
      {order && !finished ? (
        <ScanField label={t('pda.location')} value={location} onChange={setLocation} onEnter={scanLocation} inputRef={locationRef} testId="pda-pick-location" placeholder={t('pda.locationPlaceholder')} />
      ) : null}
      {problem ? (
        <Alert.Root status="error" data-testid="pda-pick-error">
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      ) : null}
      {finished ? (
        <Alert.Root status="success" data-testid="pda-pick-done">
          <Alert.Indicator />
          <Alert.Title>{t('pda.done', { serial: order.serialNumber })}</Alert.Title>
        </Alert.Root>
      ) : null}
      {order && total > 0 ? (
        <Stack gap="3">
          <HStack justify="space-between" gap="3">
            <Text fontWeight="medium" data-testid="pda-pick-progress">
              {t('pda.progress', { done, total })}
            </Text>
            <Badge colorPalette={finished ? 'green' : 'orange'}>{finished ? t('pda.picked') : t('pda.open')}</Badge>
          </HStack>
          <Progress.Root value={total ? Math.round((done / total) * 100) : 0} size="sm" colorPalette="green" aria-label={t('pda.progress', { done, total })}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          {order.lines.map((line) => (
            <PickLine key={line.id} line={line} busy={busy === line.id} onPick={() => void pick([line.id], line.id)} />
          ))}
          {finished ? (
            <Button size="lg" onClick={next} data-testid="pda-pick-next">
              {t('pda.next')}
            </Button>
          ) : (
            <Authorized action={PICK_CONFIRM_PERMISSION}>
              <Button size="lg" loading={busy === 'all'} onClick={() => void pick([], 'all')} data-testid="pda-pick-all">
                {t('pda.pickAll')}
              </Button>
            </Authorized>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}
