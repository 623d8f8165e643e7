/**
 * A return's own tracking, newest first, as a timeline: each event's normalized status (tracking's
 * labels and colours), where and when it happened, what happened and who wrote it (the system,
 * the warehouse, or staff by hand). Staff who handle returns add the carrier's events of the way
 * back by hand.
 */
import { Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextareaField, TextField } from '../../components/form/fields';
import { RecordFormDialog } from '../../components/form/RecordFormDialog';
import { ClockIcon, MapPinIcon, PlusIcon, TruckIcon } from '../../components/icons';
import { ListEmpty } from '../../components/list';
import { TRACKING_STATUSES, validateRequired } from '../../core';
import { currentLanguage } from '../../i18n';
import { localInputToUtc, showTime } from '../../lib/utcTime';
import { statusPalette } from '../tracking/api';
import { StatusTag } from '../tracking/TrackStatusTag';
import { addTrack, TRACK_LIST_PATH, textOrNull, type ReturnDetail, type ReturnTrackRecord } from './api';
import { useActionStates, useViewerSide } from './hooks';

const SOURCES = ['system', 'warehouse', 'staff'] as const;

/** Who wrote an event, in the user's language. */
export function sourceLabel(t: TFunction<'returns'>, source: string | null | undefined): string {
  const known = SOURCES.find((s) => s === source);
  return known ? t(`source.${known}`) : (source ?? '');
}

/** The newest first (by the event's time, then by when it was written). */
const newestFirst = (tracks: readonly ReturnTrackRecord[]) =>
  tracks.toSorted((a, b) => (b.eventTime ?? b.createTime ?? '').localeCompare(a.eventTime ?? a.createTime ?? '') || (b.createTime ?? '').localeCompare(a.createTime ?? ''));

function TrackRow({ track, latest, last }: { track: ReturnTrackRecord; latest: boolean; last: boolean }) {
  const { t } = useTranslation('returns');
  return (
    <Flex gap="3" data-testid="return-track" data-status={track.status}>
      <Flex direction="column" align="center" flexShrink={0} width="4">
        <Box marginTop="1.5" boxSize="2.5" rounded="full" bg={latest ? `${statusPalette(track.status)}.solid` : 'border.emphasized'} />
        {last ? null : <Box flex="1" width="0.5" bg="border" marginTop="1" />}
      </Flex>
      <Stack gap="1" paddingBottom={last ? '0' : '4'} minWidth="0">
        <HStack gap="2" wrap="wrap">
          <StatusTag status={track.status} />
          <Text textStyle="xs" color="fg.muted">
            {sourceLabel(t, track.source)}
            {track.createBy ? ` · ${track.createBy}` : ''}
          </Text>
        </HStack>
        {track.detail ? (
          <Text fontWeight={latest ? 'semibold' : 'normal'} wordBreak="break-word">
            {track.detail}
          </Text>
        ) : null}
        <HStack gap="3" wrap="wrap" textStyle="sm" color="fg.muted">
          <HStack gap="1">
            <ClockIcon boxSize="3.5" />
            <Text as="span" fontVariantNumeric="tabular-nums">
              {showTime(track.eventTime ?? track.createTime)}
            </Text>
          </HStack>
          {track.location ? (
            <HStack gap="1" minWidth="0">
              <MapPinIcon boxSize="3.5" />
              <Text as="span" wordBreak="break-word">
                {track.location}
              </Text>
            </HStack>
          ) : null}
        </HStack>
      </Stack>
    </Flex>
  );
}

export function ReturnTracks({ detail, onChanged }: { detail: ReturnDetail; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation('returns');
  const side = useViewerSide();
  const stateOf = useActionStates();
  const [adding, setAdding] = useState(false);
  const tracks = newestFirst(detail.tracks);
  // Staff who handle returns write the way back's events (not on a cancelled or rejected return).
  const handle = stateOf('approve');
  const canAdd = side === 'staff' && handle !== 'hidden' && detail.status !== 'cancelled' && detail.status !== 'rejected';
  return (
    <Stack gap="3" data-testid="return-tracks">
      {canAdd ? (
        <Box>
          <Button size="sm" variant="outline" disabled={handle === 'disabled'} onClick={() => setAdding(true)} data-testid="return-track-add">
            <PlusIcon />
            {t('track.add')}
          </Button>
        </Box>
      ) : null}
      {tracks.length === 0 ? (
        <ListEmpty icon={<TruckIcon />} title={t('track.empty')} testId="return-tracks-empty" />
      ) : (
        <Box>
          {tracks.map((track, index) => (
            <TrackRow key={track.id} track={track} latest={index === 0} last={index === tracks.length - 1} />
          ))}
        </Box>
      )}
      {canAdd ? <ReturnTrackDialog detail={detail} open={adding} onOpenChange={setAdding} onAdded={() => void onChanged()} /> : null}
    </Stack>
  );
}

type TrackValues = { status: string; location: string; detail: string; eventTime: string };

/** A required text with core's message naming the field (the server's words). */
const required = (label: () => string) => (value: string) => validateRequired((value ?? '').trim(), label(), currentLanguage()) ?? true;

function ReturnTrackDialog({ detail, open, onOpenChange, onAdded }: { detail: ReturnDetail; open: boolean; onOpenChange: (open: boolean) => void; onAdded: () => void }) {
  const { t } = useTranslation('returns');
  const { t: tt } = useTranslation('tracking');
  return (
    <RecordFormDialog<TrackValues>
      open={open}
      onOpenChange={onOpenChange}
      testId="return-track-form"
      listPath={TRACK_LIST_PATH}
      title={t('track.addTitle', { returnNo: detail.returnNo })}
      submitLabel={t('track.submit')}
      defaultValues={() => ({ status: 'returning', location: '', detail: '', eventTime: '' })}
      serverFields={['status', 'location', 'detail', 'eventTime']}
      onSaved={onAdded}
      save={(values) =>
        addTrack({
          returnId: detail.id,
          status: values.status,
          location: textOrNull(values.location),
          detail: values.detail.trim(),
          ...(values.eventTime ? { eventTime: localInputToUtc(values.eventTime) } : {}),
        })
      }
    >
      <SelectField<TrackValues>
        name="status"
        label={t('field.trackStatus')}
        required
        options={TRACKING_STATUSES.map((status) => ({ value: status, label: tt(`status.${status}`) }))}
        testId="return-track-status"
        rules={{ validate: required(() => t('field.trackStatus')) }}
      />
      <TextField<TrackValues> name="location" label={t('field.location')} maxLength={200} testId="return-track-location" />
      <TextareaField<TrackValues> name="detail" label={t('field.detail')} required maxLength={500} testId="return-track-detail" rules={{ validate: required(() => t('field.detail')) }} />
      <TextField<TrackValues> name="eventTime" type="datetime-local" label={t('field.eventTime')} helper={t('track.eventTimeHint')} testId="return-track-time" />
    </RecordFormDialog>
  );
}
