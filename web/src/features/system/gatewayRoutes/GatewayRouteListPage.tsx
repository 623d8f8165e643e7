/**
 * Gateway routes (the platform's staff): calls to `/boot/gateway/{routerId}/…` are forwarded to
 * the route's upstream once the caller's session (and roles, when the route names some) is
 * checked. Search by route id or name and by status; add and edit (checked by core against the
 * operator's allowed upstreams), delete, batch delete and the server's xlsx export.
 */
import { Badge, HStack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { statusOptions } from '../../../components/form/options';
import { CrudListPage, editDeleteColumn, FilterSelect, FilterText, monoColumn, statusColumn, timeColumn, useCrudList, type CrudList } from '../../../components/list';
import {
  callPath,
  deleteGatewayRoute,
  deleteGatewayRoutes,
  GATEWAY_ROUTE_EXPORT_PATH,
  GATEWAY_ROUTE_LIST_PATH,
  GATEWAY_ROUTE_PERMISSION,
  type GatewayRouteRecord,
} from './api';
import { GatewayRouteFormDialog, roleCodesOf } from './GatewayRouteFormDialog';

const EMPTY = { name: '', status: '' };
type Filters = typeof EMPTY;
type T = TFunction<'gatewayRoute'>;

/** The roles that may call a route, or "every signed-in user". */
function RolesCell({ row, t }: { row: GatewayRouteRecord; t: T }) {
  const codes = roleCodesOf(row);
  if (codes.length === 0) {
    return (
      <Text textStyle="sm" color="fg.muted">
        {t('roles.everyone')}
      </Text>
    );
  }
  return (
    <HStack gap="1" wrap="wrap" maxWidth="220px">
      {codes.map((code) => (
        <Badge key={code} size="sm" variant="subtle" colorPalette="purple" fontFamily="mono">
          {code}
        </Badge>
      ))}
    </HStack>
  );
}

function gatewayRouteColumns(t: T, crud: CrudList<GatewayRouteRecord, Filters>): DataColumn<GatewayRouteRecord>[] {
  return [
    monoColumn<GatewayRouteRecord>('routerId', t('field.routerId'), (row) => row.routerId, { sortable: true, strong: true }),
    { id: 'name', header: t('field.name'), sortable: true, minWidth: '140px' },
    // The upstream cut to one line (whole in the tooltip); the call path (the route id's, also the
    // edit dialog's subtitle) and the strip-prefix switch only on the widest screens: with them the
    // table no longer fits a desktop's 1,200 px of content and its last columns slide under the
    // actions.
    {
      id: 'uri',
      header: t('field.uri'),
      sortable: true,
      hideBelow: 'md',
      cell: (row) => (
        <Text fontFamily="mono" textStyle="xs" truncate maxWidth="240px" title={row.uri}>
          {row.uri}
        </Text>
      ),
    },
    monoColumn<GatewayRouteRecord>('callPath', t('field.callPath'), (row) => callPath(row.routerId), { size: 'xs', hideBelow: '2xl' }),
    { id: 'stripPrefix', header: t('field.stripPrefix'), hideBelow: '2xl', cell: (row) => (row.stripPrefix === 1 ? t('stripPrefix.1') : t('stripPrefix.0')) },
    { id: 'timeout', header: t('field.timeout'), sortable: true, hideBelow: 'lg', cell: (row) => <Text whiteSpace="nowrap">{t('timeoutMs', { ms: row.timeout })}</Text> },
    statusColumn<GatewayRouteRecord>(t('field.status'), (row) => row.status === 1, (row) => (row.status === 1 ? t('status.1') : t('status.0'))),
    { id: 'roleCodes', header: t('field.roles'), hideBelow: 'md', cell: (row) => <RolesCell row={row} t={t} /> },
    timeColumn<GatewayRouteRecord>('updateTime', t('field.updateTime'), (row) => row.updateTime ?? row.createTime, { hideBelow: 'xl' }),
    editDeleteColumn('text', crud.actions),
  ];
}

export default function GatewayRouteListPage() {
  const { t } = useTranslation('gatewayRoute');
  const crud = useCrudList<GatewayRouteRecord, Filters>(GATEWAY_ROUTE_LIST_PATH, {
    name: 'gateway-route',
    permission: GATEWAY_ROUTE_PERMISSION,
    ns: 'gatewayRoute',
    emptyFilters: EMPTY,
    defaultSort: { column: 'routerId', order: 'asc' },
    remove: deleteGatewayRoutes,
    removeOne: (record) => deleteGatewayRoute(record.id),
    describe: (record) => t('delete.description', { name: `${record.routerId} ${record.name}` }),
    exportPath: GATEWAY_ROUTE_EXPORT_PATH,
  });
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      subtitle={t('subtitle')}
      columns={gatewayRouteColumns(t, crud)}
      filters={
        <>
          <FilterText page={crud} name="name" label={t('filter.name')} placeholder={t('filter.namePlaceholder')} testId="gateway-route-search-name" />
          <FilterSelect page={crud} name="status" immediate label={t('field.status')} options={statusOptions((status) => t(`status.${status}`))} allLabel={t('filter.all')} testId="gateway-route-search-status" />
        </>
      }
      dialogs={<GatewayRouteFormDialog {...crud.form.dialog} />}
    />
  );
}
