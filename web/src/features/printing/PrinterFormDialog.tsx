import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../components/form/fields';
import { FormSwitch } from '../../components/form/FormSwitch';
import { RecordFormDialog, type RecordFormOpenProps } from '../../components/form/RecordFormDialog';
import { requiredText } from '../../components/form/rules';
import { orNull } from '../../components/form/serverError';
import { addPrinter, DPIS, editPrinter, LABEL_FORMATS, LABEL_SIZES, PRINTER_LIST_PATH, type LabelSize, type PrinterRecord } from './api';

interface Values {
  printerName: string;
  paperFormat: string;
  outputFormat: string;
  dpi: string;
  width: string;
  height: string;
  izHorizontal: boolean;
  izPreview: boolean;
  izDefault: boolean;
  remark: string;
}

/** The paper of a label size, millimetres (A4 sheets 210 x 297). */
const PAPER: Record<string, [number, number]> = { '100x150': [100, 150], '100x100': [100, 100], a4: [210, 297] };

const defaults = (r: PrinterRecord | undefined): Values => ({
  printerName: r?.printerName ?? '',
  paperFormat: r?.paperFormat ?? '100x150',
  outputFormat: r?.outputFormat ?? 'pdf',
  dpi: String(r?.dpi ?? 203),
  width: String(r?.width ?? 100),
  height: String(r?.height ?? 150),
  izHorizontal: r?.izHorizontal === 1,
  izPreview: r ? r.izPreview === 1 : true,
  izDefault: r?.izDefault === 1,
  remark: r?.remark ?? '',
});

const body = (v: Values) => ({
  printerName: v.printerName.trim(),
  paperFormat: v.paperFormat,
  outputFormat: v.outputFormat,
  dpi: Number(v.dpi),
  width: Number(v.width) || undefined,
  height: Number(v.height) || undefined,
  izHorizontal: v.izHorizontal ? 1 : 0,
  izPreview: v.izPreview ? 1 : 0,
  izDefault: v.izDefault ? 1 : 0,
  remark: orNull(v.remark),
});

/** Add or edit one of the user's printers. */
export function PrinterFormDialog({ record, ...dialog }: RecordFormOpenProps<PrinterRecord>) {
  const { t } = useTranslation('printer');
  return (
    <RecordFormDialog<Values, PrinterRecord>
      {...dialog}
      testId="printer-form"
      listPath={PRINTER_LIST_PATH}
      title={record ? t('editTitle', { name: record.printerName }) : t('addTitle')}
      defaultValues={() => defaults(record)}
      save={(values) => (record ? editPrinter({ ...body(values), id: record.id }) : addPrinter(body(values)))}
    >
      <Stack gap="4">
        <TextField<Values> name="printerName" label={t('field.printerName')} required testId="printer-name" helper={t('nameHelper')}
          rules={{ validate: requiredText(t('nameRequired')) }} />
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          <SelectField<Values> name="paperFormat" label={t('field.paperFormat')} required testId="printer-paper"
            options={LABEL_SIZES.map((s) => ({ value: s, label: t(`size.${s}`) }))} />
          <SelectField<Values> name="outputFormat" label={t('field.outputFormat')} required testId="printer-output"
            options={LABEL_FORMATS.map((f) => ({ value: f, label: t(`format.${f}`) }))} />
          <SelectField<Values> name="dpi" label={t('field.dpi')} required testId="printer-dpi" options={DPIS.map((d) => ({ value: String(d), label: `${d} dpi` }))} />
        </SimpleGrid>
        <SimpleGrid columns={{ base: 2 }} gap="4">
          <TextField<Values> name="width" label={t('field.width')} type="number" inputMode="numeric" testId="printer-width" helper={t('sizeHelper', { sizes: Object.entries(PAPER).map(([k, [w, h]]) => `${t(`size.${k as LabelSize}`)} ${w}×${h}`).join(' · ') })} />
          <TextField<Values> name="height" label={t('field.height')} type="number" inputMode="numeric" testId="printer-height" />
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
          <FormSwitch<Values> name="izDefault" label={t('field.izDefault')} testId="printer-default" />
          <FormSwitch<Values> name="izPreview" label={t('field.izPreview')} testId="printer-preview" />
          <FormSwitch<Values> name="izHorizontal" label={t('field.izHorizontal')} testId="printer-horizontal" />
        </SimpleGrid>
        <TextField<Values> name="remark" label={t('field.remark')} testId="printer-remark" />
      </Stack>
    </RecordFormDialog>
  );
}
