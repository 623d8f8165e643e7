/**
 * Putaway on a handheld (PDA or phone, 390 px and up): scan the SKU (its barcode or code), the
 * location it is taken from (the dock), the pieces, then the location it goes to; the scanner's
 * Enter moves to the next field and the last one sends (`POST /wms/stock/move`, kind `move`).
 * Each scan is looked up as it comes (an unknown SKU or location is said at once), the pieces
 * free at the source are shown, and the server's refusal (too few pieces, the target full) is
 * shown as it is. A beep and a buzz say how each move went; this session's moves stay listed.
 * Moving needs `wms:stock:move`.
 */
import { Alert, Badge, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../components/Authorized';
import { fetchListPage } from '../../hooks/useServerList';
import { signal } from '../warehouse/feedback';
import { ScanField } from './ScanField';
import { LOCATION_LIST_PATH, MOVE_PERMISSION, moveStock, SKU_LIST_PATH, STOCK_LIST_PATH, wmsIssue, type WmsLocationRecord, type WmsSkuRecord, type WmsStockRecord } from './api';

const RECENT = 20;

interface Move {
  key: number;
  sku: string;
  from: string;
  to: string;
  quantity: number;
  message?: string;
}

type Step = 'sku' | 'from' | 'quantity' | 'to';

/** The one record a scanned code names (a SKU's barcode or code; a location's code), or undefined. */
async function lookUp<T>(path: string, param: string, code: string): Promise<T | undefined> {
  const page = await fetchListPage<T>(path, { [param]: code, pageNo: 1, pageSize: 2 });
  return page.records.length === 1 ? page.records[0] : undefined;
}

export default function PdaPutawayPage() {
  const { t } = useTranslation('wmsStock');
  const [text, setText] = useState<Record<Step, string>>({ sku: '', from: '', quantity: '', to: '' });
  const [sku, setSku] = useState<WmsSkuRecord>();
  const [from, setFrom] = useState<WmsLocationRecord>();
  const [free, setFree] = useState<number>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [moves, setMoves] = useState<Move[]>([]);
  const skuRef = useRef<HTMLInputElement>(null);
  const fromRef = useRef<HTMLInputElement>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const focus = (step: Step) => window.setTimeout(() => ({ sku: skuRef, from: fromRef, quantity: quantityRef, to: toRef })[step].current?.select(), 0);
  const set = (step: Step) => (value: string) => setText((current) => ({ ...current, [step]: value }));

  const fail = (message: string, step: Step) => {
    setProblem(message);
    signal('error');
    focus(step);
  };

  const scanSku = async () => {
    const code = text.sku.trim();
    if (!code) return;
    const found = await lookUp<WmsSkuRecord>(SKU_LIST_PATH, 'barcodes', code);
    setSku(found);
    if (!found) return fail(t('pda.unknownSku', { code }), 'sku');
    setProblem(undefined);
    focus('from');
  };

  const scanFrom = async () => {
    const code = text.from.trim().toUpperCase();
    if (!code || !sku) return;
    const found = await lookUp<WmsLocationRecord>(LOCATION_LIST_PATH, 'codes', code);
    setFrom(found);
    if (!found) return fail(t('pda.unknownLocation', { code }), 'from');
    const rows = await fetchListPage<WmsStockRecord>(STOCK_LIST_PATH, { skuId: sku.id, locationId: found.id, pageNo: 1, pageSize: 1 });
    const available = rows.records[0]?.available ?? 0;
    setFree(available);
    if (available === 0) return fail(t('pda.nothingHere', { sku: sku.skuCode, location: found.code }), 'from');
    setProblem(undefined);
    setText((current) => ({ ...current, quantity: current.quantity || String(available) }));
    focus('quantity');
  };

  const send = async () => {
    if (!sku || !from) return;
    const code = text.to.trim().toUpperCase();
    const to = code ? await lookUp<WmsLocationRecord>(LOCATION_LIST_PATH, 'codes', code) : undefined;
    if (!to) return fail(t('pda.unknownLocation', { code }), 'to');
    const body = { kind: 'move', skuId: sku.id, locationId: from.id, toLocationId: to.id, quantity: text.quantity.trim() };
    const issue = wmsIssue(body, 'movement');
    if (issue) return fail(issue.message, issue.field === 'quantity' ? 'quantity' : 'to');
    setBusy(true);
    const move: Move = { key: Date.now(), sku: sku.skuCode, from: from.code, to: to.code, quantity: Number(body.quantity) };
    try {
      await moveStock(body);
      setMoves((current) => [move, ...current].slice(0, RECENT));
      signal('success');
      setProblem(undefined);
      setText({ sku: '', from: '', quantity: '', to: '' });
      setSku(undefined);
      setFrom(undefined);
      setFree(undefined);
      focus('sku');
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      setMoves((current) => [{ ...move, message }, ...current].slice(0, RECENT));
      fail(message, 'to');
    } finally {
      setBusy(false);
    }
  };

  return (
      <Stack gap="4" maxWidth="lg" marginX="auto" data-testid="pda-putaway-page">
        <Heading size="lg">{t('pda.title')}</Heading>
        <Text color="fg.muted" textStyle="sm">
          {t('pda.subtitle')}
        </Text>
        <ScanField label={t('pda.sku')} value={text.sku} onChange={set('sku')} onEnter={() => void scanSku()} inputRef={skuRef} testId="pda-putaway-sku"
          hint={sku ? `${sku.skuCode} · ${sku.nameEn} · ${sku.nameZh}` : undefined} />
        <ScanField label={t('pda.from')} value={text.from} onChange={set('from')} onEnter={() => void scanFrom()} inputRef={fromRef} testId="pda-putaway-from"
          hint={from && free !== undefined ? t('move.available', { count: free }) : undefined} />
        <ScanField label={t('field.quantity')} value={text.quantity} onChange={set('quantity')} onEnter={() => focus('to')} inputRef={quantityRef} testId="pda-putaway-quantity" inputMode="numeric" />
        <ScanField label={t('pda.to')} value={text.to} onChange={set('to')} onEnter={() => void send()} inputRef={toRef} testId="pda-putaway-to" />
        {problem ? (
          <Alert.Root status="error" data-testid="pda-putaway-error">
            <Alert.Indicator />
            <Alert.Title>{problem}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Authorized action={MOVE_PERMISSION}>
          <Button size="lg" loading={busy} disabled={!sku || !from} onClick={() => void send()} data-testid="pda-putaway-submit">
            {t('pda.submit')}
          </Button>
        </Authorized>
        <Stack gap="2" data-testid="pda-putaway-history">
          {moves.map((move) => (
            <Card.Root key={move.key} size="sm" variant="outline" borderColor={move.message ? 'border.error' : 'border.success'} data-testid="pda-putaway-move" data-state={move.message ? 'failed' : 'moved'}>
              <Card.Body>
                <HStack justify="space-between" gap="2" wrap="wrap">
                  <Text fontFamily="mono" fontWeight="semibold">
                    {`${move.sku} × ${move.quantity}`}
                  </Text>
                  <Badge colorPalette={move.message ? 'red' : 'green'}>{move.message ? t('pda.failed') : t('pda.moved')}</Badge>
                </HStack>
                <Text fontFamily="mono" textStyle="sm" color="fg.muted">
                  {`${move.from} → ${move.to}`}
                </Text>
                {move.message ? <Text textStyle="sm" color="fg.error">{move.message}</Text> : null}
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      </Stack>
  );
}
