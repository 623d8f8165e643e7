/**
 * Printing a selection's labels: choose a printer (the user's, each with its size, format and
 * resolution) or the options by hand; one order is labelled at once, a selection runs as a batch
 * task with a progress bar and a row per order. Then the real PDF previews here and prints through the browser's
 * dialog, or silently through C-Lodop to the printer of that name; ZPL downloads or goes raw to a
 * thermal printer through C-Lodop. Orders that could not be labelled are listed with the reason
 * (they show "error" in the list).
 */
import { Alert, Box, Button, chakra, Dialog, HStack, NativeSelect, Progress, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useInvalidateList } from '../../components/list/useRecordActions';
import { DialogShell, OverlayHeader } from '../../components/overlay';
import { saveBlob } from '../../lib/export';
import { getTask } from '../shipment/orders/api';
import { batchFile, DPIS, LABEL_FORMATS, LABEL_SIZES, labels, listPrinters, startBatch, type BatchReport, type LabelOptions, type LabelRow, type PrinterRecord } from './api';
import { detectLodop, lodopPrinters, lodopPrintPdf, lodopPrintRaw } from './lodop';

type Step =
  | { kind: 'choose' }
  | { kind: 'working'; taskId?: string; total: number }
  | { kind: 'ready'; file: Blob; url: string; options: LabelOptions; rows: LabelRow[] };

/** The PDF preview. */
const Frame = chakra('iframe');

export interface PrintDialogProps {
  /** The orders to label (empty: closed). */
  ids: string[];
  /** The list to refresh afterwards (print statuses change). */
  listPath: string;
  onClose: () => void;
}

const fileName = (o: LabelOptions) => `labels-${new Date().toISOString().slice(0, 10)}.${o.format}`;

const optionsOf = (p: PrinterRecord): LabelOptions => ({ size: p.paperFormat as LabelOptions['size'], format: p.outputFormat as LabelOptions['format'], dpi: p.dpi });

export function PrintDialog({ ids, listPath, onClose }: PrintDialogProps) {
  const { t } = useTranslation('printer');
  const open = ids.length > 0;
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [problem, setProblem] = useState<string>();
  // Undefined until the user chooses: the default printer (or none, `''`).
  const [choice, setChoice] = useState<string>();
  const [manual, setManual] = useState<LabelOptions>({ size: '100x150', format: 'pdf', dpi: 203 });
  const invalidate = useInvalidateList(listPath);
  const frame = useRef<HTMLIFrameElement>(null);
  const printers = useQuery({ queryKey: ['printers', 'mine'], queryFn: async () => (await listPrinters()).result?.records ?? [], enabled: open });
  const lodop = useQuery({ queryKey: ['lodop'], queryFn: async () => (await detectLodop()) ?? null, enabled: open, staleTime: Infinity, retry: false });
  const printerId = choice ?? (printers.data?.find((p) => p.izDefault === 1) ?? printers.data?.[0])?.id ?? '';
  const chosen = printers.data?.find((p) => p.id === printerId);
  const options = chosen ? optionsOf(chosen) : manual;
  const lodopNames = useMemo(() => (lodop.data ? lodopPrinters(lodop.data) : []), [lodop.data]);

  const close = () => {
    if (step.kind === 'ready') URL.revokeObjectURL(step.url);
    setStep({ kind: 'choose' });
    setProblem(undefined);
    setChoice(undefined);
    onClose();
  };

  const ready = (file: Blob, rows: LabelRow[]) => {
    const typed = options.format === 'pdf' ? new Blob([file], { type: 'application/pdf' }) : file;
    setStep({ kind: 'ready', file: typed, url: URL.createObjectURL(typed), options, rows });
  };

  async function start() {
    setProblem(undefined);
    try {
      if (ids.length === 1) {
        setStep({ kind: 'working', total: ids.length });
        ready(await labels(ids, options), []);
      } else {
        const answer = await startBatch(ids, options);
        if (answer.result) setStep({ kind: 'working', taskId: answer.result.taskId, total: answer.result.total });
      }
    } catch (failure) {
      setStep({ kind: 'choose' });
      setProblem(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      void invalidate();
    }
  }

  async function finished(taskId: string, report: BatchReport) {
    void invalidate();
    if (report.labels === 0) {
      setStep({ kind: 'choose' });
      setProblem(report.rows.find((r) => !r.success)?.message ?? t('print.nothing'));
      return;
    }
    try {
      ready(await batchFile(taskId), report.rows.filter((r) => !r.success));
    } catch (failure) {
      setStep({ kind: 'choose' });
      setProblem(failure instanceof ApiError ? failure.message : String(failure));
    }
  }

  async function printSilently(file: Blob, o: LabelOptions) {
    if (!lodop.data || !chosen) return;
    const done = o.format === 'zpl' ? await lodopPrintRaw(lodop.data, file, chosen.printerName) : await lodopPrintPdf(lodop.data, file, chosen.printerName, chosen.width, chosen.height, chosen.izHorizontal === 1);
    if (!done) setProblem(t('print.lodopFailed'));
  }

  const choose = (
    <Stack gap="4">
      <Text textStyle="sm" color="fg.muted" data-testid="print-count">
        {t('print.count', { count: ids.length })}
      </Text>
      <Box>
        <Text textStyle="sm" fontWeight="medium" mb="1.5">
          {t('print.printer')}
        </Text>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={printerId} onChange={(e) => setChoice(e.currentTarget.value)} data-testid="print-printer">
            <option value="">{t('print.noPrinter')}</option>
            {(printers.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {`${p.printerName} · ${t(`size.${p.paperFormat as '100x150'}`)} · ${t(`format.${p.outputFormat as 'pdf'}`)}`}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Box>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        {(
          [
            ['size', LABEL_SIZES.map((s) => [s, t(`size.${s}`)])],
            ['format', LABEL_FORMATS.map((f) => [f, t(`format.${f}`)])],
            ['dpi', DPIS.map((d) => [String(d), `${d} dpi`])],
          ] as const
        ).map(([key, choices]) => (
          <Box key={key}>
            <Text textStyle="sm" fontWeight="medium" mb="1.5">
              {t(`print.${key}`)}
            </Text>
            <NativeSelect.Root size="sm" disabled={!!chosen}>
              <NativeSelect.Field
                value={String(options[key])}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setManual((m) => ({ ...m, [key]: key === 'dpi' ? Number(value) : value }));
                }}
                data-testid={`print-${key}`}
              >
                {choices.map(([value, label]) => (
                  <option key={value} value={value} disabled={key === 'size' && value === 'a4' && options.format === 'zpl'}>
                    {label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Box>
        ))}
      </SimpleGrid>
      <Text textStyle="xs" color="fg.muted" data-testid="print-lodop">
        {lodop.isLoading ? t('print.lodopLooking') : lodop.data ? t('print.lodopFound', { count: lodopNames.length }) : t('print.lodopMissing')}
      </Text>
    </Stack>
  );

  return (
    <DialogShell open={open} onClose={close} size={{ base: 'full', md: step.kind === 'ready' ? 'xl' : 'md' }} scrollBehavior="inside" testId="print-dialog" closeOnInteractOutside={false}>
      <OverlayHeader title={t('print.title')} subtitle={<Text textStyle="sm" color="fg.muted">{t('print.subtitle')}</Text>} />
      <Dialog.Body>
        <Stack gap="4">
          {problem ? (
            <Alert.Root status="error" data-testid="print-problem">
              <Alert.Indicator />
              <Alert.Description>{problem}</Alert.Description>
            </Alert.Root>
          ) : null}
          {step.kind === 'choose' ? choose : null}
          {step.kind === 'working' ? <Working taskId={step.taskId} total={step.total} onDone={finished} /> : null}
          {step.kind === 'ready' ? (
            <Stack gap="3">
              {step.rows.length > 0 ? <Failures rows={step.rows} /> : null}
              {step.options.format === 'pdf' ? (
                <Frame ref={frame} title={t('print.preview')} src={step.url} width="100%" height={{ base: '60vh', md: '65vh' }} borderWidth="1px" borderRadius="l2" data-testid="print-preview" />
              ) : (
                <Alert.Root status="info" data-testid="print-zpl">
                  <Alert.Indicator />
                  <Alert.Description>{t('print.zplReady', { size: Math.ceil(step.file.size / 1024) })}</Alert.Description>
                </Alert.Root>
              )}
            </Stack>
          ) : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <HStack gap="2" wrap="wrap" justify="flex-end">
          <Button variant="outline" onClick={close} data-testid="print-close">
            {t('print.close')}
          </Button>
          {step.kind === 'choose' ? (
            <Button onClick={() => void start()} data-testid="print-start">
              {t('print.make')}
            </Button>
          ) : null}
          {step.kind === 'ready' ? (
            <>
              <Button variant="outline" onClick={() => saveBlob(step.file, fileName(step.options))} data-testid="print-download">
                {t('print.download')}
              </Button>
              {lodop.data && chosen ? (
                <Button variant="outline" onClick={() => void printSilently(step.file, step.options)} data-testid="print-lodop-print">
                  {t('print.lodopPrint', { name: chosen.printerName })}
                </Button>
              ) : null}
              {step.options.format === 'pdf' ? (
                <Button onClick={() => frame.current?.contentWindow?.print()} data-testid="print-print">
                  {t('print.print')}
                </Button>
              ) : null}
            </>
          ) : null}
        </HStack>
      </Dialog.Footer>
    </DialogShell>
  );
}

/** A batch's task, polled until it ends. */
function Working({ taskId, total, onDone }: { taskId?: string; total: number; onDone: (taskId: string, report: BatchReport) => void }) {
  const { t } = useTranslation('printer');
  const ended = useRef(false);
  const { data: task } = useQuery({
    queryKey: ['task', taskId],
    queryFn: async ({ signal }) => (await getTask(taskId ?? '', signal)).result,
    enabled: !!taskId,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'running' ? false : 400),
  });
  const done = task?.done ?? 0;
  useEffect(() => {
    if (taskId && task?.status === 'done' && task.result && !ended.current) {
      ended.current = true;
      onDone(taskId, JSON.parse(task.result) as BatchReport);
    }
  }, [task, taskId, onDone]);
  return (
    <Stack gap="3" data-testid="print-working">
      <Progress.Root value={taskId ? Math.min(100, Math.round((done * 100) / Math.max(1, task?.total ?? total))) : null} colorPalette={task?.status === 'failed' ? 'red' : 'blue'}>
        <HStack justify="space-between">
          <Progress.Label>{t('print.making')}</Progress.Label>
          <Progress.ValueText data-testid="print-progress">{taskId ? t('print.progress', { done, total: task?.total ?? total }) : ''}</Progress.ValueText>
        </HStack>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      {task?.status === 'failed' ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{task.message}</Alert.Description>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}

/** The orders that could not be labelled, with the reason. */
function Failures({ rows }: { rows: LabelRow[] }) {
  const { t } = useTranslation('printer');
  return (
    <Alert.Root status="warning" data-testid="print-failures">
      <Alert.Indicator />
      <Stack gap="2" width="full">
        <Alert.Title>{t('print.failed', { count: rows.length })}</Alert.Title>
        <Table.Root size="sm" variant="outline">
          <Table.Body>
            {rows.slice(0, 50).map((r) => (
              <Table.Row key={r.id}>
                <Table.Cell fontFamily="mono" whiteSpace="nowrap">
                  {r.serialNumber}
                </Table.Cell>
                <Table.Cell>{r.message}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Stack>
    </Alert.Root>
  );
}
