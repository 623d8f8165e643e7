/** Pieces shared by the password and phone sign-in forms. */
import { Button, HStack, Link } from '@chakra-ui/react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../../app/navigation';
import { Checkbox } from './LightCheckbox';

export function RememberAndForgot({
  checked,
  onCheckedChange,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('user');
  return (
    <HStack justify="space-between" w="full">
      <Checkbox.Root size="sm" checked={checked} onCheckedChange={(details) => onCheckedChange(details.checked)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label fontWeight="normal">{t('login.rememberMe')}</Checkbox.Label>
      </Checkbox.Root>
      <Link asChild fontSize="sm" color="colorPalette.fg">
        <PageLink to="/user/alteration">{t('login.forgotPassword')}</PageLink>
      </Link>
    </HStack>
  );
}

export function SubmitButton({ loading }: { loading: boolean }) {
  const { t } = useTranslation('user');
  return (
    <Button type="submit" size="lg" w="full" loading={loading} loadingText={t('login.submitting')} data-testid="login-submit">
      {t('login.submit')}
    </Button>
  );
}

export function LoginError({ message }: { message: string | undefined }) {
  const { t } = useTranslation('user');
  return <ErrorAlert message={message} title={t('login.failed')} testId="login-error" />;
}
