import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PasswordFields } from '../../../components/form/PasswordFields';
import { RecordFormDialog, useKeptWhileClosing } from '../../../components/form/RecordFormDialog';
import { resetPassword, type UserRecord } from './api';

interface Values {
  password: string;
  confirmpassword: string;
}

const FIELDS: (keyof Values)[] = ['password', 'confirmpassword'];

/** An administrator sets a user's password (`PUT /sys/user/changePassword`; ends the user's sessions). */
export function ResetPasswordDialog({ user: next, onClose }: { user: UserRecord | undefined; onClose: () => void }) {
  const { t } = useTranslation('sysUser');
  const user = useKeptWhileClosing(next);
  return (
    <RecordFormDialog<Values>
      testId="reset-password-dialog" errorTestId="reset-password-error" submitTestId="reset-password-submit" size="md" fieldSize="md" mode="onSubmit" serverFields={FIELDS}
      open={next !== undefined}
      onOpenChange={(open) => (open ? undefined : onClose())}
      contentProps={{ mx: '4' }}
      title={t('resetPassword.title')}
      submitLabel={t('confirm.ok', { ns: 'dataTable' })}
      defaultValues={() => ({ password: '', confirmpassword: '' })}
      save={(values) => resetPassword({ username: user?.username ?? '', ...values })}
    >
      <Text color="fg.muted" textStyle="sm">
        {t('resetPassword.description', { username: user?.username ?? '' })}
      </Text>
      <PasswordFields<Values> password={{ label: t('field.password'), placeholder: t('placeholder.password'), testId: 'reset-password', errorTestId: 'reset-password-field-error' }}
        confirm={{ label: t('field.confirmpassword'), placeholder: t('placeholder.confirmpassword'), testId: 'reset-confirmpassword' }} />
    </RecordFormDialog>
  );
}
