import { Badge } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { UserIcon } from '../../../components/icons';
import { ListEmpty, ListTable, useStaticList } from '../../../components/list';
import { departKeys, fetchDepartUsers, type DepartUser } from './api';

function userColumns(t: TFunction<'sysDepart'>): DataColumn<DepartUser>[] {
  return [
    { id: 'username', header: t('user.username') },
    { id: 'realname', header: t('user.realname') },
    { id: 'workNo', header: t('user.workNo'), hideBelow: 'md' },
    { id: 'phone', header: t('user.phone'), hideBelow: 'sm' },
    { id: 'email', header: t('user.email'), hideBelow: 'lg' },
    {
      id: 'status',
      header: t('user.status'),
      cell: (user) => (
        <Badge size="sm" variant="subtle" colorPalette={Number(user.status) === 2 ? 'red' : 'green'}>
          {Number(user.status) === 2 ? t('user.statusFrozen') : t('user.statusNormal')}
        </Badge>
      ),
    },
  ];
}

/** "Users": the department's users (read-only; the server answers them all, the table pages here). */
export function DepartUsersTab({ departId }: { departId: string }) {
  const { t } = useTranslation('sysDepart');
  const list = useStaticList(useQuery({ queryKey: departKeys.users(departId), queryFn: ({ signal }) => fetchDepartUsers(departId, signal) }), { paged: true });
  return (
    <ListTable
      list={list}
      columns={userColumns(t)}
      getRowId={(user) => user.id}
      caption={t('user.caption')}
      testId="depart-users"
      emptyState={<ListEmpty icon={<UserIcon />} description={t('user.empty')} />}
    />
  );
}
