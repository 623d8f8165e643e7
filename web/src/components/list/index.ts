/** The list-page kit: state in the URL, one hook per operation, toolbar, row actions and layout. */
export { FilterSelect, FilterText } from './filterFields';
export { ListPage, ListSearchBar, ListSubtitle, ListTable } from './ListPage';
export { ListToolbar } from './ListToolbar';
export { actionsColumn, RowActions, type RowAction } from './rowActions';
export { useCsvExport } from './useCsvExport';
export { useListPage, type ListPage as ListPageState, type TextFilters } from './useListPage';
export { toastSuccess, useDeleteRecords, useInvalidateList, useListCommand, useSaveRecord } from './useRecordActions';
