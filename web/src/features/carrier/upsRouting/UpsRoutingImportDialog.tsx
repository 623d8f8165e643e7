/**
 * Staff import UPS's routing file (CSV or xlsx). Core checks every row on the server: with any bad
 * row nothing changes and each is listed here by row; otherwise the countries the file holds are
 * replaced and a notice says how many rows came in for which countries.
 */
import { Input } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/FormField';
import { SheetUploadDialog, sheetUploadTexts, type SheetT } from '../../../components/form/SheetUploadDialog';
import { toastSuccess } from '../../../components/list';
import { importUpsRouting, UPS_ROUTING_MAX_BYTES, type UpsRoutingImport } from './api';

/** A template with the headings the server reads (UPS's), and example rows. */
const TEMPLATE = 'Country,Postal Low,Postal High,URC\nUS,10000,10299,NY 100 9-05\nUS,900,961,CA 900 2-01\nHK,,,HK 000 1-00\n';

interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}

export function UpsRoutingImportDialog({ open, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation('upsRouting');
  const [version, setVersion] = useState('');
  return (
    <SheetUploadDialog<UpsRoutingImport>
      open={open}
      onClose={onClose}
      testId="ups-routing-import"
      texts={sheetUploadTexts(t as SheetT, 'import')}
      template={{ name: 'ups-routing.csv', csv: TEMPLATE }}
      maxBytes={UPS_ROUTING_MAX_BYTES}
      upload={async (file) => (await importUpsRouting(file, version)).result}
      onUploaded={(report) => {
        toastSuccess(t('import.done', { added: report?.added ?? 0, countries: (report?.countries ?? []).join(', '), replaced: report?.replaced ?? 0 }));
        onImported();
        return undefined;
      }}
    >
      <FormField label={t('field.version')} helper={t('import.versionHelp')}>
        <Input size="sm" maxLength={32} value={version} onChange={(e) => setVersion(e.currentTarget.value)} data-testid="ups-routing-import-version" />
      </FormField>
    </SheetUploadDialog>
  );
}
