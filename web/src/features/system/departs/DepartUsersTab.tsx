import { Badge, EmptyState, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn, type PageState } from '../../../components/DataTable';
import { UserIcon } from '../../../components/icons';
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
      cell: (user) =>
        Number(user.status) === 2 ? (
          <Badge size="sm" variant="subtle" colorPalette="red">
            {t('user.statusFrozen')}
          </Badge>
        ) : (
          <Badge size="sm" variant="subtle" colorPalette="green">
            {t('user.statusNormal')}
          </Badge>
        ),
    },
  ];
}

/** "Users": the department's users (read-only; the server answers them all, the table pages here). */
export function DepartUsersTab({ departId }: { departId: string }) {
  const { t } = useTranslation('sysDepart');
  const [page, setPage] = useState<PageState>({ pageNo: 1, pageSize: 10 });
  const query = useQuery({ queryKey: departKeys.users(departId), queryFn: ({ signal }) => fetchDepartUsers(departId, signal) });
  const users = query.data ?? [];
  const start = (page.pageNo - 1) * page.pageSize;

  return (
    <DataTable
      columns={userColumns(t)}
      rows={users.slice(start, start + page.pageSize)}
      total={users.length}
      loading={query.isFetching}
      page={page}
      onPageChange={setPage}
      getRowId={(user) => user.id}
      caption={t('user.caption')}
      testId="depart-users"
      emptyState={
        <EmptyState.Root size="sm">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <UserIcon />
            </EmptyState.Indicator>
            <Text textStyle="sm" color="fg.muted">
              {t('user.empty')}
            </Text>
          </EmptyState.Content>
        </EmptyState.Root>
      }
    />
  );
}
