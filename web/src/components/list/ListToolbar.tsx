import { Box, Button, Flex, IconButton } from '@chakra-ui/react';
import { createContext, useContext, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../Authorized';
import { DownloadIcon, PlusIcon, RefreshIcon, TrashIcon } from '../icons';

/** `children` behind `action` when there is one, else as they are. */
export function Permitted({ action, children }: { action: string | undefined; children: ReactElement }) {
  return action ? <Authorized action={action}>{children}</Authorized> : children;
}

/** True inside a {@link ListPage} card header: the toolbar sits beside the title, without a spacer. */
export const ToolbarInHeader = createContext(false);

export interface ListToolbarProps {
  /** Prefix of the buttons' `data-testid`s: `${testIdPrefix}-add`, `-batch-delete`, `-export`. */
  testIdPrefix: string;
  /** The add button: its permission, label and action. */
  add?: { action: string; label: string; onClick: () => void };
  /** The batch delete button (permission and action; the label is the common one). */
  batchDelete?: { action: string; onClick: () => void };
  /** The export button (see `useXlsxExport`, `useCsvExport`), behind `exportAction` when given. */
  exporter?: { run: () => unknown; exporting: boolean };
  exportAction?: string;
  /** A refresh icon button at the end. */
  onRefresh?: () => unknown;
  /** More buttons right after the add button. */
  leading?: ReactNode;
  /** More buttons after the batch delete button. */
  children?: ReactNode;
  /** Shown at the far end (before export): a legend, a summary badge. */
  end?: ReactNode;
}

/** The buttons above a list: add, batch delete, export and refresh, each behind its permission. */
export function ListToolbar({ testIdPrefix, add, batchDelete, exporter, exportAction, onRefresh, leading, children, end }: ListToolbarProps) {
  const { t } = useTranslation('dataTable');
  const inHeader = useContext(ToolbarInHeader);
  return (
    <Flex gap="2" wrap="wrap" align="center">
      {add ? (
        <Authorized action={add.action}>
          <Button size="sm" onClick={add.onClick} data-testid={`${testIdPrefix}-add`}>
            <PlusIcon />
            {add.label}
          </Button>
        </Authorized>
      ) : null}
      {leading}
      {batchDelete ? (
        <Authorized action={batchDelete.action}>
          <Button size="sm" variant="outline" colorPalette="red" onClick={batchDelete.onClick} data-testid={`${testIdPrefix}-batch-delete`}>
            <TrashIcon />
            {t('action.batchDelete')}
          </Button>
        </Authorized>
      ) : null}
      {children}
      {!inHeader && (end || exporter || onRefresh) ? <Box flex="1" /> : null}
      {end}
      {exporter ? (
        <Permitted action={exportAction}>
          <Button size="sm" variant="outline" loading={exporter.exporting} onClick={() => void exporter.run()} data-testid={`${testIdPrefix}-export`}>
            <DownloadIcon />
            {t('export.button')}
          </Button>
        </Permitted>
      ) : null}
      {onRefresh ? (
        <IconButton size="sm" variant="ghost" aria-label={t('action.refresh')} title={t('action.refresh')} onClick={() => void onRefresh()}>
          <RefreshIcon />
        </IconButton>
      ) : null}
    </Flex>
  );
}
