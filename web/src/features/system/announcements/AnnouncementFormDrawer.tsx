import { Badge, Box, Fieldset, SimpleGrid, Text } from '@chakra-ui/react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/FormField';
import { RadioField, SelectField, TextField } from '../../../components/form/fields';
import { RecordFormDrawer, WIDE_DRAWER, type FormOpenProps } from '../../../components/form/RecordFormDialog';
import { requiredText } from '../../../components/form/rules';
import { orNull } from '../../../components/form/serverError';
import { textValues } from '../../../components/form/values';
import { useUserInfo } from '../../../lib/session';
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

type Values = Record<'titile' | 'sender' | 'startTime' | 'endTime' | 'openPage' | 'msgContent', string> & {
  msgCategory: MsgCategory;
  priority: Priority;
  msgType: MsgType;
  users: PickedUser[];
  openType: OpenType;
};

/** The form's name of a field the server names in a refusal (the same but for the users). */
const serverField = (field: string): keyof Values | undefined =>
  field === 'userIds' ? 'users' : (['titile', 'msgContent', 'startTime', 'endTime', 'sender', 'priority', 'msgCategory', 'msgType', 'openType', 'openPage'] as const).find((name) => name === field);

function defaults(record: AnnouncementRecord | undefined): Values {
  return {
    ...textValues(record, ['titile', 'sender', 'openPage', 'msgContent']),
    msgCategory: isCategory(record?.msgCategory) ? (String(record?.msgCategory) as MsgCategory) : '1',
    priority: isPriority(record?.priority) ? (record?.priority as Priority) : 'L',
    msgType: record?.msgType === 'USER' ? 'USER' : 'ALL',
    users: recordUsers(record),
    startTime: utcToLocalInput(record?.startTime),
    endTime: utcToLocalInput(record?.endTime),
    openType: record?.openType === 'url' || record?.openType === 'component' ? record.openType : '',
  };
}

const body = (values: Values): AnnouncementInput => ({
  titile: values.titile.trim(),
  msgContent: values.msgContent,
  startTime: localInputToUtc(values.startTime),
  endTime: localInputToUtc(values.endTime),
  sender: orNull(values.sender),
  priority: values.priority,
  msgCategory: values.msgCategory,
  msgType: values.msgType,
  userIds: values.msgType === 'USER' ? values.users.map((user) => user.id).join(',') : null,
  openType: values.openType || null,
  openPage: values.openType ? values.openPage.trim() : null,
});

/** Add or edit an announcement (a draft or a revoked one); saving keeps it a draft until it is released from the list. */
export function AnnouncementFormDrawer({ record, ...drawer }: FormOpenProps & { record?: AnnouncementRecord; onSaved: () => void }) {
  const { t } = useTranslation('sysAnnouncement');
  return (
    <RecordFormDrawer<Values>
      {...drawer} testId="announcement-form" size={WIDE_DRAWER} closeOnInteractOutside={false} gap="5" serverFields={serverField}
      title={record ? t('form.editTitle') : t('form.addTitle')}
      subtitle={
        <Text textStyle="sm" color="fg.muted">
          {t('form.draftHint')}
        </Text>
      }
      submitLabel={t('form.save')}
      defaultValues={() => defaults(record)}
      save={(values) => (record ? editAnnouncement({ ...body(values), id: record.id }) : addAnnouncement(body(values)))}
      successDescription={record ? undefined : t('form.savedAsDraft')}
    >
      <AnnouncementFields />
    </RecordFormDrawer>
  );
}

function AnnouncementFields() {
  const { t } = useTranslation('sysAnnouncement');
  const me = useUserInfo();
  const [msgType, openType, titile] = useWatch<Values, ['msgType', 'openType', 'titile']>({ name: ['msgType', 'openType', 'titile'] });

  return (
    <>
      <TextField<Values> name="titile" label={t('field.titile')} required maxLength={MAX_TITLE} testId="announcement-title"
        rules={{
          validate: {
            required: requiredText(t('form.titleRequired')),
            length: (v) => (v.trim().length <= MAX_TITLE ? true : t('form.titleTooLong', { max: MAX_TITLE })),
          },
        }}
        below={<Text textStyle="xs" color="fg.subtle" fontVariantNumeric="tabular-nums" alignSelf="flex-end">{`${titile.length} / ${MAX_TITLE}`}</Text>} />

      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <SelectField<Values> name="msgCategory" label={t('field.msgCategory')} required testId="announcement-category" options={CATEGORIES.map((category) => ({ value: category, label: t(`category.${category}`) }))} />
        <TextField<Values> name="sender" label={t('field.sender')} helper={t('form.senderHint')} maxLength={100} placeholder={me?.realname || me?.username || undefined}
          testId="announcement-sender" />
      </SimpleGrid>

      <RadioField<Values> name="priority" label={t('field.priority')} gap="5" testId="announcement-priority"
        options={PRIORITIES.map((priority) => ({
          value: priority,
          colorPalette: PRIORITY_COLORS[priority],
          label: (
            <Badge size="sm" variant="subtle" colorPalette={PRIORITY_COLORS[priority]}>
              {t(`priority.${priority}`)}
            </Badge>
          ), }))} />

      <Fieldset.Root borderWidth="1px" rounded="md" padding="4">
        <Fieldset.Legend textStyle="sm" fontWeight="medium" paddingX="1">
          {t('field.msgType')}
        </Fieldset.Legend>
        <Fieldset.Content marginTop="1">
          <RadioField<Values> name="msgType" gap="5" testId="announcement-msg-type" options={(['ALL', 'USER'] as const).map((type) => ({ value: type, label: t(`msgType.${type}`) }))} />
          {msgType === 'USER' ? (
            <Controller<Values, 'users'>
              name="users"
              rules={{ validate: (users) => (users.length > 0 ? true : t('form.usersRequired')) }}
              render={({ field, fieldState }) => (
                <FormField label={t('field.users')} required error={fieldState.error?.message} labelProps={{ htmlFor: 'announcement-users-pick' }}>
                  <UserPicker id="announcement-users-pick" value={field.value} onChange={field.onChange} invalid={!!fieldState.error} />
                </FormField>
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
        <TextField<Values> name="startTime" label={t('field.startTime')} type="datetime-local" testId="announcement-start" rules={{ deps: ['endTime'] }} />
        <TextField<Values> name="endTime" label={t('field.endTime')} type="datetime-local" testId="announcement-end"
          rules={{ validate: (v, all) => (!v || !all.startTime || v > all.startTime ? true : t('form.endBeforeStart')) }} />
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <SelectField<Values> name="openType" label={t('field.openType')} testId="announcement-open-type" placeholder={t('openType.none')}
          options={(['url', 'component'] as const).map((type) => ({ value: type, label: t(`openType.${type}`) }))} rules={{ deps: ['openPage'] }} />
        <TextField<Values> name="openPage" label={t('field.openPage')} required={openType !== ''} root={{ disabled: openType === '', gridColumn: { sm: 'span 2' } }}
          helper={openType === 'component' ? t('form.componentHint') : t('form.urlHint')} fontFamily="mono" autoComplete="off" spellCheck={false}
          placeholder={openType === 'component' ? 'system/UserList' : '/isps/userAnnouncement'} testId="announcement-open-page"
          rules={{
            validate: (v, all) => {
              if (!all.openType) return true;
              if (!v.trim()) return t('form.openPageRequired');
              if (all.openType === 'url' && !isSafeLink(v)) return t('form.openPageInvalid');
              return true;
            },
          }}
        />
      </SimpleGrid>

      <Controller<Values, 'msgContent'>
        name="msgContent"
        rules={{
          validate: {
            required: (v) => (isBlankHtml(v) ? t('form.contentRequired') : true),
            length: (v) => (v.length <= MAX_CONTENT ? true : t('form.contentTooLong', { max: MAX_CONTENT.toLocaleString() })),
          },
        }}
        render={({ field, fieldState }) => (
          <FormField label={t('field.msgContent')} required error={fieldState.error?.message} labelProps={{ id: 'announcement-content-label' }} errorId="announcement-content-error">
            <Box width="full">
              <RichTextEditor
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                label={t('field.msgContent')}
                placeholder={t('form.contentPlaceholder')}
                invalid={!!fieldState.error}
                describedBy={fieldState.error ? 'announcement-content-error' : undefined}
                testId="announcement-content"
              />
            </Box>
          </FormField>
        )}
      />
    </>
  );
}
