import { Badge, Text, VStack } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { DataColumn } from '../../../components/DataTable';
import { SlidersIcon } from '../../../components/icons';
import { editDeleteColumn, FilterText, ListDrawer, ListEmpty, monoColumn, ListPage, ListSearchBar, ListTable, ListToolbar, useDeleteRecords, useFormTarget, useListFilters, useStaticList } from '../../../components/list';
import { useLanguage } from '../../../i18n';
import { deleteDataRule, fetchDataRules, menuKeys, RULE_COLUMNS, RULE_CONDITIONS, type DataRule, type PermissionRecord } from './api';
import { DataRuleFormDialog } from './DataRuleFormDialog';
import { menuName } from './menuTree';

/** The search of the rules, empty. */
const EMPTY = { ruleName: '', ruleValue: '' };

type T = TFunction<'sysMenu'>;

/** A rule condition in words (the operator itself when unknown). */
const conditionLabel = (t: T, condition: string) =>
  (RULE_CONDITIONS as readonly string[]).includes(condition) ? t(`condition.${condition as (typeof RULE_CONDITIONS)[number]}`) : condition;

/** A rule column with its users-page label when it is one of the known columns. */
const columnLabel = (t: T, column: string) => ((RULE_COLUMNS as readonly string[]).includes(column) ? t(`userColumn.${column as (typeof RULE_COLUMNS)[number]}`) : undefined);

function ruleColumns(t: T, onEdit: (rule: DataRule) => void, onDelete: (rule: DataRule) => void): DataColumn<DataRule>[] {
  return [
    { id: 'ruleName', header: t('rule.name'), minWidth: '120px' },
    {
      id: 'ruleColumn',
      header: t('rule.column'),
      cell: (rule) => (
        <VStack align="start" gap="0">
          <Text fontFamily="mono" textStyle="xs">
            {rule.ruleColumn}
          </Text>
          {columnLabel(t, rule.ruleColumn) ? (
            <Text textStyle="xs" color="fg.muted">
              {columnLabel(t, rule.ruleColumn)}
            </Text>
          ) : null}
        </VStack>
      ),
    },
    { id: 'ruleConditions', header: t('rule.conditions'), cell: (rule) => conditionLabel(t, rule.ruleConditions) },
    monoColumn<DataRule>('ruleValue', t('rule.value'), (rule) => rule.ruleValue, { size: 'xs' }),
    {
      id: 'status',
      header: t('column.status'),
      cell: (rule) => (
        <Badge size="sm" variant="subtle" colorPalette={String(rule.status) === '1' ? 'green' : 'gray'}>
          {String(rule.status) === '1' ? t('status.on') : t('status.off')}
        </Badge>
      ),
    },
    editDeleteColumn<DataRule>('text', { permission: 'system:permission', testId: 'rule', onEdit, onDelete }),
  ];
}

/** The data rules of one menu: search, add, edit and delete (drawer opened from a menu row). */
export function DataRuleDrawer({ permission, onClose }: { permission: PermissionRecord | undefined; onClose: () => void }) {
  const { t } = useTranslation('sysMenu');
  const language = useLanguage();
  return (
    <ListDrawer open={permission !== undefined} onClose={onClose} title={t('rule.title', { name: permission ? menuName(permission, language) : '' })} testId="rule-drawer">
      {permission ? <RulesPanel permissionId={permission.id} /> : null}
    </ListDrawer>
  );
}

function RulesPanel({ permissionId }: { permissionId: string }) {
  const { t } = useTranslation('sysMenu');
  const queryClient = useQueryClient();
  const form = useFormTarget<DataRule>();
  const filters = useListFilters(EMPTY, { inUrl: false });
  const query = useQuery({ queryKey: menuKeys.rules(permissionId, filters.filters), queryFn: ({ signal }) => fetchDataRules(permissionId, filters.filters, signal) });
  const list = useStaticList(query);
  const page = { ...filters, list };
  // The rules, and the menu's "has rules" flag.
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: [...menuKeys.all, 'rules', permissionId] });
    await queryClient.invalidateQueries({ queryKey: [...menuKeys.all, 'list'] });
  };
  const remover = useDeleteRecords<DataRule>({
    removeOne: (rule) => deleteDataRule(rule.id),
    title: t('rule.deleteTitle'),
    describe: (rule) => t('rule.deleteDescription', { name: rule.ruleName }),
    testId: 'rule-delete-confirm',
    afterDelete: refresh,
  });

  return (
    <ListPage
      plain
      search={
        <ListSearchBar page={page} testId="rule-search">
          <FilterText page={page} name="ruleName" label={t('rule.searchName')} testId="rule-search-name" />
          <FilterText page={page} name="ruleValue" label={t('rule.searchValue')} testId="rule-search-value" />
        </ListSearchBar>
      }
      toolbar={<ListToolbar testIdPrefix="rule" add={{ action: 'system:permission:add', label: t('rule.add'), onClick: form.add }} />}
      dialogs={
        <>
          <DataRuleFormDialog open={form.open} onOpenChange={form.dialog.onOpenChange} permissionId={permissionId} rule={form.record} onSaved={() => void refresh()} />
          {remover.dialog}
        </>
      }
    >
      <ListTable
        list={list}
        pagination={false}
        columns={ruleColumns(t, form.edit, remover.askDelete)}
        getRowId={(rule) => rule.id}
        caption={t('rule.caption')}
        testId="rule-table"
        emptyState={<ListEmpty icon={<SlidersIcon />} description={t('rule.empty')} />}
      />
    </ListPage>
  );
}
