import { useTranslation } from 'react-i18next';
import { ApiError, errorKey } from '../../../api/client';
import { TextField } from '../../../components/form/fields';
import { PasswordFields } from '../../../components/form/PasswordFields';
import { RecordFormDialog, type FormOpenProps } from '../../../components/form/RecordFormDialog';
import { message, validatePasswordChange, type PasswordField } from '../../../core';
import { currentLanguage } from '../../../i18n';
import { getUserInfo } from '../../../lib/session';
import { updatePassword } from '../api/account';

type Values = Record<PasswordField, string>;

const FIELDS: PasswordField[] = ['oldpassword', 'password', 'confirmpassword'];

/** The old password: the core's message when the core blames it. */
const oldPasswordRule = (_: string, v: Values) => {
  const error = validatePasswordChange(v.oldpassword, v.password, v.confirmpassword, currentLanguage());
  return error?.field === 'oldpassword' ? error.message : true;
};

/**
 * The change-password modal (800 px, spec sections 2 and 5): old, new and confirmation checked by
 * the core; on success the server's message is shown and the session stays.
 */
export function ChangePasswordDialog({ open, onOpenChange }: FormOpenProps) {
  const { t } = useTranslation('account');
  const save = async (values: Values) => {
    const user = getUserInfo();
    if (!user) throw new Error(message('no_login_user', currentLanguage()));
    try {
      return await updatePassword({ username: user.username, ...values });
    } catch (failure) {
      // The session ended meanwhile: its own notice takes over.
      if (failure instanceof ApiError && errorKey(failure.envelope) === 'token_expired') onOpenChange(false);
      throw failure;
    }
  };
  return (
    <RecordFormDialog<Values>
      open={open} onOpenChange={onOpenChange} testId="change-password-dialog" errorTestId="change-password-error" submitTestId="change-password-submit" size="md" fieldSize="md"
      mode="onSubmit" gap="5" serverFields={FIELDS}
      contentProps={{ maxW: '800px', mx: '4' }}
      title={t('password.title')}
      cancelLabel={t('action.cancel', { ns: 'common' })}
      submitLabel={t('action.confirm', { ns: 'common' })}
      defaultValues={() => ({ oldpassword: '', password: '', confirmpassword: '' })}
      save={save}
    >
      <TextField<Values> name="oldpassword" label={t('password.old')} required type="password" autoComplete="current-password" placeholder={t('password.oldPlaceholder')}
        testId="password-oldpassword" rules={{ validate: oldPasswordRule }} />
      <PasswordFields<Values> password={{ label: t('password.new'), placeholder: t('password.newPlaceholder'), testId: 'password-password' }}
        confirm={{ label: t('password.confirm'), placeholder: t('password.confirmPlaceholder'), testId: 'password-confirmpassword' }} />
    </RecordFormDialog>
  );
}
