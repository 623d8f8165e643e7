/**
 * Staff upload tracking events as a CSV (UTF-8) or xlsx file. The server checks every cell with
 * core's rules: with any bad cell nothing is stored and each is listed here by row; otherwise it
 * says how many were stored, how many it had already, and which numbers no order has.
 */
import { useTranslation } from 'react-i18next';
import { SheetUploadDialog, sheetUploadTexts, type SheetT } from '../../components/form/SheetUploadDialog';
import { toastSuccess } from '../../components/list';
import { uploadTrackEvents, UPLOAD_MAX_BYTES, type TrackUploadReport } from './api';

/** A template with the headings the server reads, and one example row. */
const TEMPLATE = 'number,code,time,location,detail,detailEn,reason,pieces\nLS000000017CN,delivered,2026-11-28 10:00 +08:00,Shenzhen,已签收,Delivered,,1\n';

interface TrackUploadDialogProps {
  open: boolean;
  onClose: () => void;
  onUploaded: () => void;
}

export function TrackUploadDialog({ open, onClose, onUploaded }: TrackUploadDialogProps) {
  const { t } = useTranslation('trackEvent');
  return (
    <SheetUploadDialog<TrackUploadReport>
      open={open}
      onClose={onClose}
      testId="track-upload"
      texts={sheetUploadTexts(t as SheetT, 'upload')}
      template={{ name: 'tracking-events.csv', csv: TEMPLATE }}
      maxBytes={UPLOAD_MAX_BYTES}
      upload={async (file) => (await uploadTrackEvents(file)).result}
      onUploaded={(report) => {
        toastSuccess(t('upload.done', { stored: report?.stored ?? 0, duplicates: report?.duplicates ?? 0 }));
        onUploaded();
        // Numbers no order has: said, and the dialog stays open.
        return report && report.unknown.length > 0 ? t('upload.unknown', { count: report.unknown.length, numbers: report.unknown.slice(0, 20).join(', ') }) : undefined;
      }}
    />
  );
}
