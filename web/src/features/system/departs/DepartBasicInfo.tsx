import { Button, Flex, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../components/Authorized';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { toaster } from '../../../components/ui/toaster';
import { useButtonState } from '../../../hooks/useButtonState';
import { editDepart, type DepartNode } from './api';
import { DepartFields, departDefaults, toDepartInput, type DepartFormValues } from './DepartFields';

/**
 * The "Basic info" tab: the selected department's fields, saved with PUT /sys/sysDepart/edit.
 * Read-only for users without `system:depart:edit`. Mount it with `key={node.id}` so that another
 * department starts from its own values.
 */
export function DepartBasicInfo({ node, onSaved }: { node: DepartNode; onSaved: () => void }) {
  const { t } = useTranslation('sysDepart');
  const canEdit = useButtonState('system:depart:edit') === 'visible';
  const { register, handleSubmit, formState, reset } = useForm<DepartFormValues>({ mode: 'onTouched', defaultValues: departDefaults(node) });
  const [serverError, setServerError] = useState<string>();

  const submit = handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      const envelope = await editDepart({ ...toDepartInput(values), id: node.id, parentId: node.parentId ?? null });
      toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
      reset(values);
      onSaved();
    } catch (failure) {
      setServerError(failure instanceof Error ? failure.message : String(failure));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} data-testid="depart-basic">
      <Stack gap="4" maxWidth="3xl">
        <ErrorAlert message={serverError} testId="depart-basic-error" />
        <DepartFields register={register} errors={formState.errors} orgCode={node.orgCode ?? null} readOnly={!canEdit} />
        <Flex gap="2">
          <Authorized action="system:depart:edit">
            <Button type="submit" size="sm" loading={formState.isSubmitting} disabled={!formState.isDirty} data-testid="depart-basic-save">
              {t('action.save', { ns: 'dataTable' })}
            </Button>
          </Authorized>
          <Button type="button" size="sm" variant="outline" disabled={!formState.isDirty} onClick={() => reset(departDefaults(node))}>
            {t('search.reset', { ns: 'dataTable' })}
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
