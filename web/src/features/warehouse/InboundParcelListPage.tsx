/**
 * Inbound parcels: every parcel the warehouse received, read-only, newest first: numbers pasted
 * in bulk, the destination country and the days received; paging, sort (received time, order
 * number) and the server's xlsx export (`logistics:inbound:export`). The parcel that completed its
 * order shows the re-weigh adjustment the order was settled with.
 */
import { useTranslation } from 'react-i18next';
import { CrudListPage, ListSubtitle } from '../../components/list';
import { INBOUND_PERMISSION } from './api';
import { InboundEmpty, inboundColumns, inboundFilterFields, useInboundList } from './InboundList';

export default function InboundParcelListPage() {
  const { t } = useTranslation('inbound');
  const crud = useInboundList();
  return (
    <CrudListPage
      crud={crud}
      title={t('listTitle')}
      subtitle={<ListSubtitle>{t('listSubtitle')}</ListSubtitle>}
      columns={inboundColumns(t)}
      filters={inboundFilterFields(crud, t)}
      toolbar={{ add: undefined, exportAction: `${INBOUND_PERMISSION}:export` }}
      table={{ emptyState: <InboundEmpty /> }}
    />
  );
}
