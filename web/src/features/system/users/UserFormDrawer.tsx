import { Avatar, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AccountNameFields, ContactFields, profileBody, profileValues, type ProfileValues } from '../../../components/form/accountFields';
import { useAvatarUpload } from '../../../components/form/avatarUpload';
import { FormField, FormSection } from '../../../components/form/FormField';
import { ChecklistField, SelectField, TextField } from '../../../components/form/fields';
import { OptionChecklist } from '../../../components/form/OptionChecklist';
import { RecordFormDrawer, type FormOpenProps } from '../../../components/form/RecordFormDialog';
import { useDuplicateCheck, useRuleCheck } from '../../../components/form/uniqueField';
import { textValues } from '../../../components/form/values';
import { CloseIcon, UploadIcon } from '../../../components/icons';
import { useLanguage } from '../../../i18n';
import { avatarUrl } from '../../../lib/avatar';
import { addUser, editUser, fetchUserDeparts, fetchUserRoles, flattenDeparts, useAllRoles, useDepartTree, usePositions, type UserBody, type UserRecord } from './api';

type Values = ProfileValues & Record<'username' | 'password' | 'confirmpassword' | 'telephone' | 'workNo' | 'post' | 'userKind', string> & { roles: string[]; departs: string[] };

const FIELDS: (keyof Values)[] = ['username', 'realname', 'password', 'confirmpassword', 'avatar', 'phone', 'email', 'sex', 'birthday', 'telephone', 'workNo', 'post', 'userKind', 'roles', 'departs'];
const TEST_IDS = { username: 'user-username', realname: 'user-realname', password: 'user-password', confirmpassword: 'user-confirmpassword', phone: 'user-phone', email: 'user-email' };
const errorOf = (name: string) => `user-error-${name}`;
const splitList = (text: string | null | undefined) => (text ?? '').split(',').map((part) => part.trim()).filter(Boolean);

/** The form's values of a user (its roles and departments follow when they arrive). */
const defaults = (user: UserRecord | undefined): Values => ({
  ...profileValues(user),
  ...textValues(user, ['username', 'telephone', 'workNo']),
  password: '',
  confirmpassword: '',
  post: splitList(user?.post).join(','),
  userKind: user?.userKind === 'admin' ? 'admin' : 'staff',
  roles: [],
  departs: [],
});

/** The server's name of a field, as the form names it. */
const formField = (field: string) => {
  const name = field === 'selectedroles' ? 'roles' : field === 'selecteddeparts' ? 'departs' : field;
  return FIELDS.includes(name as keyof Values) ? (name as keyof Values) : undefined;
};

/** Add or edit a user (contract "Users": `POST /sys/user/add`, `PUT /sys/user/edit`). */
export function UserFormDrawer({ user, ...drawer }: FormOpenProps & { /** The record to edit; `undefined` adds a user. */ user?: UserRecord; onSaved: () => void }) {
  const { t } = useTranslation('sysUser');
  const [uploading, setUploading] = useState(false);
  const kindEditable = !user || user.userKind === 'admin' || user.userKind === 'staff' || !user.userKind;

  const save = (values: Values) => {
    const body: UserBody = {
      ...profileBody(values),
      telephone: values.telephone.trim(),
      workNo: values.workNo.trim(),
      post: splitList(values.post).join(','),
      selectedroles: values.roles.join(','),
      selecteddeparts: values.departs.join(','),
    };
    if (kindEditable) body.userKind = values.userKind === 'admin' ? 'admin' : 'staff';
    return user ? editUser({ ...body, id: user.id }) : addUser({ ...body, username: values.username.trim(), password: values.password, confirmpassword: values.confirmpassword });
  };

  return (
    <RecordFormDrawer<Values>
      {...drawer} testId="user-drawer" errorTestId="user-form-error" submitTestId="user-save" mode="onChange" fieldSize="md" gap="6" submitDisabled={uploading} serverFields={formField}
      title={user ? t('drawer.editTitle') : t('drawer.addTitle')}
      defaultValues={() => defaults(user)}
      save={save}
    >
      <UserFields user={user} kindEditable={kindEditable} onUploading={setUploading} />
    </RecordFormDrawer>
  );
}

function UserFields({ user, kindEditable, onUploading }: { user: UserRecord | undefined; kindEditable: boolean; onUploading: (busy: boolean) => void }) {
  const { t } = useTranslation('sysUser');
  const language = useLanguage();
  const editing = user !== undefined;
  const { setValue, getFieldState, formState } = useFormContext<Values>();

  const roles = useAllRoles(true);
  const departs = useDepartTree();
  const positions = usePositions(true);
  const userRoles = useQuery({ queryKey: ['system', 'users', user?.id, 'roles'], queryFn: () => fetchUserRoles(user?.id ?? ''), enabled: editing, staleTime: 0 });
  const userDeparts = useQuery({ queryKey: ['system', 'users', user?.id, 'departs'], queryFn: () => fetchUserDeparts(user?.id ?? ''), enabled: editing, staleTime: 0 });

  const workNoUnique = useDuplicateCheck('sys_user', 'work_no', user?.id);
  const workNoRule = useRuleCheck('work_no');

  // The user's roles and departments fill the form when they arrive.
  useEffect(() => {
    if (userRoles.data) setValue('roles', userRoles.data);
  }, [userRoles.data, setValue]);
  useEffect(() => {
    if (userDeparts.data) setValue('departs', userDeparts.data);
  }, [userDeparts.data, setValue]);

  const [avatar, realname, username, post] = useWatch<Values, ['avatar', 'realname', 'username', 'post']>({ name: ['avatar', 'realname', 'username', 'post'] });
  const upload = useAvatarUpload((url) => setValue('avatar', url, { shouldDirty: true }), onUploading);

  const roleOptions = useMemo(() => (roles.data ?? []).map((role) => ({ value: role.id, label: role.roleName, hint: role.roleCode })), [roles.data]);
  const departOptions = useMemo(
    () => flattenDeparts(departs.data, language).map((depart) => ({ value: depart.id, label: depart.name, depth: depart.depth })),
    [departs.data, language],
  );
  const positionOptions = useMemo(
    () => (positions.data ?? []).map((position) => ({ value: position.code, label: language === 'en-US' ? position.nameEn || position.name : position.name, hint: position.code })),
    [positions.data, language],
  );
  const loadingGrants = editing && (userRoles.isPending || userDeparts.isPending);

  return (
    <>
      <HStack gap="4" align="center">
        <Avatar.Root size="2xl" data-testid="user-avatar-preview">
          <Avatar.Fallback name={realname || username || undefined} />
          {avatar ? <Avatar.Image src={avatarUrl(avatar)} /> : null}
        </Avatar.Root>
        <Stack gap="2">
          {upload.fileInput({ label: t('action.uploadAvatar'), testId: 'user-avatar-input' })}
          <HStack gap="2" wrap="wrap">
            <Button size="sm" variant="outline" loading={upload.uploading} onClick={upload.pick}>
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
          <Text textStyle="xs" color={upload.error ? 'fg.error' : 'fg.muted'}>
            {upload.error ?? t('hint.avatar')}
          </Text>
        </Stack>
      </HStack>

      <FormSection title={t('section.account')}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <AccountNameFields<Values> text={t} testIds={TEST_IDS} errorTestId={errorOf} accountId={user?.id} />
          <TextField<Values> name="workNo" label={t('field.workNo')} placeholder={t('placeholder.workNo')} testId="user-workNo" errorTestId={errorOf('workNo')} rules={{ validate: { rule: workNoRule, unique: workNoUnique } }} />
          {kindEditable ? (
            <SelectField<Values> name="userKind" label={t('field.userKind')} testId="user-kind" errorTestId={errorOf('userKind')}
              options={(['staff', 'admin'] as const).map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))} />
          ) : null}
        </SimpleGrid>
      </FormSection>

      <FormSection title={t('section.profile')}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <ContactFields<Values> text={t} testIds={TEST_IDS} errorTestId={errorOf} accountId={user?.id} />
          <TextField<Values> name="telephone" label={t('field.telephone')} type="tel" placeholder={t('placeholder.telephone')} errorTestId={errorOf('telephone')} />
          <SelectField<Values> name="sex" label={t('field.sex')} errorTestId={errorOf('sex')} placeholder={t('placeholder.sexNone')}
            options={(['1', '2'] as const).map((sex) => ({ value: sex, label: t(`sex.${sex}`) }))} />
          <TextField<Values> name="birthday" label={t('field.birthday')} type="date" errorTestId={errorOf('birthday')} />
        </SimpleGrid>
      </FormSection>

      <FormSection title={t('section.organization')}>
        <ChecklistField<Values> name="roles" label={t('field.roles')} helper={t('hint.roles')} errorTestId={errorOf('roles')} options={roleOptions} loading={roles.isPending || loadingGrants}
          emptyText={t('empty.roles')} columns={{ base: 1, sm: 2 }} testId="user-roles" />
        <ChecklistField<Values> name="departs" label={t('field.departs')} helper={t('hint.departs')} errorTestId={errorOf('departs')} options={departOptions}
          loading={departs.isPending || loadingGrants} emptyText={t('empty.departs')} maxHeight="56" testId="user-departs" />
        {positionOptions.length > 0 ? (
          <FormField label={t('field.post')} error={getFieldState('post', formState).error?.message} errorTestId={errorOf('post')}>
            <OptionChecklist
              label={t('field.post')}
              options={positionOptions}
              value={splitList(post)}
              onChange={(value) => setValue('post', value.join(','), { shouldDirty: true })}
              emptyText={t('placeholder.post')}
              columns={{ base: 1, sm: 2 }}
            />
          </FormField>
        ) : (
          <TextField<Values> name="post" label={t('field.post')} placeholder={t('placeholder.post')} errorTestId={errorOf('post')} />
        )}
      </FormSection>
    </>
  );
}

