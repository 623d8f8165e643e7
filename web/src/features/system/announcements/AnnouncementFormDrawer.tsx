import { Badge, Box, Button, CloseButton, Drawer, Field, Fieldset, HStack, Input, NativeSelect, Portal, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { toaster } from '../../../components/ui/toaster';
import { useRevalidateOnLanguageChange } from '../../../hooks/useRevalidateOnLanguageChange';
import { useUserInfo } from '../../../lib/session';
import { serverError } from '../../../components/form/serverError';
import { localInputToUtc, utcToLocalInput } from '../../../lib/utcTime';
import {
  addAnnouncement,
  CATEGORIES,
  editAnnouncement,
  isCategory,
  isPriority,
  MAX_CONTENT,
  MAX_TITLE,
  PRIORITIES,
  PRIORITY_COLORS,
  recordUsers,
  type AnnouncementInput,
  type AnnouncementRecord,
  type MsgCategory,
  type MsgType,
  type OpenType,
  type PickedUser,
  type Priority,
} from './api';
import { RichTextEditor } from './RichTextEditor';
import { isBlankHtml, isSafeLink } from './sanitize';
import { UserPicker } from './UserPicker';

interface Values {
  titile: string;
  msgCategory: MsgCategory;
  priority: Priority;
  sender: string;
  msgType: MsgType;
  users: PickedUser[];
  startTime: string;
  endTime: string;
  openType: OpenType;
  openPage: string;
  msgContent: string;
}

/** Fields the server may name in a refusal, to the form's own. */
const SERVER_FIELDS: Record<string, keyof Values> = {
  titile: 'titile',
  msgContent: 'msgContent',
  startTime: 'startTime',
  endTime: 'endTime',
  sender: 'sender',
  priority: 'priority',
  msgCategory: 'msgCategory',
  msgType: 'msgType',
  userIds: 'users',
  openType: 'openType',
  openPage: 'openPage',
};

function defaults(record: AnnouncementRecord | undefined): Values {
  const openType = record?.openType === 'url' || record?.openType === 'component' ? record.openType : '';
  return {
    titile: record?.titile ?? '',
    msgCategory: isCategory(record?.msgCategory) ? (String(record?.msgCategory) as MsgCategory) : '1',
    priority: isPriority(record?.priority) ? (record?.priority as Priority) : 'L',
    sender: record?.sender ?? '',
    msgType: record?.msgType === 'USER' ? 'USER' : 'ALL',
    users: recordUsers(record),
    startTime: utcToLocalInput(record?.startTime),
    endTime: utcToLocalInput(record?.endTime),
    openType,
    openPage: record?.openPage ?? '',
    msgContent: record?.msgContent ?? '',
  };
}

export interface AnnouncementFormDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The announcement to edit (a draft or a revoked one); a new draft when undefined. */
  record?: AnnouncementRecord;
  onSaved: () => void;
}

/** Add or edit an announcement; saving keeps it a draft until it is released from the list. */
export function AnnouncementFormDrawer({ open, onOpenChange, record, onSaved }: AnnouncementFormDrawerProps) {
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} size={{ base: 'full', md: 'xl' }} lazyMount unmountOnExit closeOnInteractOutside={false}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="announcement-form">
            <AnnouncementForm record={record} onSaved={onSaved} onClose={() => onOpenChange(false)} />
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function AnnouncementForm({ record, onSaved, onClose }: { record: AnnouncementRecord | undefined; onSaved: () => void; onClose: () => void }) {
  const { t } = useTranslation('sysAnnouncement');
  const me = useUserInfo();
  const form = useForm<Values>({ mode: 'onTouched', defaultValues: defaults(record) });
  const { register, handleSubmit, formState, control, setError } = form;
  const [formError, setFormError] = useState<string>();
  const [msgType, openType, titile] = useWatch({ control, name: ['msgType', 'openType', 'titile'] });
  useRevalidateOnLanguageChange(form);

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    const body: AnnouncementInput = {
      titile: values.titile.trim(),
      msgContent: values.msgContent,
      startTime: localInputToUtc(values.startTime),
      endTime: localInputToUtc(values.endTime),
      sender: values.sender.trim() || null,
      priority: values.priority,
      msgCategory: values.msgCategory,
      msgType: values.msgType,
      userIds: values.msgType === 'USER' ? values.users.map((user) => user.id).join(',') : null,
      openType: values.openType || null,
      openPage: values.openType ? values.openPage.trim() : null,
    };
    try {
      const envelope = record ? await editAnnouncement({ ...body, id: record.id }) : await addAnnouncement(body);
      toaster.create({ type: 'success', title: envelope.message, description: record ? undefined : t('form.savedAsDraft'), duration: 3000 });
      onSaved();
      onClose();
    } catch (failure) {
      const { message, field } = serverError(failure);
      const own = field ? SERVER_FIELDS[field] : undefined;
      if (own) setError(own, { message }, { shouldFocus: true });
      else setFormError(message);
    }
  });

  const err = formState.errors;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} style={{ display: 'contents' }}>
      <Drawer.Header>
        <Stack gap="1">
          <Drawer.Title>{record ? t('form.editTitle') : t('form.addTitle')}</Drawer.Title>
          <Text textStyle="sm" color="fg.muted">
            {t('form.draftHint')}
          </Text>
        </Stack>
      </Drawer.Header>
      <Drawer.Body>
        <Stack gap="5">
          <ErrorAlert message={formError} testId="announcement-form-error" />
          <Field.Root invalid={!!err.titile} required>
            <Field.Label>
              {t('field.titile')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              size="sm"
              maxLength={MAX_TITLE}
              data-testid="announcement-title"
              {...register('titile', {
                validate: {
                  required: (v) => (v.trim() ? true : t('form.titleRequired')),
                  length: (v) => (v.trim().length <= MAX_TITLE ? true : t('form.titleTooLong', { max: MAX_TITLE })),
                },
              })}
            />
            <HStack justify="space-between" width="full">
              {err.titile ? <Field.ErrorText>{err.titile.message}</Field.ErrorText> : <Box />}
              <Text textStyle="xs" color="fg.subtle" fontVariantNumeric="tabular-nums">{`${titile.length} / ${MAX_TITLE}`}</Text>
            </HStack>
          </Field.Root>

          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Field.Root required>
              <Field.Label>
                {t('field.msgCategory')}
                <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field data-testid="announcement-category" {...register('msgCategory')}>
                  {CATEGORIES.map((category) => (
                    <option key={category} value={category}>
                      {t(`category.${category}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('field.sender')}</Field.Label>
              <Input size="sm" maxLength={100} placeholder={me?.realname || me?.username || undefined} data-testid="announcement-sender" {...register('sender')} />
              <Field.HelperText>{t('form.senderHint')}</Field.HelperText>
            </Field.Root>
          </SimpleGrid>

          <Controller
            control={control}
            name="priority"
            render={({ field }) => (
              <Fieldset.Root>
                <Fieldset.Legend textStyle="sm" fontWeight="medium">
                  {t('field.priority')}
                </Fieldset.Legend>
                <RadioGroup.Root size="sm" name={field.name} value={field.value} onValueChange={(details) => field.onChange(details.value)} data-testid="announcement-priority">
                  <HStack gap="5" wrap="wrap">
                    {PRIORITIES.map((priority) => (
                      <RadioGroup.Item key={priority} value={priority} colorPalette={PRIORITY_COLORS[priority]} data-testid={`announcement-priority-${priority}`}>
                        <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                        <RadioGroup.ItemIndicator />
                        <RadioGroup.ItemText>
                          <Badge size="sm" variant="subtle" colorPalette={PRIORITY_COLORS[priority]}>
                            {t(`priority.${priority}`)}
                          </Badge>
                        </RadioGroup.ItemText>
                      </RadioGroup.Item>
                    ))}
                  </HStack>
                </RadioGroup.Root>
              </Fieldset.Root>
            )}
          />

          <Fieldset.Root borderWidth="1px" rounded="md" padding="4">
            <Fieldset.Legend textStyle="sm" fontWeight="medium" paddingX="1">
              {t('field.msgType')}
            </Fieldset.Legend>
            <Fieldset.Content marginTop="1">
              <Controller
                control={control}
                name="msgType"
                render={({ field }) => (
                  <RadioGroup.Root size="sm" name={field.name} value={field.value} onValueChange={(details) => field.onChange(details.value)} data-testid="announcement-msg-type">
                    <HStack gap="5" wrap="wrap">
                      {(['ALL', 'USER'] as const).map((type) => (
                        <RadioGroup.Item key={type} value={type} data-testid={`announcement-msg-type-${type}`}>
                          <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                          <RadioGroup.ItemIndicator />
                          <RadioGroup.ItemText>{t(`msgType.${type}`)}</RadioGroup.ItemText>
                        </RadioGroup.Item>
                      ))}
                    </HStack>
                  </RadioGroup.Root>
                )}
              />
              {msgType === 'USER' ? (
                <Controller
                  control={control}
                  name="users"
                  rules={{ validate: (users) => (users.length > 0 ? true : t('form.usersRequired')) }}
                  render={({ field }) => (
                    <Field.Root invalid={!!err.users} required>
                      <Field.Label htmlFor="announcement-users-pick">
                        {t('field.users')}
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <UserPicker id="announcement-users-pick" value={field.value} onChange={field.onChange} invalid={!!err.users} />
                      <Field.ErrorText>{err.users?.message}</Field.ErrorText>
                    </Field.Root>
                  )}
                />
              ) : (
                <Text textStyle="sm" color="fg.muted">
                  {t('form.allHint')}
                </Text>
              )}
            </Fieldset.Content>
          </Fieldset.Root>

          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Field.Root invalid={!!err.startTime}>
              <Field.Label>{t('field.startTime')}</Field.Label>
              <Input size="sm" type="datetime-local" data-testid="announcement-start" {...register('startTime', { deps: ['endTime'] })} />
              <Field.ErrorText>{err.startTime?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!err.endTime}>
              <Field.Label>{t('field.endTime')}</Field.Label>
              <Input
                size="sm"
                type="datetime-local"
                data-testid="announcement-end"
                {...register('endTime', { validate: (v, all) => (!v || !all.startTime || v > all.startTime ? true : t('form.endBeforeStart')) })}
              />
              <Field.ErrorText>{err.endTime?.message}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>

          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
            <Field.Root>
              <Field.Label>{t('field.openType')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field data-testid="announcement-open-type" {...register('openType', { deps: ['openPage'] })}>
                  <option value="">{t('openType.none')}</option>
                  <option value="url">{t('openType.url')}</option>
                  <option value="component">{t('openType.component')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root invalid={!!err.openPage} required={openType !== ''} disabled={openType === ''} gridColumn={{ sm: 'span 2' }}>
              <Field.Label>
                {t('field.openPage')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                size="sm"
                fontFamily="mono"
                autoComplete="off"
                spellCheck={false}
                placeholder={openType === 'component' ? 'system/UserList' : '/isps/userAnnouncement'}
                data-testid="announcement-open-page"
                {...register('openPage', {
                  validate: (v, all) => {
                    if (!all.openType) return true;
                    if (!v.trim()) return t('form.openPageRequired');
                    if (all.openType === 'url' && !isSafeLink(v)) return t('form.openPageInvalid');
                    return true;
                  },
                })}
              />
              {err.openPage ? (
                <Field.ErrorText>{err.openPage.message}</Field.ErrorText>
              ) : (
                <Field.HelperText>{openType === 'component' ? t('form.componentHint') : t('form.urlHint')}</Field.HelperText>
              )}
            </Field.Root>
          </SimpleGrid>

          <Controller
            control={control}
            name="msgContent"
            rules={{
              validate: {
                required: (v) => (isBlankHtml(v) ? t('form.contentRequired') : true),
                length: (v) => (v.length <= MAX_CONTENT ? true : t('form.contentTooLong', { max: MAX_CONTENT.toLocaleString() })),
              },
            }}
            render={({ field }) => (
              <Field.Root invalid={!!err.msgContent} required>
                <Field.Label id="announcement-content-label">
                  {t('field.msgContent')}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Box width="full">
                  <RichTextEditor
                    ref={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    label={t('field.msgContent')}
                    placeholder={t('form.contentPlaceholder')}
                    invalid={!!err.msgContent}
                    describedBy={err.msgContent ? 'announcement-content-error' : undefined}
                    testId="announcement-content"
                  />
                </Box>
                <Field.ErrorText id="announcement-content-error">{err.msgContent?.message}</Field.ErrorText>
              </Field.Root>
            )}
          />
        </Stack>
      </Drawer.Body>
      <Drawer.Footer borderTopWidth="1px">
        <Drawer.ActionTrigger asChild>
          <Button variant="outline" size="sm">
            {t('action.cancel', { ns: 'dataTable' })}
          </Button>
        </Drawer.ActionTrigger>
        <Button type="submit" size="sm" loading={formState.isSubmitting} data-testid="announcement-form-submit">
          {t('form.save')}
        </Button>
      </Drawer.Footer>
    </form>
  );
}
