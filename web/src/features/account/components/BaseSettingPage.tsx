import { Avatar, Button, Card, Field, Flex, Grid, HStack, Input, RadioGroup, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { UploadIcon } from '../../../components/icons';
import { toaster } from '../../../components/ui/toaster';
import { message, validateEmail, validatePhone, validateRequired } from '../../../core';
import { useRevalidateOnLanguageChange } from '../../../hooks/useRevalidateOnLanguageChange';
import { currentLanguage } from '../../../i18n';
import { avatarUrl } from '../../../lib/avatar';
import { setUserInfo, useUserInfo } from '../../../lib/session';
import { PROFILE_QUERY, editProfile, uploadAvatar, useProfile, type ProfileEdit } from '../api/account';

interface Values {
  realname: string;
  avatar: string;
  phone: string;
  email: string;
  sex: string;
  birthday: string;
}

const FIELDS = ['realname', 'avatar', 'phone', 'email', 'sex', 'birthday'] as const;
const isField = (field: unknown): field is (typeof FIELDS)[number] => FIELDS.includes(field as (typeof FIELDS)[number]);

/** Rules of the core; phone and e-mail may stay empty. */
const rules = {
  realname: (value: string) => validateRequired(value.trim(), message('field_realname', currentLanguage()), currentLanguage()) ?? true,
  phone: (value: string) => (value.trim() === '' ? true : (validatePhone(value.trim(), currentLanguage()) ?? true)),
  email: (value: string) => (value.trim() === '' ? true : (validateEmail(value.trim(), currentLanguage()) ?? true)),
};

const ACCEPTED_IMAGES = 'image/png,image/jpeg,image/gif,image/webp';

/** `/account/settings/base`: the user's own profile, avatar included. */
export default function BaseSettingPage() {
  const { t } = useTranslation('account');
  const user = useUserInfo();
  const profile = useProfile();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [avatarError, setAvatarError] = useState<string>();
  const source = profile.data?.userInfo ?? user;
  const form = useForm<Values>({
    defaultValues: { realname: '', avatar: '', phone: '', email: '', sex: '', birthday: '' },
  });
  const { register, handleSubmit, formState, setError, reset, setValue, control } = form;
  useRevalidateOnLanguageChange(form);

  useEffect(() => {
    if (!source) return;
    reset({
      realname: source.realname ?? '',
      avatar: source.avatar ?? '',
      phone: source.phone ?? '',
      email: source.email ?? '',
      sex: source.sex === 1 || source.sex === 2 ? String(source.sex) : '',
      birthday: source.birthday?.slice(0, 10) ?? '',
    });
  }, [source, reset]);

  const [avatar, realname, sex] = useWatch({ control, name: ['avatar', 'realname', 'sex'] });
  const name = realname || source?.username || '';

  async function onFile(file: File | undefined) {
    if (!file) return;
    setAvatarError(undefined);
    setUploading(true);
    try {
      const url = await uploadAvatar(file);
      setValue('avatar', url, { shouldDirty: true });
    } catch (failure) {
      setAvatarError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  const submit = handleSubmit(async (values) => {
    const body: ProfileEdit = {
      realname: values.realname.trim(),
      avatar: values.avatar,
      phone: values.phone.trim(),
      email: values.email.trim(),
      sex: values.sex ? Number(values.sex) : null,
      birthday: values.birthday || null,
    };
    try {
      const envelope = await editProfile(body);
      if (envelope.result?.userInfo) setUserInfo(envelope.result.userInfo);
      await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY });
      toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
    } catch (failure) {
      const field = failure instanceof ApiError ? (failure.envelope?.result as { field?: unknown } | null)?.field : undefined;
      const text = failure instanceof Error ? failure.message : String(failure);
      if (isField(field)) setError(field, { message: text });
      else toaster.create({ type: 'error', title: text, duration: 4000, closable: true });
    }
  });

  return (
    <Card.Root data-testid="account-settings">
      <Card.Body>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Grid templateColumns={{ base: '1fr', md: '1fr 220px' }} gap={{ base: '8', md: '12' }} alignItems="start">
            <Stack gap="5" maxW="lg" order={{ base: 2, md: 1 }}>
              <Field.Root invalid={!!formState.errors.realname} required>
                <Field.Label>
                  {t('field.realname')}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input placeholder={t('placeholder.realname')} data-testid="settings-realname" {...register('realname', { validate: rules.realname })} />
                <Field.ErrorText>{formState.errors.realname?.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!formState.errors.phone}>
                <Field.Label>{t('field.phone')}</Field.Label>
                <Input type="tel" inputMode="tel" placeholder={t('placeholder.phone')} data-testid="settings-phone" {...register('phone', { validate: rules.phone })} />
                <Field.ErrorText>{formState.errors.phone?.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!formState.errors.email}>
                <Field.Label>{t('field.email')}</Field.Label>
                <Input type="email" placeholder={t('placeholder.email')} data-testid="settings-email" {...register('email', { validate: rules.email })} />
                <Field.ErrorText>{formState.errors.email?.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!formState.errors.sex}>
                <Field.Label>{t('field.sex')}</Field.Label>
                <RadioGroup.Root value={sex} onValueChange={(details) => setValue('sex', details.value ?? '', { shouldDirty: true })}>
                  <HStack gap="6">
                    {(['1', '2'] as const).map((value) => (
                      <RadioGroup.Item key={value} value={value} data-testid={`settings-sex-${value}`}>
                        <RadioGroup.ItemHiddenInput />
                        <RadioGroup.ItemIndicator />
                        <RadioGroup.ItemText>{t(value === '1' ? 'sex.male' : 'sex.female')}</RadioGroup.ItemText>
                      </RadioGroup.Item>
                    ))}
                  </HStack>
                </RadioGroup.Root>
                <Field.ErrorText>{formState.errors.sex?.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!formState.errors.birthday}>
                <Field.Label>{t('field.birthday')}</Field.Label>
                <Input type="date" maxW="60" data-testid="settings-birthday" {...register('birthday')} />
                <Field.ErrorText>{formState.errors.birthday?.message}</Field.ErrorText>
              </Field.Root>
              <Flex>
                <Button type="submit" loading={formState.isSubmitting} disabled={uploading} data-testid="settings-save">
                  {t('settings.save')}
                </Button>
              </Flex>
            </Stack>

            <Field.Root invalid={!!avatarError || !!formState.errors.avatar} order={{ base: 1, md: 2 }} alignItems={{ base: 'flex-start', md: 'center' }}>
              <Field.Label>{t('field.avatar')}</Field.Label>
              <Stack align={{ base: 'flex-start', md: 'center' }} gap="3">
                <Avatar.Root boxSize="32" colorPalette="daybreak" data-testid="settings-avatar-preview">
                  <Avatar.Fallback name={name} fontSize="4xl" />
                  {avatar ? <Avatar.Image src={avatarUrl(avatar)} /> : null}
                </Avatar.Root>
                <VisuallyHidden>
                  <input
                    ref={fileInput}
                    type="file"
                    accept={ACCEPTED_IMAGES}
                    data-testid="settings-avatar-input"
                    onChange={(event) => void onFile(event.target.files?.[0])}
                  />
                </VisuallyHidden>
                <Button variant="outline" size="sm" loading={uploading} onClick={() => fileInput.current?.click()} data-testid="settings-avatar-upload">
                  <UploadIcon />
                  {t('settings.changeAvatar')}
                </Button>
                <Text fontSize="xs" color="fg.muted" textAlign={{ md: 'center' }}>
                  {t('settings.avatarHint')}
                </Text>
              </Stack>
              <Field.ErrorText data-testid="settings-avatar-error">{avatarError ?? formState.errors.avatar?.message}</Field.ErrorText>
            </Field.Root>
          </Grid>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
