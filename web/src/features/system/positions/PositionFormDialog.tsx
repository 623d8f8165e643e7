import { Button, CloseButton, Dialog, Field, Input, NativeSelect, Portal, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { toaster } from '../../../components/ui/toaster';
import { checkRule } from '../../../core';
import { useRevalidateOnLanguageChange } from '../../../hooks/useRevalidateOnLanguageChange';
import { currentLanguage } from '../../../i18n';
import { useDuplicateCheck, useRuleCheck } from '../components/UniqueField';
import { addPosition, editPosition, POST_RANKS, type PositionRecord } from './api';

interface Values {
  code: string;
  name: string;
  nameEn: string;
  postRank: string;
}

const defaults = (record: PositionRecord | undefined): Values => ({
  code: record?.code ?? '',
  name: record?.name ?? '',
  nameEn: record?.nameEn ?? '',
  postRank: record?.postRank || POST_RANKS[0],
});

interface PositionFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The position to edit; a new one when undefined. */
  record: PositionRecord | undefined;
  onSaved: () => void;
}

/** Add or edit a position: the code follows the `position_code` rule and is unique in the tenant. */
export function PositionFormDialog({ open, onOpenChange, record, onSaved }: PositionFormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="center" size={{ base: 'full', sm: 'md' }} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="position-form">
            <PositionForm record={record} onSaved={onSaved} onClose={() => onOpenChange(false)} />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function PositionForm({ record, onSaved, onClose }: { record: PositionRecord | undefined; onSaved: () => void; onClose: () => void }) {
  const { t } = useTranslation('sysPosition');
  const form = useForm<Values>({ mode: 'onTouched', defaultValues: defaults(record) });
  const { register, handleSubmit, formState } = form;
  const [serverError, setServerError] = useState<string>();
  const codeUnique = useDuplicateCheck('sys_position', 'code', record?.id);
  const codeRule = useRuleCheck('position_code');
  useRevalidateOnLanguageChange(form);

  const submit = handleSubmit(async (values) => {
    setServerError(undefined);
    const body = { code: values.code.trim(), name: values.name.trim(), nameEn: values.nameEn.trim() || null, postRank: values.postRank };
    try {
      const envelope = record ? await editPosition({ ...body, id: record.id }) : await addPosition(body);
      toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
      onSaved();
      onClose();
    } catch (failure) {
      setServerError(failure instanceof Error ? failure.message : String(failure));
    }
  });

  const err = formState.errors;

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Dialog.Header>
        <Dialog.Title>{record ? t('form.editTitle', { name: record.name }) : t('form.addTitle')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <ErrorAlert message={serverError} testId="position-form-error" />
          <Field.Root invalid={!!err.code} required>
            <Field.Label>
              {t('field.code')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              size="sm"
              fontFamily="mono"
              autoComplete="off"
              data-testid="position-code"
              {...register('code', {
                validate: {
                  required: (v) => (v.trim() ? true : t('form.codeRequired')),
                  rule: (v) => checkRule('position_code', v.trim(), currentLanguage()) ?? true,
                  ruleServer: codeRule,
                  unique: codeUnique,
                },
              })}
            />
            <Field.ErrorText>{err.code?.message}</Field.ErrorText>
          </Field.Root>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Field.Root invalid={!!err.name} required>
              <Field.Label>
                {t('field.name')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input size="sm" data-testid="position-name" {...register('name', { validate: (v) => (v.trim() ? true : t('form.nameRequired')) })} />
              <Field.ErrorText>{err.name?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('field.nameEn')}</Field.Label>
              <Input size="sm" data-testid="position-name-en" {...register('nameEn')} />
            </Field.Root>
          </SimpleGrid>
          <Field.Root required>
            <Field.Label>
              {t('field.postRank')}
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field data-testid="position-rank" {...register('postRank')}>
                {POST_RANKS.map((rank) => (
                  <option key={rank} value={rank}>
                    {t(`rank.${rank}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" size="sm">
            {t('action.cancel', { ns: 'dataTable' })}
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" size="sm" loading={formState.isSubmitting} data-testid="position-form-submit">
          {t('action.save', { ns: 'dataTable' })}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
