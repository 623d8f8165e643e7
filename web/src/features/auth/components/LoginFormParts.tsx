/** Pieces shared by the password and phone sign-in forms (the password toggle also by registration). */
import { Button, HStack, IconButton, InputGroup, Link, type InputElementProps } from '@chakra-ui/react';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../../app/navigation';
import { EyeIcon, EyeOffIcon } from '../../../components/icons';
import { Checkbox } from './LightCheckbox';
import { Field } from './LightField';

/**
 * A sign-in field: its label for screen readers only, the input (`children`) with an icon before
 * it and maybe a button after it (`endElement`) or beside it (`aside`), and its error under it.
 */
export function LoginField({
  label,
  error,
  icon: Icon,
  endElement,
  aside,
  children,
}: {
  label: string;
  error: string | undefined;
  icon: ComponentType<{ boxSize?: string; color?: string }>;
  endElement?: ReactNode;
  aside?: ReactNode;
  /** The input. */
  children: ReactElement<InputElementProps>;
}) {
  const input = (
    <InputGroup flex={aside ? '1' : undefined} startElement={<Icon boxSize="4" color="fg.muted" />} endElement={endElement}>
      {children}
    </InputGroup>
  );
  return (
    <Field.Root invalid={!!error}>
      <Field.Label srOnly>{label}</Field.Label>
      {aside ? (
        <HStack w="full" gap="3" align="start">
          {input}
          {aside}
        </HStack>
      ) : (
        input
      )}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** The eye button at the end of a password input: shows or hides what was typed. */
export function PasswordToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const { t } = useTranslation('user');
  return (
    <IconButton variant="ghost" colorPalette="gray" size="sm" me="-2" aria-label={shown ? t('login.hidePassword') : t('login.showPassword')} onClick={onToggle}>
      {shown ? <EyeOffIcon /> : <EyeIcon />}
    </IconButton>
  );
}

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
