import { Badge, Button, CloseButton, Drawer, EmptyState, Field, Flex, HStack, Input, Portal, Stack, Text, VStack } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Authorized } from '../../../components/Authorized';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { SlidersIcon } from '../../../components/icons';
import { SearchBar } from '../../../components/SearchBar';
import { toaster } from '../../../components/ui/toaster';
import { useLanguage } from '../../../i18n';
import { deleteDataRule, fetchDataRules, menuKeys, RULE_COLUMNS, RULE_CONDITIONS, type DataRule, type DataRuleFilters, type PermissionRecord } from './api';
import { DataRuleFormDialog } from './DataRuleFormDialog';
import { menuName } from './menuTree';

const EMPTY_FILTERS: DataRuleFilters = { ruleName: '', ruleValue: '' };

/** A rule condition in words (the operator itself when unknown). */
function useConditionLabel() {
  const { t } = useTranslation('sysMenu');
  return (condition: string) => ((RULE_CONDITIONS as readonly string[]).includes(condition) ? t(`condition.${condition as (typeof RULE_CONDITIONS)[number]}`) : condition);
}

/** A rule column with its users-page label when it is one of the known columns. */
function useColumnLabel() {
  const { t } = useTranslation('sysMenu');
  return (column: string) => ((RULE_COLUMNS as readonly string[]).includes(column) ? t(`userColumn.${column as (typeof RULE_COLUMNS)[number]}`) : undefined);
}

interface ColumnDeps {
  t: TFunction<'sysMenu'>;
  conditionLabel: (condition: string) => string;
  columnLabel: (column: string) => string | undefined;
  onEdit: (rule: DataRule) => void;
  onDelete: (rule: DataRule) => void;
}

function ruleColumns({ t, conditionLabel, columnLabel, onEdit, onDelete }: ColumnDeps): DataColumn<DataRule>[] {
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
          {columnLabel(rule.ruleColumn) ? (
            <Text textStyle="xs" color="fg.muted">
              {columnLabel(rule.ruleColumn)}
            </Text>
          ) : null}
        </VStack>
      ),
    },
    { id: 'ruleConditions', header: t('rule.conditions'), cell: (rule) => conditionLabel(rule.ruleConditions) },
    {
      id: 'ruleValue',
      header: t('rule.value'),
      cell: (rule) => (
        <Text fontFamily="mono" textStyle="xs">
          {rule.ruleValue}
        </Text>
      ),
    },
    {
      id: 'status',
      header: t('column.status'),
      cell: (rule) => (
        <Badge size="sm" variant="subtle" colorPalette={String(rule.status) === '1' ? 'green' : 'gray'}>
          {String(rule.status) === '1' ? t('status.on') : t('status.off')}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: t('action.actions', { ns: 'dataTable' }),
      sticky: true,
      cell: (rule) => (
        <HStack gap="1">
          <Authorized action="system:permission:edit">
            <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => onEdit(rule)} data-testid="rule-edit">
              {t('action.edit', { ns: 'dataTable' })}
            </Button>
          </Authorized>
          <Authorized action="system:permission:delete">
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onDelete(rule)} data-testid="rule-delete">
              {t('action.delete', { ns: 'dataTable' })}
            </Button>
          </Authorized>
        </HStack>
      ),
    },
  ];
}

/** The data rules of one menu: search, add, edit and delete (drawer opened from a menu row). */
export function DataRuleDrawer({ permission, onClose }: { permission: PermissionRecord | undefined; onClose: () => void }) {
  const { t } = useTranslation('sysMenu');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const conditionLabel = useConditionLabel();
  const columnLabel = useColumnLabel();
  const [draft, setDraft] = useState<DataRuleFilters>(EMPTY_FILTERS);
  const [filters, setFilters] = useState<DataRuleFilters>(EMPTY_FILTERS);
  const [editing, setEditing] = useState<{ rule?: DataRule }>();
  const permissionId = permission?.id ?? '';

  const query = useQuery({
    queryKey: menuKeys.rules(permissionId, filters),
    queryFn: ({ signal }) => fetchDataRules(permissionId, filters, signal),
    enabled: permission !== undefined,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...menuKeys.all, 'rules', permissionId] });

  const close = () => {
    setDraft(EMPTY_FILTERS);
    setFilters(EMPTY_FILTERS);
    onClose();
  };

  const askDelete = (rule: DataRule) =>
    confirm({
      title: t('rule.deleteTitle'),
      description: t('rule.deleteDescription', { name: rule.ruleName }),
      testId: 'rule-delete-confirm',
      onConfirm: async () => {
        const envelope = await deleteDataRule(rule.id);
        toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
        await refresh();
        // The menu's "has rules" flag may have changed.
        await queryClient.invalidateQueries({ queryKey: [...menuKeys.all, 'list'] });
      },
    });

  const columns = ruleColumns({ t, conditionLabel, columnLabel, onEdit: (rule) => setEditing({ rule }), onDelete: askDelete });

  return (
    <Drawer.Root open={permission !== undefined} onOpenChange={(details) => (details.open ? undefined : close())} size={{ base: 'full', md: 'lg' }} lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="rule-drawer">
            <Drawer.Header>
              <Drawer.Title>{t('rule.title', { name: permission ? menuName(permission, language) : '' })}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="4">
                <SearchBar
                  card={false}
                  onSearch={() => setFilters(draft)}
                  onReset={() => {
                    setDraft(EMPTY_FILTERS);
                    setFilters(EMPTY_FILTERS);
                  }}
                  loading={query.isFetching}
                  visibleOnPhone={2}
                  testId="rule-search"
                >
                  <Field.Root>
                    <Field.Label>{t('rule.searchName')}</Field.Label>
                    <Input size="sm" value={draft.ruleName} onChange={(event) => setDraft({ ...draft, ruleName: event.currentTarget.value })} data-testid="rule-search-name" />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>{t('rule.searchValue')}</Field.Label>
                    <Input size="sm" value={draft.ruleValue} onChange={(event) => setDraft({ ...draft, ruleValue: event.currentTarget.value })} data-testid="rule-search-value" />
                  </Field.Root>
                </SearchBar>
                <Flex>
                  <Authorized action="system:permission:add">
                    <Button size="sm" onClick={() => setEditing({})} data-testid="rule-add">
                      {t('rule.add')}
                    </Button>
                  </Authorized>
                </Flex>
                <DataTable
                  columns={columns}
                  rows={query.data ?? []}
                  loading={query.isFetching}
                  pagination={false}
                  getRowId={(rule) => rule.id}
                  caption={t('rule.caption')}
                  testId="rule-table"
                  emptyState={
                    <EmptyState.Root size="sm">
                      <EmptyState.Content>
                        <EmptyState.Indicator>
                          <SlidersIcon />
                        </EmptyState.Indicator>
                        <EmptyState.Description>{t('rule.empty')}</EmptyState.Description>
                      </EmptyState.Content>
                    </EmptyState.Root>
                  }
                />
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
            <DataRuleFormDialog
              open={editing !== undefined}
              onOpenChange={(open) => (open ? undefined : setEditing(undefined))}
              permissionId={permissionId}
              rule={editing?.rule}
              onSaved={() => {
                void refresh();
                void queryClient.invalidateQueries({ queryKey: [...menuKeys.all, 'list'] });
              }}
            />
            {dialog}
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
