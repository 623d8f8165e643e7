import { Alert, Box, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/form/fields';
import { RecordFormDialog, WIDE_DIALOG, type FormOpenProps } from '../../../components/form/RecordFormDialog';
import { requiredText } from '../../../components/form/rules';
import { segmentAffixIssue, segmentMaxSerial, segmentNumber } from '../../../core';
import { currentLanguage } from '../../../i18n';
import { channelLabel, useChannelOptions } from '../channels/api';
import { addSegment, affixesFit, CHECK_SCHEMES, type CheckScheme, schemeOf, SEGMENT_LIST_PATH } from './api';

type Values = Record<'channelId' | 'prefix' | 'suffix' | 'startNo' | 'endNo' | 'alertThreshold', string> & { checkScheme: CheckScheme };

const FIELDS: (keyof Values)[] = ['channelId', 'checkScheme', 'prefix', 'suffix', 'startNo', 'endNo', 'alertThreshold'];
const INTEGER = /^\d+$/;

const body = (values: Values) => ({
  channelId: values.channelId,
  checkScheme: schemeOf(values.checkScheme),
  prefix: values.prefix.trim().toUpperCase(),
  suffix: values.suffix.trim().toUpperCase(),
  startNo: Number(values.startNo),
  endNo: Number(values.endNo),
  alertThreshold: Number(values.alertThreshold.trim() || '0'),
});

/**
 * Add a number segment to a channel (`POST /logistics/numberSegment/add`); segments are not
 * edited. A new one starts with `channelId` (the list's channel filter).
 */
export function SegmentFormDialog({ channelId = '', ...dialog }: FormOpenProps & { channelId?: string; onSaved?: () => void }) {
  const { t } = useTranslation('carrierSegment');
  return (
    <RecordFormDialog<Values>
      {...dialog} testId="segment-form" size={WIDE_DIALOG} scrollBehavior="inside" listPath={SEGMENT_LIST_PATH} serverFields={FIELDS}
      title={t('form.addTitle')}
      defaultValues={() => ({ channelId, checkScheme: 'none', prefix: '', suffix: '', startNo: '1', endNo: '', alertThreshold: '0' })}
      save={(values) => addSegment(body(values))}
    >
      <SegmentFields />
    </RecordFormDialog>
  );
}

function SegmentFields() {
  const { t } = useTranslation('carrierSegment');
  const { formState, control, getValues, trigger } = useFormContext<Values>();
  const channels = useChannelOptions();
  const [scheme, prefix, suffix, startNo, endNo] = useWatch({ control, name: ['checkScheme', 'prefix', 'suffix', 'startNo', 'endNo'] });

  const channelChoices = (channels.data ?? []).map((channel) => ({ value: channel.id, label: channelLabel(channel) }));
  const current = schemeOf(scheme);
  const max = segmentMaxSerial(current);
  const start = INTEGER.test(startNo.trim()) ? Number(startNo) : undefined;
  const end = INTEGER.test(endNo.trim()) ? Number(endNo) : undefined;
  const previewable = start !== undefined && end !== undefined && end >= start && end <= max && affixesFit(current, prefix, suffix);

  const affix = (which: 'prefix' | 'suffix') => ({
    validate: (v: string) => {
      return segmentAffixIssue(schemeOf(getValues('checkScheme')), which, v, currentLanguage()) ?? true;
    },
  });
  const serialMax = () => segmentMaxSerial(schemeOf(getValues('checkScheme')));
  const serial = { inputMode: 'numeric', fontFamily: 'mono', autoComplete: 'off' } as const;
  const code = { fontFamily: 'mono', textTransform: 'uppercase', autoComplete: 'off', spellCheck: false, maxLength: 20 } as const;

  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <SelectField<Values> name="channelId" label={t('field.channel')} required testId="segment-channel" rules={{ validate: requiredText(t('form.channelRequired')) }}
          options={channelChoices} placeholder={t('form.channelPlaceholder')} emptySelectable={false} loading={channels.isPending} />
        <SelectField<Values> name="checkScheme" label={t('field.checkScheme')} required testId="segment-scheme"
          options={CHECK_SCHEMES.map((value) => ({ value, label: t(`scheme.${value}`) }))}
          onValueChange={() => {
            // The prefix, suffix and serial limits depend on the scheme.
            const touched = (['prefix', 'suffix', 'startNo', 'endNo'] as const).filter((name) => formState.touchedFields[name] || getValues(name) !== '');
            if (touched.length > 0) void trigger(touched);
          }}
        />
      </SimpleGrid>
      {current === 's10' || current === 'ups' ? (
        <Alert.Root status="info" size="sm" data-testid="segment-scheme-hint">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t(`hint.${current}Title`)}</Alert.Title>
            <Alert.Description>{t(`hint.${current}`)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField<Values> name="prefix" label={t('field.prefix')} helper={current === 's10' ? t('form.s10PrefixHint') : current === 'ups' ? t('form.upsPrefixHint') : undefined}
          placeholder={current === 's10' ? 'AA' : current === 'ups' ? '1Z999AA101' : undefined} testId="segment-prefix" rules={affix('prefix')} {...code} />
        <TextField<Values> name="suffix" label={t('field.suffix')} helper={current === 's10' ? t('form.s10SuffixHint') : current === 'ups' ? t('form.upsSuffixHint') : undefined}
          placeholder={current === 's10' ? 'GB' : undefined} testId="segment-suffix" rules={affix('suffix')} {...code} />
        <TextField<Values> name="startNo" label={t('field.startNo')} required testId="segment-start"
          rules={{
            validate: (v) => (INTEGER.test(v.trim()) ? (Number(v) <= serialMax() ? true : t('form.serialMax', { max: serialMax() })) : t('form.integer')),
            deps: ['endNo'],
          }}
          {...serial} />
        <TextField<Values> name="endNo" label={t('field.endNo')} required helper={t('form.serialMax', { max })} testId="segment-end"
          rules={{
            validate: (v) => {
              const text = v.trim();
              if (!INTEGER.test(text)) return t('form.integer');
              const limit = serialMax();
              if (Number(text) > limit) return t('form.serialMax', { max: limit });
              const first = getValues('startNo').trim();
              return INTEGER.test(first) && Number(first) > Number(text) ? t('form.endBeforeStart') : true;
            },
          }}
          {...serial} />
        <TextField<Values> name="alertThreshold" label={t('field.alertThreshold')} helper={t('form.alertHint')} inputMode="numeric" autoComplete="off" testId="segment-alert"
          rules={{ validate: (v) => (v.trim() === '' || INTEGER.test(v.trim()) ? true : t('form.integer')) }} />
      </SimpleGrid>
      <Box borderWidth="1px" rounded="md" padding="3" bg="bg.subtle" data-testid="segment-preview">
        <Text textStyle="xs" color="fg.muted" marginBottom="1">
          {t('form.preview')}
        </Text>
        {previewable ? (
          <Stack gap="1">
            <Text fontFamily="mono" textStyle="sm" wordBreak="break-all">
              {segmentNumber(current, prefix, suffix, start, end)}
              {end > start ? ` … ${segmentNumber(current, prefix, suffix, end, end)}` : ''}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              {t('form.previewCount', { count: end - start + 1 })}
            </Text>
          </Stack>
        ) : (
          <Text textStyle="sm" color="fg.muted">
            {t('form.previewEmpty')}
          </Text>
        )}
      </Box>
    </>
  );
}
