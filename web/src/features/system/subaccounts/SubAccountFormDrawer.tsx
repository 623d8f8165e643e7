import { Alert, Button, CloseButton, Drawer, Field, Heading, Input, Portal, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { toaster } from '../../../components/ui/toaster';
import { message, validateEmail, validateNewPassword, validatePhone, validateRequired, validateUsername } from '../../../core';
import { useRevalidateOnLanguageChange } from '../../../hooks/useRevalidateOnLanguageChange';
import { currentLanguage } from '../../../i18n';
import { PermissionTree } from '../../../components/permission/PermissionTree';
import { useDuplicateCheck } from '../../../components/form/uniqueField';
import { addSubAccount, editSubAccount, fetchSubPermissionTree, type SubAccountRecord } from './api';

interface Values {
  username: string;
  realname: string;
  password: string;
  confirmpassword: string;
  phone: string;
  email: string;
}

const EMPTY: Values = { username: '', realname: '', password: '', confirmpassword: '', phone: '', email: '' };
const FIELDS = Object.keys(EMPTY) as (keyof Values)[];
const isField = (field: unknown): field is keyof Values => FIELDS.includes(field as keyof Values);
const lang = () => currentLanguage();
const optional = (check: (value: string) => string | undefined) => (value: string) => (value.trim() === '' ? true : (check(value.trim()) ?? true));
const passwordRule = (field: 'password' | 'confirmpassword') => (_: string, values: Values) => {
  const error = validateNewPassword(values.password, values.confirmpassword, lang());
  return error?.field === field ? error.message : true;
};

export interface SubAccountFormDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The sub-account to edit; `undefined` adds one. */
  account?: SubAccountRecord;
  onSaved: () => void;
}

/** Add or edit a sub-account with the permissions it gets (a subset of the main account's). */
export function SubAccountFormDrawer({ open, onOpenChange, account, onSaved }: SubAccountFormDrawerProps) {
  const { t } = useTranslation('subAccount');
  const editing = account !== undefined;
  const form = useForm<Values>({ defaultValues: EMPTY, mode: 'onChange' });
  const { register, handleSubmit, formState, setError, reset, trigger } = form;
  useRevalidateOnLanguageChange(form);
  const usernameUnique = useDuplicateCheck('sys_user', 'username', account?.id);
  const phoneUnique = useDuplicateCheck('sys_user', 'phone', account?.id);
  const emailUnique = useDuplicateCheck('sys_user', 'email', account?.id);

  const tree = useQuery({
    queryKey: ['subAccount', 'permissionTree', account?.id ?? null],
    queryFn: () => fetchSubPermissionTree(account?.id),
    enabled: open,
    staleTime: 0,
  });
  // The user's changes over the loaded grant.
  const [edits, setEdits] = useState<{ source: unknown; ids: string[] }>();
  const checked = edits && edits.source === tree.data ? edits.ids : (tree.data?.checked ?? []);

  useEffect(() => {
    if (!open) return;
    reset(account ? { ...EMPTY, username: account.username, realname: account.realname ?? '', phone: account.phone ?? '', email: account.email ?? '' } : EMPTY);
  }, [open, account, reset]);

  const change = (next: boolean) => {
    if (!next) setEdits(undefined);
    onOpenChange(next);
  };

  const rules = {
    username: {
      format: (value: string) => validateRequired(value.trim(), message('field_username', lang()), lang()) ?? validateUsername(value.trim(), lang()) ?? true,
      unique: usernameUnique,
    },
    realname: (value: string) => validateRequired(value.trim(), message('field_realname', lang()), lang()) ?? true,
    phone: { format: optional((value) => validatePhone(value, lang())), unique: phoneUnique },
    email: { format: optional((value) => validateEmail(value, lang())), unique: emailUnique },
  };

  const submit = handleSubmit(async (values) => {
    const common = { realname: values.realname.trim(), phone: values.phone.trim(), email: values.email.trim() };
    try {
      const envelope = account
        ? await editSubAccount({ ...common, id: account.id, ...(tree.isSuccess ? { permissionIds: checked.join(',') } : {}) })
        : await addSubAccount({ ...common, username: values.username.trim(), password: values.password, permissionIds: checked.join(',') });
      toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
      onSaved();
      change(false);
    } catch (failure) {
      const field = failure instanceof ApiError ? (failure.envelope?.result as { field?: unknown } | null)?.field : undefined;
      const text = failure instanceof Error ? failure.message : String(failure);
      if (isField(field)) setError(field, { message: text });
      else setError('root', { message: text });
    }
  });

  const field = (name: keyof Values, label: string, control: ReactNode, options: { required?: boolean; helper?: string } = {}) => (
    <Field.Root invalid={!!formState.errors[name]} required={options.required}>
      <Field.Label>
        {label}
        {options.required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {control}
      {options.helper && !formState.errors[name] ? <Field.HelperText>{options.helper}</Field.HelperText> : null}
      <Field.ErrorText>{formState.errors[name]?.message}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Drawer.Root open={open} onOpenChange={(details) => change(details.open)} size={{ base: 'full', md: 'lg' }} placement="end" lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="sub-account-drawer">
            <form noValidate onSubmit={(event) => void submit(event)} style={{ display: 'contents' }}>
              <Drawer.Header borderBottomWidth="1px">
                <Drawer.Title>{editing ? t('drawer.editTitle') : t('drawer.addTitle')}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <Stack gap="6" paddingY="2">
                  <ErrorAlert message={formState.errors.root?.message} testId="sub-account-form-error" />
                  <Stack gap="4">
                    <Heading size="sm">{t('section.account')}</Heading>
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                      {field(
                        'username',
                        t('field.username'),
                        <Input autoComplete="off" readOnly={editing} placeholder={t('placeholder.username')} data-testid="sub-username" {...register('username', editing ? {} : { validate: rules.username })} />,
                        { required: !editing, helper: editing ? t('hint.username') : undefined },
                      )}
                      {field(
                        'realname',
                        t('field.realname'),
                        <Input placeholder={t('placeholder.realname')} data-testid="sub-realname" {...register('realname', { validate: rules.realname })} />,
                        { required: true },
                      )}
                      {editing ? null : (
                        <>
                          {field(
                            'password',
                            t('field.password'),
                            <Input
                              type="password"
                              autoComplete="new-password"
                              placeholder={t('placeholder.password')}
                              data-testid="sub-password"
                              {...register('password', {
                                validate: passwordRule('password'),
                                onChange: () => {
                                  if (formState.touchedFields.confirmpassword) void trigger('confirmpassword');
                                },
                              })}
                            />,
                            { required: true },
                          )}
                          {field(
                            'confirmpassword',
                            t('field.confirmpassword'),
                            <Input
                              type="password"
                              autoComplete="new-password"
                              placeholder={t('placeholder.confirmpassword')}
                              data-testid="sub-confirmpassword"
                              {...register('confirmpassword', { validate: passwordRule('confirmpassword') })}
                            />,
                            { required: true },
                          )}
                        </>
                      )}
                      {field('phone', t('field.phone'), <Input type="tel" inputMode="tel" placeholder={t('placeholder.phone')} {...register('phone', { validate: rules.phone })} />)}
                      {field('email', t('field.email'), <Input type="email" placeholder={t('placeholder.email')} {...register('email', { validate: rules.email })} />)}
                    </SimpleGrid>
                  </Stack>
                  <Stack gap="3">
                    <Heading size="sm">{t('section.permissions')}</Heading>
                    <Text textStyle="sm" color="fg.muted">
                      {t('hint.permissions')}
                    </Text>
                    {tree.isError ? (
                      <Alert.Root status="warning" size="sm">
                        <Alert.Indicator />
                        <Alert.Title>{t('permissionsFailed')}</Alert.Title>
                      </Alert.Root>
                    ) : tree.isPending ? (
                      <Stack gap="2">
                        <Skeleton height="8" />
                        <Skeleton height="5" width="70%" />
                        <Skeleton height="5" width="60%" />
                      </Stack>
                    ) : (
                      <PermissionTree nodes={tree.data.treeList} checked={checked} onChange={(ids) => setEdits({ source: tree.data, ids })} maxHeight="50vh" testId="sub-permission-tree" />
                    )}
                  </Stack>
                </Stack>
              </Drawer.Body>
              <Drawer.Footer borderTopWidth="1px">
                <Button variant="outline" onClick={() => change(false)}>
                  {t('action.cancel', { ns: 'dataTable' })}
                </Button>
                <Button type="submit" loading={formState.isSubmitting} data-testid="sub-save">
                  {t('action.save', { ns: 'dataTable' })}
                </Button>
              </Drawer.Footer>
            </form>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
