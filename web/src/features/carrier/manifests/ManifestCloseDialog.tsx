/**
 * Closing a carrier's day at a depot (`POST /logistics/manifest/close`): the carrier, the depot
 * and the day (today unless changed), with what closing means said before it is done (every
 * dispatch of that day goes into the manifest; no dispatch of that day can be made afterwards).
 * A refusal ("… is closed (MF…): choose another day!", "… has no dispatch to close …", "The
 * carrier refused: …") shows above the fields as the server says it. The new manifest then shows
 * with its PDF and workbook.
 */
import { Alert, Button, DataList, Dialog, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form/fields';
import { RecordFormDialog, useKeptWhileClosing } from '../../../components/form/RecordFormDialog';
import { DownloadIcon } from '../../../components/icons';
import { useDownload } from '../../../components/list';
import { CloseFooter, DialogShell, OverlayHeader, type FormOpenProps } from '../../../components/overlay';
import { pickupIssues } from '../../../core';
import { currentLanguage } from '../../../i18n';
import { showTime } from '../../../lib/utcTime';
import { CarrierDepotFields, useCarrierDepotChoices } from '../dispatch/CarrierDepotFields';
import { localToday } from '../dispatch/api';
import { closeManifest, MANIFEST_LIST_PATH, MANIFEST_PDF_PATH, MANIFEST_XLSX_PATH, type ManifestRecord } from './api';

type Values = { supplierId: string; depotId: string; date: string };

/** The carrier, depot and day a close dialog opens with (a dispatch's). */
export type CloseTarget = Partial<Values>;

/** Core's message for a day that is no real date (a blank day is the server's today). */
const dateRule = (value: string): true | string => pickupIssues(value.trim() || localToday(), '', currentLanguage()).find((issue) => issue.field === 'pickupDate')?.message ?? true;

/** The PDF and the workbook of a manifest, saved under its number (`MF….pdf`, `MF….xlsx`). */
export function ManifestDownloads({ manifest, size = 'xs' }: { manifest: Pick<ManifestRecord, 'id' | 'manifestNo'>; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('manifest');
  const download = useDownload();
  const [busy, setBusy] = useState<'pdf' | 'xlsx'>();
  const save = async (kind: 'pdf' | 'xlsx') => {
    setBusy(kind);
    try {
      await download(kind === 'pdf' ? MANIFEST_PDF_PATH : MANIFEST_XLSX_PATH, { id: manifest.id }, `${manifest.manifestNo}.${kind}`);
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <HStack gap="1" wrap="wrap">
      <Button size={size} variant="ghost" colorPalette="blue" loading={busy === 'pdf'} onClick={() => void save('pdf')} aria-label={t('action.pdfLabel', { manifestNo: manifest.manifestNo })} data-testid="manifest-pdf">
        <DownloadIcon />
        {t('action.pdf')}
      </Button>
      <Button size={size} variant="ghost" colorPalette="green" loading={busy === 'xlsx'} onClick={() => void save('xlsx')} aria-label={t('action.xlsxLabel', { manifestNo: manifest.manifestNo })} data-testid="manifest-xlsx">
        <DownloadIcon />
        {t('action.xlsx')}
      </Button>
    </HStack>
  );
}

/** What closing will do, for the carrier, depot and day chosen so far. */
function CloseWarning() {
  const { t } = useTranslation('manifest');
  const choices = useCarrierDepotChoices();
  const { watch } = useFormContext<Values>();
  const [supplierId, depotId, date] = watch(['supplierId', 'depotId', 'date']);
  const carrier = choices.carriers.find((option) => option.value === supplierId)?.label;
  const depot = choices.depots.find((option) => option.value === depotId)?.label;
  return (
    <Alert.Root status="warning" size="sm" data-testid="manifest-close-warning">
      <Alert.Indicator />
      <Alert.Description>
        {carrier && depot
          ? t('close.warning', { carrier, depot, date: date.trim() || t('close.today') })
          : t('close.warningGeneric')}
      </Alert.Description>
    </Alert.Root>
  );
}

function CloseFields() {
  const { t } = useTranslation('manifest');
  return (
    <>
      <CarrierDepotFields<Values>
        testId="manifest-close"
        texts={{
          carrier: t('field.carrier'),
          carrierPlaceholder: t('close.carrierPlaceholder'),
          carrierRequired: t('close.carrierRequired'),
          depot: t('field.depot'),
          depotPlaceholder: t('close.depotPlaceholder'),
          depotRequired: t('close.depotRequired'),
          depotHint: t('close.depotHint'),
        }}
      />
      <TextField<Values> name="date" label={t('field.manifestDate')} type="date" helper={t('close.dateHint')} testId="manifest-close-date" rules={{ validate: dateRule }} />
      <CloseWarning />
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue minWidth="0" wordBreak="break-word">
        {children}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/** The manifest just closed, with its files. */
function ManifestClosedDialog({ manifest, onClose }: { manifest: ManifestRecord | undefined; onClose: () => void }) {
  const { t } = useTranslation('manifest');
  const shown = useKeptWhileClosing(manifest);
  return (
    <DialogShell open={manifest !== undefined} onClose={onClose} testId="manifest-closed" size={{ base: 'full', sm: 'md' }}>
      <OverlayHeader title={shown ? t('closed.title', { manifestNo: shown.manifestNo }) : null} />
      <Dialog.Body>
        {shown ? (
          <Stack gap="4">
            <Text color="fg.muted">{t('closed.description')}</Text>
            <DataList.Root orientation="horizontal" size="sm" data-testid="manifest-closed-facts">
              <Fact label={t('field.manifestNo')}>
                <Text fontFamily="mono" fontWeight="medium" data-testid="manifest-closed-no">
                  {shown.manifestNo}
                </Text>
              </Fact>
              <Fact label={t('field.carrier')}>{shown.supplierName || '—'}</Fact>
              <Fact label={t('field.depot')}>{shown.depotName || '—'}</Fact>
              <Fact label={t('field.manifestDate')}>{shown.manifestDate}</Fact>
              <Fact label={t('field.totals')}>{t('totals', { dispatches: shown.dispatches, shipments: shown.shipments, pieces: shown.pieces, weight: shown.weight })}</Fact>
              <Fact label={t('field.carrierRef')}>{shown.carrierRef ? <Text fontFamily="mono">{shown.carrierRef}</Text> : '—'}</Fact>
              <Fact label={t('field.closed')}>{[shown.createBy, showTime(shown.createTime)].filter(Boolean).join(' · ') || '—'}</Fact>
            </DataList.Root>
            <ManifestDownloads manifest={shown} size="sm" />
          </Stack>
        ) : null}
      </Dialog.Body>
      <CloseFooter testId="manifest-closed-close" />
    </DialogShell>
  );
}

/**
 * The close dialog, opened empty or with a dispatch's carrier, depot and day (`target`); then the
 * manifest it made. `onClosed` is told of the new manifest (the lists are asked again).
 */
export function ManifestCloseDialog({ open, onOpenChange, target, onClosed }: FormOpenProps & { target?: CloseTarget; onClosed?: (manifest: ManifestRecord) => void }) {
  const { t } = useTranslation('manifest');
  const [closed, setClosed] = useState<ManifestRecord>();
  return (
    <>
      <RecordFormDialog<Values, ManifestRecord>
        open={open}
        onOpenChange={onOpenChange}
        testId="manifest-close"
        listPath={MANIFEST_LIST_PATH}
        serverFields={['supplierId', 'depotId', 'date']}
        title={t('close.title')}
        subtitle={
          <Text textStyle="sm" color="fg.muted">
            {t('close.subtitle')}
          </Text>
        }
        submitLabel={t('close.submit')}
        defaultValues={() => ({ supplierId: target?.supplierId ?? '', depotId: target?.depotId ?? '', date: target?.date ?? localToday() })}
        save={(values) => closeManifest({ supplierId: values.supplierId, depotId: values.depotId, date: values.date.trim() || null })}
        onSaved={(manifest) => {
          if (!manifest) return;
          setClosed(manifest);
          onClosed?.(manifest);
        }}
      >
        <CloseFields />
      </RecordFormDialog>
      <ManifestClosedDialog manifest={closed} onClose={() => setClosed(undefined)} />
    </>
  );
}
