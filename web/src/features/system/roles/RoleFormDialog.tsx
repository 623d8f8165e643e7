import { Button, CloseButton, Dialog, Field, Input, Portal, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { toaster } from '../../../components/ui/toaster';
import { validateRequired } from '../../../core';
import { useRevalidateOnLanguageChange } from '../../../hooks/useRevalidateOnLanguageChange';
import { currentLanguage } from '../../../i18n';
import { useDuplicateCheck, useRuleCheck } from '../../../components/form/uniqueField';
import { addRole, editRole, type RoleRecord } from './api';

interface Values {
  roleCode: string;
  roleName: string;
  roleNameEn: string;
  description: string;
}

const EMPTY: Values = { roleCode: '', roleName: '', roleNameEn: '', description: '' };
const FIELDS = Object.keys(EMPTY) as (keyof Values)[];
const required = (label: string) => (value: string) => validateRequired(value.trim(), label, currentLanguage()) ?? true;
const isField = (field: unknown): field is keyof Values => FIELDS.includes(field as keyof Values);

export interface RoleFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The role to edit; `undefined` adds one. */
  role?: RoleRecord;
  onSaved: () => void;
}

/** Add or edit a role: the code follows the `role_code` rule and is unique in the tenant. */
export function RoleFormDialog({ open, onOpenChange, role, onSaved }: RoleFormDialogProps) {
  const { t } = useTranslation('sysRole');
  const editing = role !== undefined;
  const form = useForm<Values>({ defaultValues: EMPTY, mode: 'onChange' });
  const { register, handleSubmit, formState, setError, reset } = form;
  useRevalidateOnLanguageChange(form);
  const codeRule = useRuleCheck('role_code');
  const codeUnique = useDuplicateCheck('sys_role', 'role_code', role?.id);

  useEffect(() => {
    if (!open) return;
    reset(
      role
        ? { roleCode: role.roleCode, roleName: role.roleName ?? '', roleNameEn: role.roleNameEn ?? '', description: role.description ?? '' }
        : EMPTY,
    );
  }, [open, role, reset]);

  const submit = handleSubmit(async (values) => {
    const body = {
      roleCode: values.roleCode.trim(),
      roleName: values.roleName.trim(),
      roleNameEn: values.roleNameEn.trim(),
      description: values.description.trim(),
    };
    try {
      const envelope = editing ? await editRole({ ...body, id: role.id }) : await addRole(body);
      toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
      onSaved();
      onOpenChange(false);
    } catch (failure) {
      const field = failure instanceof ApiError ? (failure.envelope?.result as { field?: unknown } | null)?.field : undefined;
      const text = failure instanceof Error ? failure.message : String(failure);
      if (isField(field)) setError(field, { message: text });
      else setError('root', { message: text });
    }
  });

  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="center" size={{ base: 'full', md: 'lg' }} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="role-dialog">
            <form noValidate onSubmit={(event) => void submit(event)}>
              <Dialog.Header>
                <Dialog.Title>{editing ? t('dialog.editTitle') : t('dialog.addTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <ErrorAlert message={formState.errors.root?.message} testId="role-form-error" />
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    <Field.Root invalid={!!formState.errors.roleCode} required={!editing}>
                      <Field.Label>
                        {t('field.roleCode')}
                        {editing ? null : <Field.RequiredIndicator />}
                      </Field.Label>
                      <Input
                        autoComplete="off"
                        readOnly={editing}
                        placeholder={t('placeholder.roleCode')}
                        data-testid="role-code"
                        {...register(
                          'roleCode',
                          editing ? {} : { validate: { required: required(t('field.roleCode')), rule: codeRule, unique: codeUnique } },
                        )}
                      />
                      {editing ? <Field.HelperText>{t('hint.roleCode')}</Field.HelperText> : null}
                      <Field.ErrorText>{formState.errors.roleCode?.message}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={!!formState.errors.roleName} required>
                      <Field.Label>
                        {t('field.roleName')}
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <Input placeholder={t('placeholder.roleName')} data-testid="role-name" {...register('roleName', { validate: required(t('field.roleName')) })} />
                      <Field.ErrorText>{formState.errors.roleName?.message}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={!!formState.errors.roleNameEn}>
                      <Field.Label>{t('field.roleNameEn')}</Field.Label>
                      <Input placeholder={t('placeholder.roleNameEn')} {...register('roleNameEn')} />
                      <Field.ErrorText>{formState.errors.roleNameEn?.message}</Field.ErrorText>
                    </Field.Root>
                  </SimpleGrid>
                  <Field.Root invalid={!!formState.errors.description}>
                    <Field.Label>{t('field.description')}</Field.Label>
                    <Textarea rows={3} placeholder={t('placeholder.description')} {...register('description')} />
                    <Field.ErrorText>{formState.errors.description?.message}</Field.ErrorText>
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">{t('action.cancel', { ns: 'dataTable' })}</Button>
                </Dialog.ActionTrigger>
                <Button type="submit" loading={formState.isSubmitting} data-testid="role-save">
                  {t('action.save')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
