import { Button, CloseButton, Dialog, Field, Input, Portal, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { toaster } from '../../../components/ui/toaster';
import { checkRule } from '../../../core';
import { useRevalidateOnLanguageChange } from '../../../hooks/useRevalidateOnLanguageChange';
import { currentLanguage } from '../../../i18n';
import { useDuplicateCheck, useRuleCheck } from '../../../components/form/uniqueField';
import { addDepartRole, editDepartRole, type DepartRole } from './api';

interface Values {
  roleName: string;
  roleCode: string;
  description: string;
}

interface DepartRoleFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  departId: string;
  role: DepartRole | undefined;
  onSaved: () => void;
}

/** Add or edit a department role (code: `role_code` rule, unique within the tenant). */
export function DepartRoleFormDialog({ open, onOpenChange, departId, role, onSaved }: DepartRoleFormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="center" size={{ base: 'full', sm: 'md' }} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="depart-role-form">
            <RoleForm departId={departId} role={role} onSaved={onSaved} onClose={() => onOpenChange(false)} />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function RoleForm({ departId, role, onSaved, onClose }: Omit<DepartRoleFormDialogProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const { t } = useTranslation('sysDepart');
  const form = useForm<Values>({
    mode: 'onTouched',
    defaultValues: { roleName: role?.roleName ?? '', roleCode: role?.roleCode ?? '', description: role?.description ?? '' },
  });
  const { register, handleSubmit, formState } = form;
  const [serverError, setServerError] = useState<string>();
  const codeUnique = useDuplicateCheck('sys_depart_role', 'role_code', role?.id);
  const codeRule = useRuleCheck('role_code');
  useRevalidateOnLanguageChange(form);

  const submit = handleSubmit(async (values) => {
    setServerError(undefined);
    const body = { departId, roleName: values.roleName.trim(), roleCode: values.roleCode.trim(), description: values.description.trim() || null };
    try {
      const envelope = role ? await editDepartRole({ ...body, id: role.id }) : await addDepartRole(body);
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
        <Dialog.Title>{role ? t('role.editTitle') : t('role.addTitle')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <ErrorAlert message={serverError} testId="depart-role-form-error" />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Field.Root invalid={!!err.roleName} required>
              <Field.Label>
                {t('role.roleName')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input size="sm" data-testid="depart-role-name" {...register('roleName', { validate: (v) => (v.trim() ? true : t('role.roleNameRequired')) })} />
              <Field.ErrorText>{err.roleName?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!err.roleCode} required>
              <Field.Label>
                {t('role.roleCode')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                size="sm"
                fontFamily="mono"
                autoComplete="off"
                data-testid="depart-role-code"
                {...register('roleCode', {
                  validate: {
                    required: (v) => (v.trim() ? true : t('role.roleCodeRequired')),
                    rule: (v) => checkRule('role_code', v.trim(), currentLanguage()) ?? true,
                    ruleServer: codeRule,
                    unique: codeUnique,
                  },
                })}
              />
              <Field.ErrorText>{err.roleCode?.message}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
          <Field.Root>
            <Field.Label>{t('role.description')}</Field.Label>
            <Textarea size="sm" rows={3} autoresize data-testid="depart-role-description" {...register('description')} />
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" size="sm">
            {t('action.cancel', { ns: 'dataTable' })}
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" size="sm" loading={formState.isSubmitting} data-testid="depart-role-form-submit">
          {t('action.save', { ns: 'dataTable' })}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
