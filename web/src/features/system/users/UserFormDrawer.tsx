import {
  Avatar,
  Button,
  CloseButton,
  Drawer,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { CloseIcon, UploadIcon } from '../../../components/icons';
import { toaster } from '../../../components/ui/toaster';
import { message, validateEmail, validateNewPassword, validatePhone, validateRequired, validateUsername } from '../../../core';
import { useRevalidateOnLanguageChange } from '../../../hooks/useRevalidateOnLanguageChange';
import { currentLanguage, useLanguage } from '../../../i18n';
import { avatarUrl } from '../../../lib/avatar';
import { OptionChecklist } from '../../../components/form/OptionChecklist';
import { useDuplicateCheck, useRuleCheck } from '../../../components/form/uniqueField';
import {
  addUser,
  editUser,
  fetchUserDeparts,
  fetchUserRoles,
  flattenDeparts,
  uploadAvatar,
  useAllRoles,
  useDepartTree,
  usePositions,
  type UserBody,
  type UserRecord,
} from './api';

interface Values {
  username: string;
  realname: string;
  password: string;
  confirmpassword: string;
  avatar: string;
  phone: string;
  email: string;
  sex: string;
  birthday: string;
  telephone: string;
  workNo: string;
  post: string;
  userKind: string;
  roles: string[];
  departs: string[];
}

const EMPTY: Values = {
  username: '',
  realname: '',
  password: '',
  confirmpassword: '',
  avatar: '',
  phone: '',
  email: '',
  sex: '',
  birthday: '',
  telephone: '',
  workNo: '',
  post: '',
  userKind: 'staff',
  roles: [],
  departs: [],
};

const FIELDS = Object.keys(EMPTY) as (keyof Values)[];
const isField = (field: unknown): field is keyof Values => FIELDS.includes(field as keyof Values);
const ACCEPTED_IMAGES = 'image/png,image/jpeg,image/gif,image/webp';
const lang = () => currentLanguage();
/** A rule for an optional field: empty passes. */
const optional = (check: (value: string) => string | undefined) => (value: string) => (value.trim() === '' ? true : (check(value.trim()) ?? true));
const splitList = (text: string | null | undefined) => (text ?? '').split(',').map((part) => part.trim()).filter(Boolean);

export interface UserFormDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The record to edit; `undefined` adds a user. */
  user?: UserRecord;
  /** After a successful save (the list refreshes). */
  onSaved: () => void;
}

/** Add or edit a user (contract "Users": `POST /sys/user/add`, `PUT /sys/user/edit`). */
export function UserFormDrawer({ open, onOpenChange, user, onSaved }: UserFormDrawerProps) {
  const { t } = useTranslation('sysUser');
  const language = useLanguage();
  const editing = user !== undefined;
  const form = useForm<Values>({ defaultValues: EMPTY, mode: 'onChange' });
  const { register, handleSubmit, formState, setError, reset, setValue, trigger } = form;
  useRevalidateOnLanguageChange(form);
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [avatarError, setAvatarError] = useState<string>();

  const roles = useAllRoles(open);
  const departs = useDepartTree();
  const positions = usePositions(open);
  const userRoles = useQuery({
    queryKey: ['system', 'users', user?.id, 'roles'],
    queryFn: () => fetchUserRoles(user?.id ?? ''),
    enabled: open && editing,
    staleTime: 0,
  });
  const userDeparts = useQuery({
    queryKey: ['system', 'users', user?.id, 'departs'],
    queryFn: () => fetchUserDeparts(user?.id ?? ''),
    enabled: open && editing,
    staleTime: 0,
  });

  const usernameUnique = useDuplicateCheck('sys_user', 'username', user?.id);
  const phoneUnique = useDuplicateCheck('sys_user', 'phone', user?.id);
  const emailUnique = useDuplicateCheck('sys_user', 'email', user?.id);
  const workNoUnique = useDuplicateCheck('sys_user', 'work_no', user?.id);
  const workNoRule = useRuleCheck('work_no');

  // Fill the form when it opens; the user's roles and departments follow when they arrive.
  useEffect(() => {
    if (!open) return;
    if (!user) {
      reset(EMPTY);
      return;
    }
    reset({
      ...EMPTY,
      username: user.username,
      realname: user.realname ?? '',
      avatar: user.avatar ?? '',
      phone: user.phone ?? '',
      email: user.email ?? '',
      sex: user.sex === 1 || user.sex === 2 ? String(user.sex) : '',
      birthday: user.birthday?.slice(0, 10) ?? '',
      telephone: user.telephone ?? '',
      workNo: user.workNo ?? '',
      post: splitList(user.post).join(','),
      userKind: user.userKind === 'admin' ? 'admin' : 'staff',
    });
  }, [open, user, reset]);

  useEffect(() => {
    if (open && userRoles.data) setValue('roles', userRoles.data);
  }, [open, userRoles.data, setValue]);

  useEffect(() => {
    if (open && userDeparts.data) setValue('departs', userDeparts.data);
  }, [open, userDeparts.data, setValue]);

  const [avatar, realname, username, post, selectedRoles, selectedDeparts] = useWatch({
    control: form.control,
    name: ['avatar', 'realname', 'username', 'post', 'roles', 'departs'],
  });

  const roleOptions = useMemo(
    () => (roles.data ?? []).map((role) => ({ value: role.id, label: role.roleName, hint: role.roleCode })),
    [roles.data],
  );
  const departOptions = useMemo(
    () => flattenDeparts(departs.data, language).map((depart) => ({ value: depart.id, label: depart.name, depth: depart.depth })),
    [departs.data, language],
  );
  const positionOptions = useMemo(
    () =>
      (positions.data ?? []).map((position) => ({
        value: position.code,
        label: language === 'en-US' ? position.nameEn || position.name : position.name,
        hint: position.code,
      })),
    [positions.data, language],
  );
  const kindEditable = !editing || user?.userKind === 'admin' || user?.userKind === 'staff' || !user?.userKind;

  const rules = {
    username: {
      format: (value: string) =>
        validateRequired(value.trim(), message('field_username', lang()), lang()) ?? validateUsername(value.trim(), lang()) ?? true,
      unique: usernameUnique,
    },
    realname: { required: (value: string) => validateRequired(value.trim(), message('field_realname', lang()), lang()) ?? true },
    password: {
      rule: (_: string, values: Values) => {
        const error = validateNewPassword(values.password, values.confirmpassword, lang());
        return error?.field === 'password' ? error.message : true;
      },
    },
    confirmpassword: {
      rule: (_: string, values: Values) => {
        const error = validateNewPassword(values.password, values.confirmpassword, lang());
        return error?.field === 'confirmpassword' ? error.message : true;
      },
    },
    phone: { format: optional((value) => validatePhone(value, lang())), unique: phoneUnique },
    email: { format: optional((value) => validateEmail(value, lang())), unique: emailUnique },
    workNo: { rule: workNoRule, unique: workNoUnique },
  };

  async function onFile(file: File | undefined) {
    if (!file) return;
    setAvatarError(undefined);
    setUploading(true);
    try {
      setValue('avatar', await uploadAvatar(file), { shouldDirty: true });
    } catch (failure) {
      setAvatarError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  const submit = handleSubmit(async (values) => {
    const body: UserBody = {
      realname: values.realname.trim(),
      avatar: values.avatar,
      phone: values.phone.trim(),
      email: values.email.trim(),
      sex: values.sex ? Number(values.sex) : null,
      birthday: values.birthday || null,
      telephone: values.telephone.trim(),
      workNo: values.workNo.trim(),
      post: splitList(values.post).join(','),
      selectedroles: values.roles.join(','),
      selecteddeparts: values.departs.join(','),
    };
    if (kindEditable) body.userKind = values.userKind === 'admin' ? 'admin' : 'staff';
    try {
      const envelope = editing
        ? await editUser({ ...body, id: user.id })
        : await addUser({ ...body, username: values.username.trim(), password: values.password, confirmpassword: values.confirmpassword });
      toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
      onSaved();
      onOpenChange(false);
    } catch (failure) {
      const field = failure instanceof ApiError ? (failure.envelope?.result as { field?: unknown } | null)?.field : undefined;
      const text = failure instanceof Error ? failure.message : String(failure);
      const formField = field === 'selectedroles' ? 'roles' : field === 'selecteddeparts' ? 'departs' : field;
      if (isField(formField)) setError(formField, { message: text });
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
      <Field.ErrorText data-testid={`user-error-${name}`}>{formState.errors[name]?.message}</Field.ErrorText>
    </Field.Root>
  );

  const loadingGrants = editing && (userRoles.isPending || userDeparts.isPending);

  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} size={{ base: 'full', md: 'lg' }} placement="end" lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="user-drawer">
            <form noValidate onSubmit={(event) => void submit(event)} style={{ display: 'contents' }}>
              <Drawer.Header borderBottomWidth="1px">
                <Drawer.Title>{editing ? t('drawer.editTitle') : t('drawer.addTitle')}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <Stack gap="6" paddingY="2">
                  <ErrorAlert message={formState.errors.root?.message} testId="user-form-error" />

                  <HStack gap="4" align="center">
                    <Avatar.Root size="2xl" data-testid="user-avatar-preview">
                      <Avatar.Fallback name={realname || username || undefined} />
                      {avatar ? <Avatar.Image src={avatarUrl(avatar)} /> : null}
                    </Avatar.Root>
                    <Stack gap="2">
                      <VisuallyHidden>
                        <input
                          ref={fileInput}
                          type="file"
                          accept={ACCEPTED_IMAGES}
                          aria-label={t('action.uploadAvatar')}
                          data-testid="user-avatar-input"
                          onChange={(event) => void onFile(event.target.files?.[0])}
                        />
                      </VisuallyHidden>
                      <HStack gap="2" wrap="wrap">
                        <Button size="sm" variant="outline" loading={uploading} onClick={() => fileInput.current?.click()}>
                          <UploadIcon />
                          {t('action.uploadAvatar')}
                        </Button>
                        {avatar ? (
                          <Button size="sm" variant="ghost" onClick={() => setValue('avatar', '', { shouldDirty: true })}>
                            <CloseIcon />
                            {t('action.removeAvatar')}
                          </Button>
                        ) : null}
                      </HStack>
                      <Text textStyle="xs" color={avatarError ? 'fg.error' : 'fg.muted'}>
                        {avatarError ?? t('hint.avatar')}
                      </Text>
                    </Stack>
                  </HStack>

                  <Stack gap="4">
                    <Heading size="sm">{t('section.account')}</Heading>
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                      {field(
                        'username',
                        t('field.username'),
                        <Input
                          autoComplete="off"
                          placeholder={t('placeholder.username')}
                          readOnly={editing}
                          data-testid="user-username"
                          {...register('username', editing ? {} : { validate: rules.username })}
                        />,
                        { required: !editing, helper: editing ? t('hint.username') : undefined },
                      )}
                      {field(
                        'realname',
                        t('field.realname'),
                        <Input placeholder={t('placeholder.realname')} data-testid="user-realname" {...register('realname', { validate: rules.realname })} />,
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
                              data-testid="user-password"
                              {...register('password', {
                                validate: rules.password,
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
                              data-testid="user-confirmpassword"
                              {...register('confirmpassword', { validate: rules.confirmpassword })}
                            />,
                            { required: true },
                          )}
                        </>
                      )}
                      {field('workNo', t('field.workNo'), <Input placeholder={t('placeholder.workNo')} data-testid="user-workNo" {...register('workNo', { validate: rules.workNo })} />)}
                      {kindEditable
                        ? field(
                            'userKind',
                            t('field.userKind'),
                            <NativeSelect.Root>
                              <NativeSelect.Field data-testid="user-kind" {...register('userKind')}>
                                <option value="staff">{t('kind.staff')}</option>
                                <option value="admin">{t('kind.admin')}</option>
                              </NativeSelect.Field>
                              <NativeSelect.Indicator />
                            </NativeSelect.Root>,
                          )
                        : null}
                    </SimpleGrid>
                  </Stack>

                  <Stack gap="4">
                    <Heading size="sm">{t('section.profile')}</Heading>
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                      {field(
                        'phone',
                        t('field.phone'),
                        <Input type="tel" inputMode="tel" placeholder={t('placeholder.phone')} data-testid="user-phone" {...register('phone', { validate: rules.phone })} />,
                      )}
                      {field(
                        'email',
                        t('field.email'),
                        <Input type="email" placeholder={t('placeholder.email')} data-testid="user-email" {...register('email', { validate: rules.email })} />,
                      )}
                      {field('telephone', t('field.telephone'), <Input type="tel" placeholder={t('placeholder.telephone')} {...register('telephone')} />)}
                      {field(
                        'sex',
                        t('field.sex'),
                        <NativeSelect.Root>
                          <NativeSelect.Field {...register('sex')}>
                            <option value="">{t('placeholder.sexNone')}</option>
                            <option value="1">{t('sex.1')}</option>
                            <option value="2">{t('sex.2')}</option>
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>,
                      )}
                      {field('birthday', t('field.birthday'), <Input type="date" {...register('birthday')} />)}
                    </SimpleGrid>
                  </Stack>

                  <Stack gap="4">
                    <Heading size="sm">{t('section.organization')}</Heading>
                    {field(
                      'roles',
                      t('field.roles'),
                      <OptionChecklist
                        label={t('field.roles')}
                        options={roleOptions}
                        value={selectedRoles}
                        onChange={(value) => setValue('roles', value, { shouldDirty: true })}
                        loading={roles.isPending || loadingGrants}
                        emptyText={t('empty.roles')}
                        columns={{ base: 1, sm: 2 }}
                        testId="user-roles"
                      />,
                      { helper: t('hint.roles') },
                    )}
                    {field(
                      'departs',
                      t('field.departs'),
                      <OptionChecklist
                        label={t('field.departs')}
                        options={departOptions}
                        value={selectedDeparts}
                        onChange={(value) => setValue('departs', value, { shouldDirty: true })}
                        loading={departs.isPending || loadingGrants}
                        emptyText={t('empty.departs')}
                        maxHeight="56"
                        testId="user-departs"
                      />,
                      { helper: t('hint.departs') },
                    )}
                    {positionOptions.length > 0
                      ? field(
                          'post',
                          t('field.post'),
                          <OptionChecklist
                            label={t('field.post')}
                            options={positionOptions}
                            value={splitList(post)}
                            onChange={(value) => setValue('post', value.join(','), { shouldDirty: true })}
                            emptyText={t('placeholder.post')}
                            columns={{ base: 1, sm: 2 }}
                          />,
                        )
                      : field(
                          'post',
                          t('field.post'),
                          <Input placeholder={t('placeholder.post')} {...register('post')} />,
                        )}
                  </Stack>
                </Stack>
              </Drawer.Body>
              <Drawer.Footer borderTopWidth="1px">
                <Drawer.ActionTrigger asChild>
                  <Button variant="outline">{t('action.cancel', { ns: 'dataTable' })}</Button>
                </Drawer.ActionTrigger>
                <Button type="submit" loading={formState.isSubmitting} disabled={uploading} data-testid="user-save">
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
