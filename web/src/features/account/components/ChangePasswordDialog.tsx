import { Alert, Button, CloseButton, Dialog, Field, Input, Portal, Stack } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, errorKey } from '../../../api/client';
import { toaster } from '../../../components/ui/toaster';
import { message, validateNewPassword, validatePasswordChange, type PasswordField } from '../../../core';
import { useRevalidateOnLanguageChange } from '../../../hooks/useRevalidateOnLanguageChange';
import { currentLanguage } from '../../../i18n';
import { getUserInfo } from '../../../lib/session';
import { updatePassword } from '../api/account';

type Values = Record<PasswordField, string>;

const FIELDS: PasswordField[] = ['oldpassword', 'password', 'confirmpassword'];
const isField = (field: unknown): field is PasswordField => FIELDS.includes(field as PasswordField);

/** Each field shows the core's message when the core blames that field. */
const rules = {
  oldpassword: (_: string, v: Values) => {
    const error = validatePasswordChange(v.oldpassword, v.password, v.confirmpassword, currentLanguage());
    return error?.field === 'oldpassword' ? error.message : true;
  },
  password: (_: string, v: Values) => {
    const error = validateNewPassword(v.password, v.confirmpassword, currentLanguage());
    return error?.field === 'password' ? error.message : true;
  },
  confirmpassword: (_: string, v: Values) => {
    const error = validateNewPassword(v.password, v.confirmpassword, currentLanguage());
    return error?.field === 'confirmpassword' ? error.message : true;
  },
};

/**
 * The change-password modal (800 px, spec sections 2 and 5): old, new and confirmation checked by
 * the core; on success the server's message is shown and the session stays.
 */
export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('account');
  const form = useForm<Values>({ defaultValues: { oldpassword: '', password: '', confirmpassword: '' } });
  const { register, handleSubmit, formState, setError, reset } = form;

  useEffect(() => {
    if (!open) reset();
  }, [open, reset]);

  useRevalidateOnLanguageChange(form);

  const submit = handleSubmit(async (values) => {
    const user = getUserInfo();
    if (!user) {
      setError('root', { message: message('no_login_user', currentLanguage()) });
      return;
    }
    try {
      const envelope = await updatePassword({ username: user.username, ...values });
      toaster.create({ type: 'success', title: envelope.message, duration: 4000 });
      onOpenChange(false);
    } catch (failure) {
      const field = failure instanceof ApiError ? (failure.envelope?.result as { field?: unknown } | null)?.field : undefined;
      const text = failure instanceof Error ? failure.message : String(failure);
      if (isField(field)) setError(field, { message: text });
      else if (failure instanceof ApiError && errorKey(failure.envelope) === 'token_expired') onOpenChange(false);
      else setError('root', { message: text });
    }
  });

  const passwordField = (name: PasswordField, label: string, placeholder: string, autoComplete: string) => (
    <Field.Root invalid={!!formState.errors[name]} required>
      <Field.Label>{label}</Field.Label>
      <Input type="password" autoComplete={autoComplete} placeholder={placeholder} data-testid={`password-${name}`} {...register(name, { validate: rules[name] })} />
      <Field.ErrorText>{formState.errors[name]?.message}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="center" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="800px" mx="4" data-testid="change-password-dialog">
            <form noValidate onSubmit={(event) => void submit(event)}>
              <Dialog.Header>
                <Dialog.Title>{t('password.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="5">
                  {formState.errors.root?.message ? (
                    <Alert.Root status="warning" size="sm" data-testid="change-password-error">
                      <Alert.Indicator />
                      <Alert.Title>{formState.errors.root.message}</Alert.Title>
                    </Alert.Root>
                  ) : null}
                  {passwordField('oldpassword', t('password.old'), t('password.oldPlaceholder'), 'current-password')}
                  {passwordField('password', t('password.new'), t('password.newPlaceholder'), 'new-password')}
                  {passwordField('confirmpassword', t('password.confirm'), t('password.confirmPlaceholder'), 'new-password')}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">{t('action.cancel', { ns: 'common' })}</Button>
                </Dialog.ActionTrigger>
                <Button type="submit" loading={formState.isSubmitting} data-testid="change-password-submit">
                  {t('action.confirm', { ns: 'common' })}
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
