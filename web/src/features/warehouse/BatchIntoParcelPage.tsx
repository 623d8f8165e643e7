/**
 * Receive a batch: parcels scanned one after another (number, Enter, weight, Enter: the row is
 * added and the number field is ready for the next) or pasted from a spreadsheet (tab-separated
 * lines, into the number field or the paste box), checked and corrected in the table, then
 * received at once (`POST /logistics/inbound/intakeBatch`, at most {@link MAX_BATCH_ROWS} rows,
 * with an `Idempotency-Key` kept for a retry of the same rows). Rows core refuses (through WASM,
 * as the server would) are marked on the cell at fault with the message, and nothing is sent
 * until they are corrected or removed. Each row shows its own answer:
 * received (with the order's adjustment when it completed it) or the server's message; received
 * rows are not sent again, refused ones can be corrected and sent with the next "Receive all".
 */
import { Alert, Badge, Box, Button, Card, Field, Flex, Heading, HStack, IconButton, Input, SimpleGrid, Stack, Table, Text, Textarea, type InputProps } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { Authorized } from '../../components/Authorized';
import { InboxIcon, TrashIcon } from '../../components/icons';
import { ListEmpty, ListSubtitle } from '../../components/list';
import { useInvalidateList } from '../../components/list/useRecordActions';
import { idempotentRunner } from '../logistics/wallet/idempotency';
import { INBOUND_LIST_PATH, intakeBatch, intakeForm, INTAKE_PERMISSION, MAX_BATCH_ROWS, type IntakeBatchResult, type IntakeBatchRow } from './api';
import { batchRow, EMPTY_SCAN, looksLikeRows, parseRows, unsent, type BatchRowState, type BatchScan } from './batchRows';
import { signal } from './feedback';
import { intakeIssue, type IntakeIssue } from './intakeCheck';
import { AdjustmentBadge, awaitingOf } from './IntakeResult';

const CELLS = ['number', 'weight', 'length', 'width', 'height'] as const satisfies readonly (keyof BatchScan)[];
type Cell = (typeof CELLS)[number];

/** A row's answer: received (with the adjustment or how many parcels the order awaits) or the message. */
function RowOutcome({ row }: { row: BatchRowState }) {
  const { t } = useTranslation('inbound');
  const { outcome, issue } = row;
  if (issue) {
    return (
      <Text textStyle="sm" color="fg.error" data-testid="batch-row-issue">
        {issue.message}
      </Text>
    );
  }
  if (!outcome) {
    return (
      <Text textStyle="sm" color="fg.muted">
        {t('batch.waitingRow')}
      </Text>
    );
  }
  if (!outcome.success || !outcome.result) {
    return (
      <Text textStyle="sm" color="fg.error" data-testid="batch-row-message">
        {outcome.message || '—'}
      </Text>
    );
  }
  const { result } = outcome;
  return (
    <HStack gap="2" wrap="wrap" data-testid="batch-row-received">
      <Badge variant="subtle" colorPalette="green">
        {t('batch.received', { received: result.receivedPieces, pieces: result.pieces })}
      </Badge>
      {result.complete ? (
        <AdjustmentBadge adjustment={result.adjustment ?? '0'} currency={result.currency} size="sm" />
      ) : (
        <Text textStyle="xs" color="fg.muted">
          {t('result.awaiting', { count: awaitingOf(result) })}
        </Text>
      )}
    </HStack>
  );
}

export default function BatchIntoParcelPage() {
  const { t } = useTranslation('inbound');
  const [rows, setRows] = useState<BatchRowState[]>([]);
  const [scan, setScan] = useState<BatchScan>(EMPTY_SCAN);
  const [pasted, setPasted] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [summary, setSummary] = useState<IntakeBatchResult>();
  const numberInput = useRef<HTMLInputElement>(null);
  const weightInput = useRef<HTMLInputElement>(null);
  const runner = useRef(idempotentRunner());
  const invalidate = useInvalidateList(INBOUND_LIST_PATH);
  useEffect(() => numberInput.current?.focus(), []);

  const pending = unsent(rows);
  const received = rows.length - pending.length;

  const append = (scans: BatchScan[]) => {
    if (scans.length === 0) return;
    setRows((current) => [...current, ...scans.map(batchRow)]);
    setProblem(undefined);
  };

  const addScan = () => {
    if (!scan.number.trim()) return numberInput.current?.focus();
    if (!scan.weight.trim()) return weightInput.current?.focus();
    append([scan]);
    setScan(EMPTY_SCAN);
    numberInput.current?.focus();
  };

  const scanKeys = (cell: Cell) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    // The scanner's Enter after the number: on to the weight; Enter anywhere after: add the row.
    if (cell === 'number' && !scan.weight.trim()) {
      if (scan.number.trim()) weightInput.current?.focus();
      return;
    }
    addScan();
  };

  // Rows copied from a spreadsheet and pasted into the number field become rows at once.
  const pasteIntoNumber = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!looksLikeRows(text)) return;
    event.preventDefault();
    append(parseRows(text));
  };

  const addPasted = () => {
    const scans = parseRows(pasted);
    if (scans.length === 0) return setProblem(t('batch.pasteNone'));
    append(scans);
    setPasted('');
    numberInput.current?.focus();
  };

  const edit = (id: string, cell: Cell, value: string) =>
    setRows((current) => current.map((row) => (row.id === id ? { ...row, [cell]: value, issue: undefined, outcome: row.outcome?.success ? row.outcome : undefined } : row)));
  const remove = (id: string) => setRows((current) => current.filter((row) => row.id !== id));

  async function receiveAll() {
    if (busy || pending.length === 0) return;
    setSummary(undefined);
    if (pending.length > MAX_BATCH_ROWS) return setProblem(t('batch.tooMany', { max: MAX_BATCH_ROWS }));
    const issues = new Map<string, IntakeIssue>();
    for (const row of pending) {
      const issue = intakeIssue(intakeForm(row));
      if (issue) issues.set(row.id, issue);
    }
    if (issues.size > 0) {
      setRows((current) => current.map((row) => (row.outcome?.success ? row : { ...row, issue: issues.get(row.id) })));
      setProblem(t('batch.fixRows'));
      signal('error');
      return;
    }
    const sent = pending.map((row) => row.id);
    const form = { rows: pending.map((row) => intakeForm(row)) };
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await runner.current.run(form, (key) => intakeBatch(form, key));
      runner.current = idempotentRunner();
      const byId = new Map<string, IntakeBatchRow>();
      for (const outcome of answer.result.rows) {
        const id = sent[outcome.index];
        if (id) byId.set(id, outcome);
      }
      setRows((current) => current.map((row) => (byId.has(row.id) ? { ...row, outcome: byId.get(row.id), issue: undefined } : row)));
      setSummary(answer.result);
      signal(answer.result.failed === 0 ? 'success' : 'error');
      await invalidate();
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : String(failure));
      signal('error');
    } finally {
      setBusy(false);
    }
  }

  const scanField = (cell: Cell, label: string, testId: string, extra: InputProps & { ref?: Ref<HTMLInputElement> } = {}) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        fontFamily="mono"
        autoComplete="off"
        inputMode={cell === 'number' ? 'text' : 'decimal'}
        value={scan[cell]}
        onChange={(event) => {
          const { value } = event.currentTarget;
          setScan((current) => ({ ...current, [cell]: value }));
        }}
        onKeyDown={scanKeys(cell)}
        data-testid={testId}
        {...extra}
      />
    </Field.Root>
  );

  return (
    <Stack gap="4" minWidth="0" data-testid="batch-intake-page">
      <Card.Root size="sm">
        <Card.Header>
          <Stack gap="0.5">
            <Heading size="md">{t('batch.title')}</Heading>
            <ListSubtitle>{t('batch.subtitle')}</ListSubtitle>
          </Stack>
        </Card.Header>
        <Card.Body>
          <Authorized action={INTAKE_PERMISSION}>
            <Stack gap="4">
              <SimpleGrid columns={{ base: 2, md: 6 }} gap="3" alignItems="end">
                <Box gridColumn={{ base: 'span 2', md: 'span 2' }}>
                  {scanField('number', t('scan.number'), 'batch-number', { ref: numberInput, size: 'lg', placeholder: t('scan.numberPlaceholder'), onPaste: pasteIntoNumber, spellCheck: false })}
                </Box>
                {scanField('weight', t('scan.weight'), 'batch-weight', { ref: weightInput, size: 'lg' })}
                {scanField('length', t('scan.length'), 'batch-length', { size: 'lg' })}
                {scanField('width', t('scan.width'), 'batch-width', { size: 'lg' })}
                {scanField('height', t('scan.height'), 'batch-height', { size: 'lg' })}
              </SimpleGrid>
              <Flex gap="3" wrap="wrap" align="center">
                <Button variant="outline" onClick={addScan} data-testid="batch-add">
                  {t('batch.add')}
                </Button>
                <Text textStyle="xs" color="fg.muted" flex="1" minWidth="48">
                  {t('scan.hint')}
                </Text>
              </Flex>
              <Field.Root>
                <Field.Label>{t('batch.pasteLabel')}</Field.Label>
                <Textarea rows={3} fontFamily="mono" textStyle="sm" placeholder={t('batch.pastePlaceholder')} value={pasted} onChange={(event) => setPasted(event.currentTarget.value)} data-testid="batch-paste" />
              </Field.Root>
              <Box>
                <Button variant="outline" size="sm" onClick={addPasted} disabled={!pasted.trim()} data-testid="batch-paste-add">
                  {t('batch.pasteAdd')}
                </Button>
              </Box>
            </Stack>
          </Authorized>
        </Card.Body>
      </Card.Root>

      <Card.Root size="sm" minWidth="0">
        <Card.Body>
          <Stack gap="3">
            <Flex gap="2" wrap="wrap" align="center">
              <Authorized action={INTAKE_PERMISSION}>
                <Button onClick={() => void receiveAll()} loading={busy} disabled={pending.length === 0} data-testid="batch-submit">
                  {t('batch.receiveAll', { count: pending.length })}
                </Button>
              </Authorized>
              <Button variant="outline" size="sm" onClick={() => setRows(pending)} disabled={received === 0 || busy} data-testid="batch-clear-received">
                {t('batch.clearReceived')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setRows([])} disabled={rows.length === 0 || busy} data-testid="batch-clear">
                {t('batch.clearAll')}
              </Button>
            </Flex>
            {problem ? (
              <Alert.Root status="error" role="alert" data-testid="batch-problem">
                <Alert.Indicator />
                <Alert.Description>{problem}</Alert.Description>
              </Alert.Root>
            ) : null}
            {summary ? (
              <Alert.Root status={summary.failed === 0 ? 'success' : 'warning'} data-testid="batch-summary">
                <Alert.Indicator />
                <Alert.Description>{t('batch.summary', { total: summary.total, succeeded: summary.succeeded, failed: summary.failed })}</Alert.Description>
              </Alert.Root>
            ) : null}
            {rows.length === 0 ? (
              <ListEmpty icon={<InboxIcon />} title={t('batch.emptyTitle')} description={t('batch.emptyDescription')} testId="batch-empty" />
            ) : (
              <Table.ScrollArea borderWidth="1px" rounded="md">
                <Table.Root size="sm" data-testid="batch-table">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader width="12">{t('batch.index')}</Table.ColumnHeader>
                      <Table.ColumnHeader minWidth="44">{t('scan.number')}</Table.ColumnHeader>
                      <Table.ColumnHeader minWidth="24">{t('scan.weight')}</Table.ColumnHeader>
                      <Table.ColumnHeader minWidth="20">{t('scan.length')}</Table.ColumnHeader>
                      <Table.ColumnHeader minWidth="20">{t('scan.width')}</Table.ColumnHeader>
                      <Table.ColumnHeader minWidth="20">{t('scan.height')}</Table.ColumnHeader>
                      <Table.ColumnHeader minWidth="56">{t('batch.result')}</Table.ColumnHeader>
                      <Table.ColumnHeader width="12" />
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {rows.map((row, index) => {
                      const locked = row.outcome?.success === true || busy;
                      return (
                        <Table.Row key={row.id} data-testid="batch-row" data-state={row.outcome ? (row.outcome.success ? 'received' : 'failed') : 'new'}>
                          <Table.Cell color="fg.muted">{index + 1}</Table.Cell>
                          {CELLS.map((cell) => (
                            <Table.Cell key={cell}>
                              <Input
                                size="sm"
                                fontFamily="mono"
                                inputMode={cell === 'number' ? 'text' : 'decimal'}
                                value={row[cell]}
                                readOnly={locked}
                                aria-invalid={row.issue?.field === cell ? true : undefined}
                                onChange={(event) => edit(row.id, cell, event.currentTarget.value)}
                                aria-label={`${t(`scan.${cell}`)} ${index + 1}`}
                                data-testid={`batch-row-${cell}`}
                              />
                            </Table.Cell>
                          ))}
                          <Table.Cell>
                            <RowOutcome row={row} />
                          </Table.Cell>
                          <Table.Cell>
                            <IconButton size="sm" variant="ghost" aria-label={t('batch.remove', { index: index + 1 })} onClick={() => remove(row.id)} disabled={busy} data-testid="batch-row-remove">
                              <TrashIcon />
                            </IconButton>
                          </Table.Cell>
                        </Table.Row>
                      );
                    })}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
