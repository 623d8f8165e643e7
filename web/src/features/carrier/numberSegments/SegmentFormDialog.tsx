import { Alert, Box, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RecordFormDialog } from '../../../components/form/RecordFormDialog';
import { channelLabel, useChannelOptions } from '../channels/api';
import { FormField } from '../../../components/form/FormField';
import { OptionSelect } from '../../../components/form/OptionSelect';
import { addSegment, affixesFit, affixProblem, CHECK_SCHEMES, type CheckScheme, MAX_SERIAL, schemeOf, SEGMENT_LIST_PATH, segmentNumber } from './api';

interface Values {
  channelId: string;
  checkScheme: CheckScheme;
  prefix: string;
  suffix: string;
  startNo: string;
  endNo: string;
  alertThreshold: string;
}

const FIELDS: (keyof Values)[] = ['channelId', 'checkScheme', 'prefix', 'suffix', 'startNo', 'endNo', 'alertThreshold'];
const INTEGER = /^\d+$/;

interface SegmentFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The channel a new segment starts with (the list's channel filter). */
  channelId?: string;
  onSaved?: () => void;
}

/** Add a number segment to a channel (`POST /logistics/numberSegment/add`); segments are not edited. */
export function SegmentFormDialog({ open, onOpenChange, channelId = '', onSaved }: SegmentFormDialogProps) {
  const { t } = useTranslation('carrierSegment');
  const save = (values: Values) => {
    const body = {
      channelId: values.channelId,
      checkScheme: schemeOf(values.checkScheme),
      prefix: values.prefix.trim().toUpperCase(),
      suffix: values.suffix.trim().toUpperCase(),
      startNo: Number(values.startNo),
      endNo: Number(values.endNo),
      alertThreshold: Number(values.alertThreshold.trim() || '0'),
    };
    return addSegment(body);
  };
  return (
    <RecordFormDialog<Values>
      open={open}
      onOpenChange={onOpenChange}
      testId="segment-form"
      size={{ base: 'full', sm: 'lg' }}
      scrollBehavior="inside"
      title={t('form.addTitle')}
      defaultValues={() => ({ channelId, checkScheme: 'none', prefix: '', suffix: '', startNo: '1', endNo: '', alertThreshold: '0' })}
      save={save}
      listPath={SEGMENT_LIST_PATH}
      onSaved={onSaved}
      serverFields={FIELDS}
    >
      <SegmentFields />
    </RecordFormDialog>
  );
}

function SegmentFields() {
  const { t } = useTranslation('carrierSegment');
  const form = useFormContext<Values>();
  const { register, formState, control, getValues, trigger } = form;
  const channels = useChannelOptions();
  const [scheme, prefix, suffix, startNo, endNo] = useWatch({ control, name: ['checkScheme', 'prefix', 'suffix', 'startNo', 'endNo'] });

  const channelChoices = (channels.data ?? []).map((channel) => ({ value: channel.id, label: channelLabel(channel) }));
  const current = schemeOf(scheme);
  const max = MAX_SERIAL[current];
  const start = INTEGER.test(startNo.trim()) ? Number(startNo) : undefined;
  const end = INTEGER.test(endNo.trim()) ? Number(endNo) : undefined;
  const previewable = start !== undefined && end !== undefined && end >= start && end <= max && affixesFit(current, prefix, suffix);

  const err = formState.errors;
  const affix = (which: 'prefix' | 'suffix') =>
    register(which, {
      validate: (v) => {
        const problem = affixProblem(schemeOf(getValues('checkScheme')), which, v);
        return problem ? t(`form.${problem}`) : true;
      },
    });

  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label={t('field.channel')} required error={err.channelId?.message} testId="segment-channel">
          <Controller
            control={control}
            name="channelId"
            rules={{ validate: (v) => (v ? true : t('form.channelRequired')) }}
            render={({ field }) => (
              <OptionSelect
                ref={field.ref}
                name={field.name}
                value={field.value}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                onBlur={field.onBlur}
                options={channelChoices}
                placeholder={t('form.channelPlaceholder')}
                emptySelectable={false}
                loading={channels.isPending}
                invalid={!!err.channelId}
                data-testid="segment-channel"
              />
            )}
          />
        </FormField>
        <FormField label={t('field.checkScheme')} required error={err.checkScheme?.message}>
          <Controller
            control={control}
            name="checkScheme"
            render={({ field }) => (
              <OptionSelect
                ref={field.ref}
                name={field.name}
                value={field.value}
                onChange={(event) => {
                  field.onChange(event.currentTarget.value);
                  // The prefix, suffix and serial limits depend on the scheme.
                  const touched = (['prefix', 'suffix', 'startNo', 'endNo'] as const).filter((name) => formState.touchedFields[name] || getValues(name) !== '');
                  if (touched.length > 0) void trigger(touched);
                }}
                onBlur={field.onBlur}
                options={CHECK_SCHEMES.map((value) => ({ value, label: t(`scheme.${value}`) }))}
                data-testid="segment-scheme"
              />
            )}
          />
        </FormField>
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
        <FormField label={t('field.prefix')} error={err.prefix?.message} helper={current === 's10' ? t('form.s10PrefixHint') : current === 'ups' ? t('form.upsPrefixHint') : undefined} testId="segment-prefix">
          <Input size="sm" fontFamily="mono" textTransform="uppercase" autoComplete="off" spellCheck={false} maxLength={20} placeholder={current === 's10' ? 'AA' : current === 'ups' ? '1Z999AA101' : undefined} data-testid="segment-prefix" {...affix('prefix')} />
        </FormField>
        <FormField label={t('field.suffix')} error={err.suffix?.message} helper={current === 's10' ? t('form.s10SuffixHint') : current === 'ups' ? t('form.upsSuffixHint') : undefined} testId="segment-suffix">
          <Input size="sm" fontFamily="mono" textTransform="uppercase" autoComplete="off" spellCheck={false} maxLength={20} placeholder={current === 's10' ? 'GB' : undefined} data-testid="segment-suffix" {...affix('suffix')} />
        </FormField>
        <FormField label={t('field.startNo')} required error={err.startNo?.message} testId="segment-start">
          <Input
            size="sm"
            inputMode="numeric"
            fontFamily="mono"
            autoComplete="off"
            data-testid="segment-start"
            {...register('startNo', {
              validate: (v) => (INTEGER.test(v.trim()) ? (Number(v) <= MAX_SERIAL[schemeOf(getValues('checkScheme'))] ? true : t('form.serialMax', { max: MAX_SERIAL[schemeOf(getValues('checkScheme'))] })) : t('form.integer')),
              deps: ['endNo'],
            })}
          />
        </FormField>
        <FormField label={t('field.endNo')} required error={err.endNo?.message} helper={t('form.serialMax', { max })} testId="segment-end">
          <Input
            size="sm"
            inputMode="numeric"
            fontFamily="mono"
            autoComplete="off"
            data-testid="segment-end"
            {...register('endNo', {
              validate: (v) => {
                const text = v.trim();
                if (!INTEGER.test(text)) return t('form.integer');
                const limit = MAX_SERIAL[schemeOf(getValues('checkScheme'))];
                if (Number(text) > limit) return t('form.serialMax', { max: limit });
                const first = getValues('startNo').trim();
                return INTEGER.test(first) && Number(first) > Number(text) ? t('form.endBeforeStart') : true;
              },
            })}
          />
        </FormField>
        <FormField label={t('field.alertThreshold')} error={err.alertThreshold?.message} helper={t('form.alertHint')} testId="segment-alert">
          <Input size="sm" inputMode="numeric" autoComplete="off" data-testid="segment-alert" {...register('alertThreshold', { validate: (v) => (v.trim() === '' || INTEGER.test(v.trim()) ? true : t('form.integer')) })} />
        </FormField>
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
