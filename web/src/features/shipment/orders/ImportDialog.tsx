/**
 * The import wizard (docs/api/shipments.md, "Import"): download the type's template, choose a
 * file, read the dry run's report (every bad cell by row and column, in the user's language),
 * then import: the server creates the drafts in chunks as a task whose progress bar this polls,
 * and ends with what was created and what was already there.
 */
import { Alert, Badge, Button, Dialog, HStack, Progress, SimpleGrid, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { toastSuccess, useInvalidateList } from '../../../components/list';
import { downloadFile } from '../../../components/list/download';
import { DialogShell, OverlayHeader } from '../../../components/overlay';
import { CustomerField } from '../shippers/ShipperFormDialog';
import { useIsStaff } from '../shippers/api';
import { getTask, importShipments, IMPORT_MAX_BYTES, SHIPMENT_LIST_PATH, SHIPMENT_TEMPLATE_PATH, type ImportReport } from './api';
import type { ShipmentType } from './model';

type Step = { kind: 'choose' } | { kind: 'checking'; file: string } | { kind: 'checked'; file: File; report: ImportReport } | { kind: 'running'; taskId: string; total: number };

/** The bad cells of a report, as a table. */
function ErrorTable({ report }: { report: ImportReport }) {
  const { t } = useTranslation('shipment');
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" maxHeight="320px">
      <Table.Root size="sm" stickyHeader aria-label={t('import.errorsTitle')}>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader textAlign="end">{t('import.row')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('import.column')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('import.message')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {report.errors.map((e, i) => (
            <Table.Row key={`${e.row}-${e.column}-${i}`} data-testid="shipment-import-error">
              <Table.Cell textAlign="end" fontFamily="mono">
                {e.row}
              </Table.Cell>
              <Table.Cell fontFamily="mono">{e.column || '—'}</Table.Cell>
              <Table.Cell whiteSpace="normal">
                <Text color="fg.error">{e.message}</Text>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** One figure of the report. */
function stat(label: string, value: number, testId: string, color?: string) {
  return (
    <Stat.Root borderWidth="1px" rounded="l2" padding="3">
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText color={color} data-testid={testId}>
        {value}
      </Stat.ValueText>
    </Stat.Root>
  );
}

function Summary({ report }: { report: ImportReport }) {
  const { t } = useTranslation('shipment');
  return (
    <SimpleGrid columns={{ base: 2, sm: 4 }} gap="3">
      {stat(t('import.rows'), report.rows, 'shipment-import-rows')}
      {stat(t('import.orders'), report.orders, 'shipment-import-orders')}
      {stat(t('import.existing'), report.existing, 'shipment-import-existing')}
      {stat(t('import.errors'), report.errors.length, 'shipment-import-errors', report.errors.length > 0 ? 'fg.error' : undefined)}
    </SimpleGrid>
  );
}

/** The commit's task, polled until it ends. */
function Running({ taskId, total: expected, onEnd }: { taskId: string; total: number; onEnd: () => void }) {
  const { t } = useTranslation('shipment');
  const ended = useRef(false);
  const { data: task } = useQuery({
    queryKey: ['task', taskId],
    queryFn: async ({ signal }) => (await getTask(taskId, signal)).result,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'running' ? false : 500),
  });
  // The server's count of work (the orders it creates), once it answers.
  const total = task?.total ?? expected;
  const done = task?.done ?? 0;
  const outcome = task?.result ? (JSON.parse(task.result) as { created: number; skipped: number }) : undefined;
  const status = task?.status;
  useEffect(() => {
    if (status && status !== 'running' && !ended.current) {
      ended.current = true;
      onEnd();
    }
  }, [status, onEnd]);
  return (
    <Stack gap="4" data-testid="shipment-import-running">
      <Progress.Root value={total > 0 ? Math.min(100, Math.round((done * 100) / total)) : task?.status === 'done' ? 100 : null} colorPalette={task?.status === 'failed' ? 'red' : 'blue'}>
        <HStack justify="space-between">
          <Progress.Label>{task?.status === 'done' ? t('import.finished') : task?.status === 'failed' ? t('import.stopped') : t('import.importing')}</Progress.Label>
          <Progress.ValueText data-testid="shipment-import-progress">{t('import.progress', { done, total })}</Progress.ValueText>
        </HStack>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      {outcome ? (
        <Alert.Root status="success" data-testid="shipment-import-done">
          <Alert.Indicator />
          <Alert.Description>{t('import.doneSummary', outcome)}</Alert.Description>
        </Alert.Root>
      ) : null}
      {task?.status === 'failed' ? (
        <Alert.Root status="error" data-testid="shipment-import-failed">
          <Alert.Indicator />
          <Alert.Description>{task.message}</Alert.Description>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}

export interface ImportDialogProps {
  type: ShipmentType | undefined;
  onClose: () => void;
}

/** The import wizard of a type's orders; closed while `type` is undefined. */
export function ImportDialog({ type, onClose }: ImportDialogProps) {
  const { t } = useTranslation('shipment');
  const staff = useIsStaff();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [problem, setProblem] = useState<string>();
  const [finished, setFinished] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const invalidate = useInvalidateList(SHIPMENT_LIST_PATH);
  const form = useForm<{ customerId: string }>({ defaultValues: { customerId: '' } });
  const customerId = useWatch({ control: form.control, name: 'customerId' });
  const close = () => {
    setStep({ kind: 'choose' });
    setProblem(undefined);
    setFinished(false);
    onClose();
  };

  async function check(file: File) {
    setProblem(undefined);
    if (!file.name.toLowerCase().endsWith('.xlsx')) return setProblem(t('import.notXlsx'));
    if (file.size > IMPORT_MAX_BYTES) return setProblem(t('import.tooLarge', { size: 10 }));
    if (staff && !customerId) return setProblem(t('form.customerRequired'));
    setStep({ kind: 'checking', file: file.name });
    try {
      const answer = await importShipments(file, type ?? 'B2C', true, customerId);
      if (answer.result) setStep({ kind: 'checked', file, report: answer.result });
    } catch (failure) {
      setStep({ kind: 'choose' });
      setProblem(failure instanceof ApiError ? failure.message : String(failure));
    }
  }

  async function commit(file: File) {
    setProblem(undefined);
    try {
      const answer = await importShipments(file, type ?? 'B2C', false, customerId);
      const report = answer.result;
      if (report?.taskId) setStep({ kind: 'running', taskId: report.taskId, total: report.creatable });
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : String(failure));
    }
  }

  const template = () => void downloadFile(SHIPMENT_TEMPLATE_PATH, { shipmentType: type }, `shipments-${(type ?? '').toLowerCase()}.xlsx`).catch((e: unknown) => setProblem(e instanceof Error ? e.message : String(e)));

  return (
    <DialogShell open={type !== undefined} onClose={close} size={{ base: 'full', md: 'lg' }} scrollBehavior="inside" testId="shipment-import" closeOnInteractOutside={false}>
      <OverlayHeader title={t('import.title', { type: type ?? '' })} subtitle={<Text textStyle="sm" color="fg.muted">{t('import.hint')}</Text>} />
      <Dialog.Body>
        <Stack gap="4">
          {step.kind === 'choose' || step.kind === 'checking' ? (
            <Stack gap="3">
              <FormProvider {...form}>
                <CustomerField text={(key) => t(key)} testId="shipment-import-customer" />
              </FormProvider>
              <HStack gap="2" wrap="wrap">
                <Button variant="outline" onClick={template} data-testid="shipment-import-template">
                  {t('import.template')}
                </Button>
                <Button onClick={() => input.current?.click()} loading={step.kind === 'checking'} loadingText={t('import.checking')} data-testid="shipment-import-choose">
                  {t('import.choose')}
                </Button>
              </HStack>
              <input
                ref={input}
                type="file"
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                hidden
                data-testid="shipment-import-file"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) void check(file);
                }}
              />
            </Stack>
          ) : null}
          {step.kind === 'checked' ? (
            <Stack gap="3">
              <HStack gap="2">
                <Badge variant="subtle">{step.file.name}</Badge>
              </HStack>
              <Summary report={step.report} />
              {step.report.errors.length > 0 ? (
                <>
                  <Alert.Root status="error" size="sm">
                    <Alert.Indicator />
                    <Alert.Description>{t('import.fixFirst', { count: step.report.errors.length })}</Alert.Description>
                  </Alert.Root>
                  <ErrorTable report={step.report} />
                </>
              ) : (
                <Alert.Root status={step.report.creatable > 0 ? 'info' : 'warning'} size="sm" data-testid="shipment-import-ready">
                  <Alert.Indicator />
                  <Alert.Description>{step.report.creatable > 0 ? t('import.ready', { count: step.report.creatable }) : t('import.nothingNew')}</Alert.Description>
                </Alert.Root>
              )}
            </Stack>
          ) : null}
          {step.kind === 'running' ? (
            <Running
              taskId={step.taskId}
              total={step.total}
              onEnd={() => {
                setFinished(true);
                toastSuccess(t('import.finished'));
                void invalidate();
              }}
            />
          ) : null}
          {problem ? (
            <Alert.Root status="error" size="sm" data-testid="shipment-import-problem">
              <Alert.Indicator />
              <Alert.Description>{problem}</Alert.Description>
            </Alert.Root>
          ) : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        {step.kind === 'checked' ? (
          <Button variant="outline" onClick={() => setStep({ kind: 'choose' })} data-testid="shipment-import-again">
            {t('import.another')}
          </Button>
        ) : null}
        {step.kind === 'checked' && step.report.errors.length === 0 && step.report.creatable > 0 ? (
          <Button onClick={() => void commit(step.file)} data-testid="shipment-import-commit">
            {t('import.commit', { count: step.report.creatable })}
          </Button>
        ) : null}
        <Button variant={finished ? 'solid' : 'ghost'} onClick={close} disabled={step.kind === 'running' && !finished} data-testid="shipment-import-close">
          {t('import.close')}
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
