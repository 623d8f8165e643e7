/**
 * A form field that fills itself from a popup picker (JeecgBoot's `JPopup`): read-only text and a
 * button opening {@link PopupPicker} on the report `code`. On confirming, each of `destFields`
 * gets the picked records' values of the `orgFields` field at the same place, joined with `,`
 * (`onChange`); the text shows the value of `field` (default: the first target field).
 *
 * A configuration core refuses (`popupIssue`: no code or fields, or not as many source fields as
 * targets) is said at once, as an error toast and under the field, and the button stays disabled.
 *
 * ```tsx
 * <PopupField code="dict_popup" orgFields="code,name" destFields="dictCode,dictName" onChange={(values) => …} />
 * ```
 */
import { Button, Group, Input, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { popupIssue } from '../../core';
import { useLanguage } from '../../i18n';
import { FormNote } from '../form/FormField';
import { SearchIcon } from '../icons';
import { toaster } from '../ui/toaster';
import { popupValues } from './api';
import { PopupPicker, type PopupParams } from './PopupPicker';

export interface PopupFieldProps {
  /** The report's code. */
  code: string;
  /** The report's fields read, comma-separated (`code,name`). */
  orgFields: string;
  /** The form's fields filled, comma-separated, as many (`dictCode,dictName`). */
  destFields: string;
  /** The target field whose value the text shows (default: the first of `destFields`). */
  field?: string;
  /** The text shown (controlled); without it, the last pick's value of `field`. */
  value?: string;
  multi?: boolean;
  groupId?: string;
  param?: PopupParams;
  /** Each target field to its new value. */
  onChange: (values: Record<string, string>) => void;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  id?: string;
  'aria-label'?: string;
  /** `data-testid` of the field; `-input`, `-button`, `-error` and `-picker` of its parts. */
  testId?: string;
}

export function PopupField({ code, orgFields, destFields, field, value, multi = false, groupId, param, onChange, placeholder, disabled = false, invalid = false, id, 'aria-label': ariaLabel, testId = 'popup-field' }: PopupFieldProps) {
  const { t } = useTranslation('popup');
  const lang = useLanguage();
  const issue = popupIssue(code, orgFields, destFields, lang);
  const [open, setOpen] = useState(false);
  const [own, setOwn] = useState('');
  const target = (field ?? destFields.split(',')[0] ?? '').trim();
  const shown = value ?? own;
  const blocked = disabled || issue !== undefined;

  // Said as soon as the field shows (and again when its settings change).
  useEffect(() => {
    if (issue) toaster.create({ id: `popup-config-${testId}`, type: 'error', title: issue, duration: 4000, closable: true });
  }, [issue, testId]);

  const openPicker = () => {
    if (!blocked) setOpen(true);
  };
  return (
    <Stack gap="1" width="full" data-testid={testId}>
      <Group attached width="full">
        <Input
          size="sm"
          id={id}
          readOnly
          value={shown}
          placeholder={placeholder ?? t('placeholder')}
          aria-label={ariaLabel}
          aria-invalid={invalid || issue !== undefined || undefined}
          disabled={disabled}
          cursor={blocked ? undefined : 'pointer'}
          onClick={openPicker}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              openPicker();
            }
          }}
          data-testid={`${testId}-input`}
        />
        <Button size="sm" variant="outline" disabled={blocked} onClick={openPicker} data-testid={`${testId}-button`}>
          <SearchIcon />
          {t('choose')}
        </Button>
      </Group>
      <FormNote testId={`${testId}-error`}>{issue}</FormNote>
      {issue === undefined ? (
        <PopupPicker
          open={open}
          onOpenChange={setOpen}
          code={code.trim()}
          multi={multi}
          groupId={groupId}
          param={param}
          testId={`${testId}-picker`}
          onOk={(rows) => {
            const values = popupValues(rows, orgFields, destFields);
            setOwn(values[target] ?? '');
            onChange(values);
          }}
        />
      ) : null}
    </Stack>
  );
}
