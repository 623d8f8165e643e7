import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/DataTable';
import { createTimeColumn, CrudListPage, FilterSelect, FilterText, monoColumn, RowActions, tagColumn, useCrudList, type CrudList } from '../../components/list';
import { deleteTemplates, TEMPLATE_EXPORT_PATH, TEMPLATE_LIST_PATH, type PrintTemplateRecord } from './api';
import { PrintTemplateEditor, type EditorTarget } from './PrintTemplateEditor';

const EMPTY = { templateName: '', labelSize: '' };
type Filters = typeof EMPTY;
type T = TFunction<'printTemplate'>;

function templateColumns(t: T, crud: CrudList<PrintTemplateRecord, Filters>, edit: (row: PrintTemplateRecord) => void): DataColumn<PrintTemplateRecord>[] {
  return [
    { id: 'templateName', header: t('field.templateName'), sortable: true, minWidth: '180px' },
    tagColumn<PrintTemplateRecord>({ id: 'labelSize', header: t('field.labelSize'), colorPalette: 'blue', label: (row) => `${row.labelSize.replace('x', ' × ')} mm` }),
    { id: 'scope', header: t('field.scope'), cell: (row) => (row.customerId ? t('scope.customer') : row.channelProductId ? t('scope.product') : t('scope.all')) },
    monoColumn<PrintTemplateRecord>('customerId', t('field.customer'), (row) => row.customerId ?? '—', { hideBelow: 'lg' }),
    monoColumn<PrintTemplateRecord>('channelProductId', t('field.product'), (row) => row.channelProductId ?? '—', { hideBelow: 'lg' }),
    tagColumn<PrintTemplateRecord>({ id: 'izEnable', header: t('field.izEnable'), colorPalette: 'green', label: (row) => (row.izEnable === 1 ? t('enabled') : null) }),
    createTimeColumn(t('field.createTime')),
    {
      id: 'actions',
      header: '',
      sticky: true,
      cell: (row) => (
        <RowActions
          display="text"
          actions={[
            { kind: 'edit', action: 'system:printTemplate:edit', onClick: () => edit(row), testId: 'template-edit' },
            { kind: 'delete', action: 'system:printTemplate:delete', onClick: () => crud.remover.askDelete(row), testId: 'template-delete' },
          ]}
        />
      ),
    },
  ];
}

/** The print centre: the tenant's label templates (for every order, a channel product's or a customer's), edited on a millimetre grid with the real PDF beside. */
export default function PrintTemplateListPage() {
  const { t } = useTranslation('printTemplate');
  const [target, setTarget] = useState<EditorTarget>();
  const crud = useCrudList<PrintTemplateRecord, Filters>(TEMPLATE_LIST_PATH, {
    name: 'template',
    permission: 'system:printTemplate',
    ns: 'printTemplate',
    emptyFilters: EMPTY,
    remove: deleteTemplates,
    describe: (record) => t('delete.description', { name: record.templateName }),
    exportPath: TEMPLATE_EXPORT_PATH,
  });
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      subtitle={t('subtitle')}
      columns={templateColumns(t, crud, (row) => setTarget({ mode: 'edit', record: row }))}
      filters={
        <>
          <FilterText page={crud} name="templateName" label={t('field.templateName')} placeholder={t('namePlaceholder')} testId="template-search-name" />
          <FilterSelect page={crud} name="labelSize" label={t('field.labelSize')} options={['100x150', '100x100'].map((s) => ({ value: s, label: `${s.replace('x', ' × ')} mm` }))} allLabel={t('all')} testId="template-search-size" />
        </>
      }
      toolbar={{ add: { action: 'system:printTemplate:add', label: t('add'), onClick: () => setTarget({ mode: 'add' }) } }}
      dialogs={<PrintTemplateEditor target={target} onClose={() => setTarget(undefined)} />}
    />
  );
}
