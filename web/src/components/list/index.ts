/**
 * The list-page kit: state in the URL, one hook per operation, toolbar, row actions, columns,
 * exports and layout; `useCrudList` + `CrudListPage` make a plain CRUD page one declaration.
 */
export { codeColumn, createTimeColumn, monoColumn, nameColumn, statusColumn, tagColumn, timeColumn, truncatedColumn, TwoLines } from './columns';
export { CrudListPage, useCrudList, type CrudList } from './CrudListPage';
export { downloadFile, downloadUrl } from './download';
export { FilterDict, FilterRemote, FilterSelect, FilterText, labelled } from './filterFields';
export { ListDrawer } from './ListDrawer';
export { ListEmpty } from './ListEmpty';
export { ListPage, ListSearchBar, ListSubtitle, ListTable } from './ListPage';
export { ListToolbar } from './ListToolbar';
export { actionsColumn, editDeleteActions, editDeleteColumn, RowActions, RowMenu, type RowAction, type RowMenuItem } from './rowActions';
export { statusSwitchColumn, useStatusToggle, type StatusToggle } from './statusSwitch';
export { useCsvExport, useDownload, useXlsxExport } from './useExport';
export { useFormTarget } from './useFormTarget';
export { useListOptions } from './useListOptions';
export { useListFilters, useListPage, type ListPage as ListPageState, type TextFilters } from './useListPage';
export { toastSuccess, useDeleteRecords, useInvalidateList, useListCommand, useSaveRecord } from './useRecordActions';
export { useStaticList } from './useStaticList';
