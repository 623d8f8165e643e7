import { Button, CloseButton, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { toaster } from '../../../components/ui/toaster';
import { validateNewPassword } from '../../../core';
import { useRevalidateOnLanguageChange } from '../../../hooks/useRevalidateOnLanguageChange';
import { currentLanguage } from '../../../i18n';
import { resetPassword, type UserRecord } from './api';

interface Values {
  password: string;
  confirmpassword: string;
}

const rules = {
  password: (_: string, values: Values) => {
    const error = validateNewPassword(values.password, values.confirmpassword, currentLanguage());
    return error?.field === 'password' ? error.message : true;
  },
  confirmpassword: (_: string, values: Values) => {
    const error = validateNewPassword(values.password, values.confirmpassword, currentLanguage());
    return error?.field === 'confirmpassword' ? error.message : true;
  },
};

/** An administrator sets a user's password (`PUT /sys/user/changePassword`; ends the user's sessions). */
export function ResetPasswordDialog({ user, onClose }: { user: UserRecord | undefined; onClose: () => void }) {
  const { t } = useTranslation('sysUser');
  const form = useForm<Values>({ defaultValues: { password: '', confirmpassword: '' } });
  const { register, handleSubmit, formState, setError, reset } = form;
  useRevalidateOnLanguageChange(form);

  useEffect(() => {
    if (user) reset();
  }, [user, reset]);

  const submit = handleSubmit(async (values) => {
    if (!user) return;
    try {
      const envelope = await resetPassword({ username: user.username, ...values });
      toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
      onClose();
    } catch (failure) {
      const field = failure instanceof ApiError ? (failure.envelope?.result as { field?: unknown } | null)?.field : undefined;
      const text = failure instanceof Error ? failure.message : String(failure);
      if (field === 'password' || field === 'confirmpassword') setError(field, { message: text });
      else setError('root', { message: text });
    }
  });

  return (
    <Dialog.Root open={user !== undefined} onOpenChange={(details) => (details.open ? undefined : onClose())} placement="center" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid="reset-password-dialog">
            <form noValidate onSubmit={(event) => void submit(event)}>
              <Dialog.Header>
                <Dialog.Title>{t('resetPassword.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text color="fg.muted" textStyle="sm">
                    {t('resetPassword.description', { username: user?.username ?? '' })}
                  </Text>
                  <ErrorAlert message={formState.errors.root?.message} testId="reset-password-error" />
                  <Field.Root invalid={!!formState.errors.password} required>
                    <Field.Label>
                      {t('field.password')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input type="password" autoComplete="new-password" placeholder={t('placeholder.password')} data-testid="reset-password" {...register('password', { validate: rules.password })} />
                    <Field.ErrorText>{formState.errors.password?.message}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={!!formState.errors.confirmpassword} required>
                    <Field.Label>
                      {t('field.confirmpassword')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      type="password"
                      autoComplete="new-password"
                      placeholder={t('placeholder.confirmpassword')}
                      data-testid="reset-confirmpassword"
                      {...register('confirmpassword', { validate: rules.confirmpassword })}
                    />
                    <Field.ErrorText>{formState.errors.confirmpassword?.message}</Field.ErrorText>
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">{t('action.cancel', { ns: 'dataTable' })}</Button>
                </Dialog.ActionTrigger>
                <Button type="submit" loading={formState.isSubmitting} data-testid="reset-password-submit">
                  {t('confirm.ok', { ns: 'dataTable' })}
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
