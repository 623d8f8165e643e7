/**
 * Tracking events (Carrier management → Tracking events): every event of every source, searched
 * by number, status and source; staff upload events, export the list, and delete a wrong event
 * (its order's status is recomputed from the rest).
 */
import { Button, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../components/Authorized';
import type { DataColumn } from '../../components/DataTable';
import { RefreshIcon, UploadIcon } from '../../components/icons';
import { CrudListPage, editDeleteColumn, toastSuccess, FilterSelect, FilterText, monoColumn, truncatedColumn, useCrudList, useInvalidateList } from '../../components/list';
import { deleteTrackEvents, localTime, pollTracking, TRACK_EVENT_EXPORT_PATH, TRACK_EVENT_LIST_PATH, TRACK_UPLOAD_PERMISSION, TRACKING_STATUSES, type TrackEventRecord } from './api';
import { StatusTag } from './TrackResults';
import { TrackUploadDialog } from './TrackUploadDialog';

const EMPTY = { numbers: '', status: '', source: '' };

function eventColumns(t: TFunction<'trackEvent'>, actions: Parameters<typeof editDeleteColumn<TrackEventRecord>>[1]): DataColumn<TrackEventRecord>[] {
  return [
    monoColumn<TrackEventRecord>('serialNumber', t('field.serialNumber'), (row) => row.serialNumber, { sortable: true, strong: true }),
    monoColumn<TrackEventRecord>('trackNo', t('field.trackNo'), (row) => row.trackNo ?? row.sysTrackNo, { hideBelow: 'md' }),
    { id: 'status', header: t('field.status'), sortable: true, cell: (row) => <StatusTag status={row.status} /> },
    {
      // The place's own time, as the carrier gave it, with its offset.
      id: 'eventTime',
      header: t('field.eventTime'),
      sortable: true,
      cell: (row) => {
        const { time, zone } = localTime(row.eventTime, row.utcOffset);
        return (
          <Text whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
            {time}{' '}
            <Text as="span" fontSize="xs" color="fg.muted">
              {zone}
            </Text>
          </Text>
        );
      },
    },
    truncatedColumn<TrackEventRecord>('location', t('field.location'), (row) => row.location, '48', { hideBelow: 'lg' }),
    truncatedColumn<TrackEventRecord>('detail', t('field.detail'), (row) => row.detail ?? row.detailEn, '64', { hideBelow: 'md' }),
    { id: 'source', header: t('field.source'), sortable: true, hideBelow: 'lg', cell: (row) => `${row.source} · ${row.sourceCode}` },
    { id: 'createBy', header: t('field.createBy'), hideBelow: 'xl' },
    editDeleteColumn('text', { ...actions, onEdit: undefined }),
  ];
}

export default function TrackEventListPage() {
  const { t } = useTranslation('trackEvent');
  const { t: tt } = useTranslation('tracking');
  const [uploading, setUploading] = useState(false);
  const [polling, setPolling] = useState(false);
  const invalidate = useInvalidateList(TRACK_EVENT_LIST_PATH);
  const crud = useCrudList<TrackEventRecord, typeof EMPTY>(TRACK_EVENT_LIST_PATH, {
    name: 'track-event',
    permission: 'logistics:trackEvent',
    ns: 'trackEvent',
    emptyFilters: EMPTY,
    defaultSort: { column: 'eventTime', order: 'desc' },
    remove: deleteTrackEvents,
    exportPath: TRACK_EVENT_EXPORT_PATH,
    describe: (row) => t('delete.description', { serial: row.serialNumber, code: row.sourceCode }),
  });
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      subtitle={t('subtitle')}
      columns={eventColumns(t, crud.actions)}
      filters={
        <>
          <FilterText page={crud} name="numbers" label={t('filter.numbers')} placeholder={t('filter.numbersPlaceholder')} testId="track-event-search-numbers" />
          <FilterSelect page={crud} name="status" immediate label={t('filter.status')} options={TRACKING_STATUSES.map((s) => ({ value: s, label: tt(`status.${s}`) }))} allLabel={t('filter.all')} testId="track-event-search-status" />
          <FilterText page={crud} name="source" label={t('filter.source')} testId="track-event-search-source" />
        </>
      }
      toolbar={{
        leading: (
          <>
          <Authorized action={TRACK_UPLOAD_PERMISSION}>
            <Button size="sm" onClick={() => setUploading(true)} data-testid="track-upload-open">
              <UploadIcon />
              {t('upload.button')}
            </Button>
          </Authorized>
          <Authorized action={TRACK_UPLOAD_PERMISSION}>
            <Button
              size="sm"
              variant="outline"
              loading={polling}
              onClick={() => {
                setPolling(true);
                pollTracking()
                  .then((answer) => {
                    toastSuccess(t('poll.done', { stored: answer.result?.stored ?? 0 }));
                    void invalidate();
                  }, () => undefined)
                  .finally(() => setPolling(false));
              }}
              data-testid="track-poll"
            >
              <RefreshIcon />
              {t('poll.button')}
            </Button>
          </Authorized>
          </>
        ),
        exportAction: 'logistics:trackEvent:export',
      }}
      table={{ selectable: true, getRowId: (row) => row.id }}
      dialogs={<TrackUploadDialog open={uploading} onClose={() => setUploading(false)} onUploaded={() => void invalidate()} />}
    />
  );
}
