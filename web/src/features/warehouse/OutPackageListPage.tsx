/**
 * Out-packages: every package of sorted parcels, newest first: search by number, status,
 * country, batch and the days opened; paging, sort (opened, number); the server's xlsx export
 * (`logistics:outPackage:export`). A new package can be opened empty (its number given or left to
 * the server), an open empty one deleted after confirmation, and each package's parcels are shown
 * in a drawer.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudListPage, ListSubtitle } from '../../components/list';
import { OutPackageFormDialog } from './OutFormDialogs';
import { OUT_PACKAGE_PERMISSION, useChannelNames, type OutPackageRecord } from './outboundApi';
import { packageColumns, packageFilterFields, PackageParcelsDrawer, PackagesEmpty, usePackageList } from './OutPackageList';

export default function OutPackageListPage() {
  const { t } = useTranslation('outPackage');
  const { t: transport } = useTranslation('carrierChannel');
  const crud = usePackageList({ name: 'out-package' });
  const channels = useChannelNames();
  const [opened, setOpened] = useState<OutPackageRecord>();
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      subtitle={<ListSubtitle>{t('subtitle')}</ListSubtitle>}
      columns={packageColumns(t, transport, { channelName: channels.name, onOpen: setOpened, onDelete: crud.actions.onDelete })}
      filters={packageFilterFields(crud, t)}
      toolbar={{ exportAction: `${OUT_PACKAGE_PERMISSION}:export` }}
      table={{ emptyState: <PackagesEmpty title={t('empty')} /> }}
      dialogs={
        <>
          <OutPackageFormDialog {...crud.form.dialog} />
          <PackageParcelsDrawer record={opened} onClose={() => setOpened(undefined)} />
        </>
      }
    />
  );
}
