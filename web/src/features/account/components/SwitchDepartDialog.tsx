import { Dialog, RadioGroup, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FormFooter } from '../../../components/form/FormFooter';
import { DialogShell, type FormOpenProps } from '../../../components/overlay';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../../components/ui/toaster';
import { message } from '../../../core';
import { currentLanguage } from '../../../i18n';
import { getUserInfo, setUserInfo } from '../../../lib/session';
import { fetchCurrentDeparts, selectDepart } from '../api/account';

/** The list and the choice; mounted while the dialog is open, so every opening starts afresh. */
function DepartChooser({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('account');
  const departs = useQuery({ queryKey: ['account', 'departs'], queryFn: fetchCurrentDeparts, staleTime: 0, gcTime: 0 });
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const list = departs.data?.list ?? [];
  const selected = choice ?? departs.data?.orgCode ?? null;
  const empty = departs.isSuccess && list.length === 0;

  // No department: warn and close (spec section 2); a failed load was already shown as a notice.
  useEffect(() => {
    if (empty) toaster.create({ type: 'warning', title: message('no_depart', currentLanguage()), duration: 4000 });
    if (empty || departs.isError) onClose();
  }, [empty, departs.isError, onClose]);

  async function confirm() {
    const user = getUserInfo();
    if (!selected) {
      setError(message('depart_required', currentLanguage()));
      return;
    }
    if (!user) return;
    setSaving(true);
    try {
      const envelope = await selectDepart(selected, user.username);
      if (envelope.result?.userInfo) setUserInfo(envelope.result.userInfo);
      toaster.create({ type: 'success', title: message('depart_switched', currentLanguage()), duration: 3000 });
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setSaving(false);
    }
  }

  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            {t('depart.hint')}
          </Text>
          <ErrorAlert message={error} testId="switch-depart-error" />
          {departs.isPending ? (
            <Stack gap="2">
              <Skeleton h="10" />
              <Skeleton h="10" />
            </Stack>
          ) : (
            <RadioGroup.Root
              value={selected}
              onValueChange={(details) => {
                setChoice(details.value);
                setError(undefined);
              }}
            >
              <Stack gap="2">
                {list.map((depart) => (
                  <RadioGroup.Item
                    key={depart.orgCode}
                    value={depart.orgCode}
                    px="3"
                    py="2.5"
                    borderWidth="1px"
                    rounded="md"
                    cursor="pointer"
                    borderColor={selected === depart.orgCode ? 'colorPalette.solid' : 'border'}
                    bg={selected === depart.orgCode ? 'colorPalette.subtle' : undefined}
                    data-testid={`depart-${depart.orgCode}`}
                  >
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText flex="1">{depart.departName}</RadioGroup.ItemText>
                    <Text as="span" fontSize="xs" color="fg.muted">
                      {depart.orgCode}
                    </Text>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
          )}
        </Stack>
      </Dialog.Body>
      <FormFooter
        kind="dialog"
        size="md"
        saving={saving}
        submitDisabled={departs.isPending}
        onConfirm={() => void confirm()}
        submitTestId="switch-depart-confirm"
        cancelLabel={t('action.cancel', { ns: 'common' })}
        submitLabel={t('action.confirm', { ns: 'common' })}
      />
    </>
  );
}

/**
 * The department switch modal (450 px): the user's departments with the current one chosen;
 * none → "您尚未设置部门信息!" and close; confirming needs a choice.
 */
export function SwitchDepartDialog({ open, onOpenChange }: FormOpenProps) {
  const { t } = useTranslation('account');
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} testId="switch-depart-dialog" size="md" contentProps={{ maxW: '450px', mx: '4' }}>
      <Dialog.Header>
        <Dialog.Title>{t('depart.title')}</Dialog.Title>
      </Dialog.Header>
      {open ? <DepartChooser onClose={close} /> : null}
    </DialogShell>
  );
}
