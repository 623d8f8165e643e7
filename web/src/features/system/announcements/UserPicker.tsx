import { Button, Dialog, HStack, Stack, Tag, Text, Wrap } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { FormFooter } from '../../../components/form/FormFooter';
import { UserIcon } from '../../../components/icons';
import { FilterSelect, FilterText, labelled, ListEmpty, ListPage, ListSearchBar, ListTable, useListPage } from '../../../components/list';
import { DialogShell, OverlayHeader } from '../../../components/overlay';
import { USER_LIST_PATH, type PickedUser } from './api';

const userName = (user: PickedUser) => user.realname || user.username || user.id;

/** The chosen users as removable tags. */
function UserTags({ users, onRemove, testId }: { users: PickedUser[]; onRemove: (id: string) => void; testId: string }) {
  const { t } = useTranslation('sysAnnouncement');
  return (
    <Wrap gap="1.5" data-testid={testId}>
      {users.map((user) => (
        <Tag.Root key={user.id} size="md" variant="subtle" colorPalette="blue" data-testid={`${testId}-tag`}>
          <Tag.Label>{userName(user)}</Tag.Label>
          <Tag.EndElement>
            <Tag.CloseTrigger aria-label={t('users.remove', { name: userName(user) })} onClick={() => onRemove(user.id)} data-testid={`${testId}-remove`} />
          </Tag.EndElement>
        </Tag.Root>
      ))}
    </Wrap>
  );
}

interface UserPickerProps {
  value: PickedUser[];
  onChange: (users: PickedUser[]) => void;
  invalid?: boolean;
  /** `id` of the "choose" button (for the field label). */
  id?: string;
}

/** The receivers of an announcement addressed to chosen users: tags plus a searchable, paged user list. */
export function UserPicker({ value, onChange, invalid = false, id }: UserPickerProps) {
  const { t } = useTranslation('sysAnnouncement');
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="2">
      {value.length > 0 ? (
        <UserTags users={value} onRemove={(removed) => onChange(value.filter((user) => user.id !== removed))} testId="announcement-users" />
      ) : (
        <Text textStyle="sm" color={invalid ? 'fg.error' : 'fg.muted'}>
          {t('users.none')}
        </Text>
      )}
      <HStack>
        <Button id={id} size="sm" variant="outline" onClick={() => setOpen(true)} data-testid="announcement-users-pick">
          <UserIcon />
          {value.length > 0 ? t('users.change', { count: value.length }) : t('users.pick')}
        </Button>
      </HStack>
      {/* Rendered inside the announcement form: its search must not submit that form. */}
      <DialogShell open={open} onOpenChange={setOpen} size={{ base: 'full', md: 'lg' }} testId="user-picker" contentProps={{ onSubmit: (event) => event.stopPropagation() }}>
        <PickerBody
          initial={value}
          onDone={(users) => {
            onChange(users);
            setOpen(false);
          }}
        />
      </DialogShell>
    </Stack>
  );
}

/** The picker's search, empty: `field` (`realname` or `username`) is what the keyword searches. */
const EMPTY = { field: 'realname', keyword: '' };
type Filters = typeof EMPTY;

/** The picker's columns (outside the component so cells are not components declared in render). */
function pickerColumns(t: TFunction<'sysAnnouncement'>): DataColumn<PickedUser>[] {
  return [
    { id: 'realname', header: t('users.realname'), sortable: true, cell: (user) => <Text fontWeight="medium">{user.realname || '—'}</Text> },
    { id: 'username', header: t('users.username'), sortable: true },
  ];
}

function PickerBody({ initial, onDone }: { initial: PickedUser[]; onDone: (users: PickedUser[]) => void }) {
  const { t } = useTranslation('sysAnnouncement');
  const page = useListPage<PickedUser, Filters>(USER_LIST_PATH, {
    emptyFilters: EMPTY,
    params: ({ field, keyword }) => (keyword.trim() ? { [field]: keyword.trim() } : {}),
    defaultSort: { column: 'realname', order: 'asc' },
    inUrl: false,
  });
  const { list } = page;
  // Kept here, not in the list: a new search must not forget who was chosen.
  const [picked, setPicked] = useState<PickedUser[]>(initial);

  const select = (ids: string[]) => {
    const chosen = new Set(ids);
    const kept = picked.filter((user) => chosen.has(user.id));
    const known = new Set(kept.map((user) => user.id));
    const added = list.rows.filter((user) => chosen.has(user.id) && !known.has(user.id));
    setPicked([...kept, ...added]);
  };

  return (
    <>
      <OverlayHeader title={t('users.title')} />
      <Dialog.Body>
        <ListPage
          plain
          search={
            // Reset empties the keyword and keeps what it searches.
            <ListSearchBar page={page} onReset={() => page.search({ ...EMPTY, field: page.draft.field })} testId="user-picker-search">
              <FilterSelect page={page} name="field" label={t('users.searchBy')} options={labelled(['realname', 'username'], (field) => t(`users.${field}`))} testId="user-picker-field" />
              <FilterText page={page} name="keyword" label={t('users.keyword')} placeholder={t('users.keywordPlaceholder')} testId="user-picker-keyword" />
            </ListSearchBar>
          }
          toolbar={
            picked.length > 0 ? (
              <Stack gap="1.5">
                <Text textStyle="xs" color="fg.muted">
                  {t('users.chosen', { count: picked.length })}
                </Text>
                <UserTags users={picked} onRemove={(removed) => setPicked(picked.filter((user) => user.id !== removed))} testId="user-picker-chosen" />
              </Stack>
            ) : null
          }
        >
          <ListTable
            list={list}
            columns={pickerColumns(t)}
            selection={{ ids: picked.map((user) => user.id), onChange: select }}
            getRowId={(user) => user.id}
            caption={t('users.title')}
            testId="user-picker-table"
            emptyState={<ListEmpty icon={<UserIcon />} title={t('users.emptyTitle')} description={t('users.emptyDescription')} />}
          />
        </ListPage>
      </Dialog.Body>
      <FormFooter kind="dialog" saving={false} onConfirm={() => onDone(picked)} submitLabel={t('users.done', { count: picked.length })} submitTestId="user-picker-done" />
    </>
  );
}
