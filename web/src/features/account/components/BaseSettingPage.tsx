import { Avatar, Button, Card, Field, Flex, Grid, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ContactFields, profileBody, profileValues, type ProfileValues } from '../../../components/form/accountFields';
import { useAvatarUpload } from '../../../components/form/avatarUpload';
import { FieldSizeProvider, RadioField, TextField } from '../../../components/form/fields';
import { useKitForm } from '../../../components/form/RecordFormDialog';
import { realnameRule } from '../../../components/form/rules';
import { serverError } from '../../../components/form/serverError';
import { UploadIcon } from '../../../components/icons';
import { toaster } from '../../../components/ui/toaster';
import { avatarUrl } from '../../../lib/avatar';
import { setUserInfo, useUserInfo } from '../../../lib/session';
import { PROFILE_QUERY, editProfile, useProfile, type ProfileEdit } from '../api/account';
import { ThirdAccountsCard } from './ThirdAccountsCard';

type Values = ProfileValues;

const FIELDS: readonly string[] = ['realname', 'avatar', 'phone', 'email', 'sex', 'birthday'];

/** `/account/settings/base`: the user's own profile, avatar included, and their bound sign-in accounts. */
export default function BaseSettingPage() {
  const { t } = useTranslation('account');
  const user = useUserInfo();
  const profile = useProfile();
  const queryClient = useQueryClient();
  const source = profile.data?.userInfo ?? user;
  const form = useKitForm<Values>({ defaultValues: profileValues(undefined) });
  const { handleSubmit, formState, setError, reset, setValue, control } = form;
  const [uploading, setUploading] = useState(false);
  const upload = useAvatarUpload((url) => setValue('avatar', url, { shouldDirty: true }), setUploading);

  useEffect(() => {
    if (source) reset(profileValues(source));
  }, [source, reset]);

  const [avatar, realname] = useWatch({ control, name: ['avatar', 'realname'] });
  const name = realname || source?.username || '';

  const submit = handleSubmit(async (values) => {
    const body: ProfileEdit = profileBody(values);
    try {
      const envelope = await editProfile(body);
      if (envelope.result?.userInfo) setUserInfo(envelope.result.userInfo);
      await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY });
      toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
    } catch (failure) {
      const { message, field } = serverError(failure);
      if (field && FIELDS.includes(field)) setError(field as keyof Values, { message });
      else toaster.create({ type: 'error', title: message, duration: 4000, closable: true });
    }
  });

  return (
    <Stack gap="5">
    <Card.Root data-testid="account-settings">
      <Card.Body>
        <FormProvider {...form}>
          <FieldSizeProvider value="md">
            <form noValidate onSubmit={(event) => void submit(event)}>
              <Grid templateColumns={{ base: '1fr', md: '1fr 220px' }} gap={{ base: '8', md: '12' }} alignItems="start">
                <Stack gap="5" maxW="lg" order={{ base: 2, md: 1 }}>
                  <TextField<Values> name="realname" label={t('field.realname')} required placeholder={t('placeholder.realname')} testId="settings-realname" rules={{ validate: realnameRule }} />
                  <ContactFields<Values> text={t} testIds={{ phone: 'settings-phone', email: 'settings-email' }} unique={false} />
                  <RadioField<Values> name="sex" label={t('field.sex')} gap="6" testId="settings-sex"
                    options={(['1', '2'] as const).map((value) => ({ value, label: t(value === '1' ? 'sex.male' : 'sex.female') }))} />
                  <TextField<Values> name="birthday" label={t('field.birthday')} type="date" maxW="60" testId="settings-birthday" />
                  <Flex>
                    <Button type="submit" loading={formState.isSubmitting} disabled={uploading} data-testid="settings-save">
                      {t('settings.save')}
                    </Button>
                  </Flex>
                </Stack>

                <Field.Root invalid={!!upload.error || !!formState.errors.avatar} order={{ base: 1, md: 2 }} alignItems={{ base: 'flex-start', md: 'center' }}>
                  <Field.Label>{t('field.avatar')}</Field.Label>
                  <Stack align={{ base: 'flex-start', md: 'center' }} gap="3">
                    <Avatar.Root boxSize="32" colorPalette="daybreak" data-testid="settings-avatar-preview">
                      <Avatar.Fallback name={name} fontSize="4xl" />
                      {avatar ? <Avatar.Image src={avatarUrl(avatar)} /> : null}
                    </Avatar.Root>
                    {upload.fileInput({ testId: 'settings-avatar-input' })}
                    <Button variant="outline" size="sm" loading={upload.uploading} onClick={upload.pick} data-testid="settings-avatar-upload">
                      <UploadIcon />
                      {t('settings.changeAvatar')}
                    </Button>
                    <Text fontSize="xs" color="fg.muted" textAlign={{ md: 'center' }}>
                      {t('settings.avatarHint')}
                    </Text>
                  </Stack>
                  <Field.ErrorText data-testid="settings-avatar-error">{upload.error ?? formState.errors.avatar?.message}</Field.ErrorText>
                </Field.Root>
              </Grid>
            </form>
          </FieldSizeProvider>
        </FormProvider>
      </Card.Body>
    </Card.Root>
    <ThirdAccountsCard />
    </Stack>
  );
}
