/**
 * Change label (label scan swap): scan the parcel's old number (a scanner types it and presses
 * Enter), give a reason if you like; the parcel gets a new number and its order's labels open in
 * the print dialog at once. Every swap is listed below, searchable by either number. Phone-first:
 * the scan field stays focused for the next parcel.
 */
import { Alert, Button, Card, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../api/client';
import type { components } from '../../api/schema';
import { Authorized } from '../../components/Authorized';
import type { DataColumn } from '../../components/DataTable';
import { createTimeColumn, CrudListPage, FilterText, monoColumn, useCrudList } from '../../components/list';
import { useInvalidateList } from '../../components/list/useRecordActions';
import { PrintDialog } from './PrintDialog';

type LabelSwapRecord = components['schemas']['LabelSwapRecord'];
const LIST_PATH = '/logistics/labelSwap/list';
const EMPTY = { numbers: '' };

const swapLabel = (number: string, reason: string) => api.post<LabelSwapRecord>('/logistics/labelSwap/swap', { number, reason: reason || null }, { notify: false });

function swapColumns(t: TFunction<'labelSwap'>): DataColumn<LabelSwapRecord>[] {
  return [
    monoColumn<LabelSwapRecord>('serialNumber', t('field.serialNumber'), (row) => row.serialNumber, { sortable: true }),
    monoColumn<LabelSwapRecord>('oldNo', t('field.oldNo'), (row) => row.oldNo),
    monoColumn<LabelSwapRecord>('newNo', t('field.newNo'), (row) => row.newNo),
    { id: 'reason', header: t('field.reason'), hideBelow: 'md', cell: (row) => row.reason || '—' },
    { id: 'createBy', header: t('field.createBy'), hideBelow: 'lg' },
    createTimeColumn(t('field.createTime')),
  ];
}

export default function ChangeLabelPage() {
  const { t } = useTranslation('labelSwap');
  const [number, setNumber] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<LabelSwapRecord>();
  const [problem, setProblem] = useState<string>();
  const [printing, setPrinting] = useState<string[]>([]);
  const scan = useRef<HTMLInputElement>(null);
  const invalidate = useInvalidateList(LIST_PATH);
  // The scanner types into the scan field: it has the focus from the start.
  useEffect(() => scan.current?.focus(), []);
  const crud = useCrudList<LabelSwapRecord, typeof EMPTY>(LIST_PATH, { name: 'labelSwap', permission: 'logistics:labelSwap', ns: 'labelSwap', emptyFilters: EMPTY, exportPath: '/logistics/labelSwap/exportXls', describe: (row) => row.serialNumber });

  async function submit() {
    if (!number.trim()) return scan.current?.focus();
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await swapLabel(number.trim(), reason.trim());
      if (answer.result) {
        setDone(answer.result);
        setPrinting([answer.result.shipmentId]);
        setNumber('');
        await invalidate();
      }
    } catch (failure) {
      setDone(undefined);
      setProblem(failure instanceof ApiError ? failure.message : String(failure));
      scan.current?.select();
    } finally {
      setBusy(false);
    }
  }

  const scanner = (
    <Authorized action="logistics:labelSwap:add">
      <Card.Root variant="outline" data-testid="swap-card">
        <Card.Body>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <Stack gap="3">
              <Text fontWeight="semibold">{t('scanTitle')}</Text>
              <Input ref={scan} size="lg" fontFamily="mono" autoComplete="off" inputMode="text" placeholder={t('scanPlaceholder')} value={number}
                onChange={(e) => setNumber(e.currentTarget.value)} data-testid="swap-number" aria-label={t('scanTitle')} />
              <HStack gap="2" align="stretch" flexDirection={{ base: 'column', sm: 'row' }}>
                <Input placeholder={t('reasonPlaceholder')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-testid="swap-reason" aria-label={t('field.reason')} />
                <Button type="submit" loading={busy} data-testid="swap-submit" flexShrink={0}>
                  {t('swap')}
                </Button>
              </HStack>
              {problem ? (
                <Alert.Root status="error" data-testid="swap-problem">
                  <Alert.Indicator />
                  <Alert.Description>{problem}</Alert.Description>
                </Alert.Root>
              ) : null}
              {done ? (
                <Alert.Root status="success" data-testid="swap-done">
                  <Alert.Indicator />
                  <Alert.Description>{t('done', { serial: done.serialNumber, oldNo: done.oldNo, newNo: done.newNo })}</Alert.Description>
                </Alert.Root>
              ) : null}
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Authorized>
  );

  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      subtitle={t('subtitle')}
      above={scanner}
      columns={swapColumns(t)}
      filters={<FilterText page={crud} name="numbers" label={t('filter.numbers')} placeholder={t('filter.numbersPlaceholder')} testId="swap-search-numbers" />}
      dialogs={
        <PrintDialog
          ids={printing}
          listPath="/logistics/shipment/list"
          onClose={() => {
            setPrinting([]);
            scan.current?.focus();
          }}
        />
      }
    />
  );
}
