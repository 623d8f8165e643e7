/**
 * A customer's recharge (`POST /logistics/wallet/recharge/add`, `Idempotency-Key` per opened
 * dialog): currency and amount (core's `amountIssue`, the server's own rule and message), and how
 * it is paid — a bank transfer names the payer's reference and carries its voucher (an image or
 * PDF up to 5 MB, `POST /sys/common/upload` with `biz=voucher`), the sandbox is paid online right
 * after ({@link SandboxPayDialog}).
 */
import { Alert, Box, Dialog, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FileUploadField } from '../../../components/form/FileUploadField';
import { FormFooter } from '../../../components/form/FormFooter';
import { RadioField, SelectField, TextareaField, TextField } from '../../../components/form/fields';
import { isOneOf } from '../../../components/form/options';
import { RecordFormDialog, useKeptWhileClosing, type FormOpenProps } from '../../../components/form/RecordFormDialog';
import { orNull } from '../../../components/form/serverError';
import { ExternalLinkIcon } from '../../../components/icons';
import { toastSuccess, useInvalidateList } from '../../../components/list';
import { DialogShell, OverlayHeader } from '../../../components/overlay';
import { toaster } from '../../../components/ui/toaster';
import {
  ACCOUNT_LIST_PATH,
  addRecharge,
  CURRENCIES,
  PAYMENT_CHANNELS,
  payInSandbox,
  RECHARGE_LIST_PATH,
  TRADE_LIST_PATH,
  uploadVoucher,
  VOUCHER_MAX_BYTES,
  VOUCHER_TYPES,
  voucherUrl,
  type PaymentChannel,
  type RechargeInput,
  type RechargeRecord,
} from './api';
import { CURRENCY_OPTIONS } from './filters';
import { useIdempotentRunner } from './idempotency';
import { Money } from './Money';
import { amountRule } from './rules';

export type RechargeValues = { currency: string; amount: string; paymentChannel: PaymentChannel; outTradeNo: string; voucher: string; remark: string };

const FIELDS: (keyof RechargeValues)[] = ['currency', 'amount', 'paymentChannel', 'outTradeNo', 'voucher', 'remark'];
const REFERENCE_MAX = 64;
const REMARK_MAX = 255;

/** The call's body: a bank transfer's reference and voucher; the sandbox gets its reference from the server. */
export function rechargeBody(values: RechargeValues): RechargeInput {
  const bank = values.paymentChannel === 'bank';
  return {
    currency: values.currency,
    amount: values.amount.trim(),
    paymentChannel: values.paymentChannel,
    ...(bank ? { outTradeNo: values.outTradeNo.trim(), voucher: values.voucher } : {}),
    remark: orNull(values.remark),
  };
}

interface RechargeFormDialogProps extends FormOpenProps {
  /** The currency chosen first (a payment account card's), else CNY. */
  currency?: string;
  /** After the recharge was submitted, with the record (a sandbox one is paid next). */
  onSaved?: (record: RechargeRecord | undefined) => void;
}

export function RechargeFormDialog({ open, onOpenChange, currency, onSaved }: RechargeFormDialogProps) {
  const { t } = useTranslation('wallet');
  const runner = useIdempotentRunner(open);
  const [uploading, setUploading] = useState(false);
  return (
    <RecordFormDialog<RechargeValues, RechargeRecord>
      open={open} onOpenChange={onOpenChange} testId="recharge-form" listPath={RECHARGE_LIST_PATH} serverFields={FIELDS} scrollBehavior="inside"
      title={t('recharge.addTitle')}
      subtitle={
        <Text textStyle="sm" color="fg.muted">
          {t('recharge.addHint')}
        </Text>
      }
      submitLabel={t('recharge.submit')}
      submitDisabled={uploading}
      defaultValues={() => ({ currency: isOneOf(CURRENCIES, currency) ? currency : 'CNY', amount: '', paymentChannel: 'bank', outTradeNo: '', voucher: '', remark: '' })}
      save={(values) => {
        const body = rechargeBody(values);
        return runner.run(body, (key) => addRecharge(body, key));
      }}
      onSaved={onSaved}
    >
      <RechargeFields onUploading={setUploading} />
    </RecordFormDialog>
  );
}

function RechargeFields({ onUploading }: { onUploading: (busy: boolean) => void }) {
  const { t } = useTranslation('wallet');
  const { control, getValues, trigger, clearErrors } = useFormContext<RechargeValues>();
  const [currency, channel] = useWatch({ control, name: ['currency', 'paymentChannel'] });
  const bank = channel === 'bank';
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <SelectField<RechargeValues>
          name="currency" label={t('field.currency')} required testId="recharge-currency" options={CURRENCY_OPTIONS} emptySelectable={false}
          onValueChange={() => {
            // The places an amount may have depend on the currency.
            if (getValues('amount').trim() !== '') void trigger('amount');
          }}
        />
        <TextField<RechargeValues>
          name="amount" label={t('field.amount')} required inputMode="decimal" autoComplete="off" fontFamily="mono" testId="recharge-amount"
          root={{ gridColumn: { sm: 'span 2' } }}
          endElement={<Text textStyle="xs" color="fg.muted">{currency}</Text>}
          rules={{ validate: amountRule(() => getValues('currency')) }}
        />
      </SimpleGrid>
      <RadioField<RechargeValues>
        name="paymentChannel" label={t('field.paymentChannel')} testId="recharge-channel"
        options={PAYMENT_CHANNELS.map((value) => ({ value, label: t(`channel.${value}`) }))}
        onValueChange={() => clearErrors(['outTradeNo', 'voucher'])}
      />
      {bank ? (
        <>
          <TextField<RechargeValues>
            name="outTradeNo" label={t('field.outTradeNo')} required autoComplete="off" fontFamily="mono" maxLength={REFERENCE_MAX} testId="recharge-out-trade-no"
            helper={t('recharge.outTradeNoHint')}
            rules={{ validate: (value, values) => (values.paymentChannel !== 'bank' || value.trim() !== '' ? true : t('form.outTradeNoRequired')) }}
          />
          <VoucherField onUploading={onUploading} />
        </>
      ) : (
        <Alert.Root status="info" size="sm" data-testid="recharge-sandbox-hint">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('sandbox.title')}</Alert.Title>
            <Alert.Description>{t('sandbox.hint')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <TextareaField<RechargeValues> name="remark" label={t('field.remark')} maxLength={REMARK_MAX} testId="recharge-remark" />
    </>
  );
}

/** The bank transfer's voucher: picked, checked (type and size), uploaded; required for a bank transfer. */
function VoucherField({ onUploading }: { onUploading: (busy: boolean) => void }) {
  const { t } = useTranslation('wallet');
  return (
    <FileUploadField<RechargeValues>
      name="voucher"
      required
      rules={{ validate: (value, values) => (values.paymentChannel !== 'bank' || value !== '' ? true : t('form.voucherRequired')) }}
      accept={VOUCHER_TYPES}
      maxBytes={VOUCHER_MAX_BYTES}
      upload={uploadVoucher}
      href={voucherUrl}
      texts={{
        label: t('field.voucher'),
        helper: t('recharge.voucherHint'),
        upload: t('recharge.uploadVoucher'),
        replace: t('recharge.replaceVoucher'),
        remove: t('recharge.removeVoucher'),
        tooLarge: t('form.voucherTooLarge'),
        wrongType: t('form.voucherType'),
      }}
      onUploading={onUploading}
      testId="recharge-voucher"
    />
  );
}

/**
 * "Pay now (sandbox)" for a pending sandbox recharge (`POST /logistics/wallet/sandbox/pay`): the
 * sandbox pays as its provider would, the wallet is credited once, the lists refresh.
 */
export function SandboxPayDialog({ recharge: next, onClose }: { recharge: RechargeRecord | undefined; onClose: () => void }) {
  const recharge = useKeptWhileClosing(next);
  return (
    <DialogShell open={next !== undefined} onOpenChange={(open) => (open ? undefined : onClose())} testId="recharge-pay-dialog" size={{ base: 'full', sm: 'sm' }}>
      {recharge ? <SandboxPayPanel recharge={recharge} onPaid={onClose} /> : null}
    </DialogShell>
  );
}

function SandboxPayPanel({ recharge, onPaid }: { recharge: RechargeRecord; onPaid: () => void }) {
  const { t } = useTranslation('wallet');
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<string>();
  const refreshRecharges = useInvalidateList(RECHARGE_LIST_PATH);
  const refreshAccounts = useInvalidateList(ACCOUNT_LIST_PATH);
  const refreshTrades = useInvalidateList(TRADE_LIST_PATH);

  async function pay() {
    setProblem(undefined);
    setPaying(true);
    try {
      const envelope = await payInSandbox(recharge.id);
      if (envelope.result?.credited) toastSuccess(t('sandbox.credited'), envelope.message);
      else toaster.create({ type: 'info', title: t('sandbox.already'), duration: 3000 });
      void refreshRecharges();
      void refreshAccounts();
      void refreshTrades();
      onPaid();
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPaying(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
    >
      <OverlayHeader title={t('sandbox.payTitle')} />
      <Dialog.Body>
        <Stack gap="3">
          <ErrorAlert message={problem} testId="recharge-pay-error" />
          <Text textStyle="sm" color="fg.muted">
            {t('sandbox.payHint')}
          </Text>
          <Box borderWidth="1px" rounded="md" padding="3" bg="bg.subtle">
            <HStack justify="space-between" gap="3">
              <Text textStyle="sm" color="fg.muted">
                {t('field.amount')}
              </Text>
              <Money amount={recharge.amount} currency={recharge.currency} fontWeight="semibold" testId="recharge-pay-amount" />
            </HStack>
            <HStack justify="space-between" gap="3">
              <Text textStyle="sm" color="fg.muted">
                {t('field.outTradeNo')}
              </Text>
              <Text fontFamily="mono" textStyle="sm" wordBreak="break-all">
                {recharge.outTradeNo}
              </Text>
            </HStack>
          </Box>
        </Stack>
      </Dialog.Body>
      <FormFooter kind="dialog" saving={paying} submitTestId="recharge-pay-submit" submitLabel={t('sandbox.pay')} cancelLabel={t('sandbox.later')} cancelDisabled={paying} />
    </form>
  );
}

/** A link that opens a recharge's voucher in a new tab (`—` when it has none). */
export function VoucherLink({ voucher, testId, label }: { voucher: string | null | undefined; testId?: string; label?: string }) {
  const { t } = useTranslation('wallet');
  const href = voucherUrl(voucher);
  if (!href) return <>{'—'}</>;
  return (
    <Link href={href} target="_blank" rel="noreferrer" textStyle="sm" colorPalette="blue" color="colorPalette.fg" whiteSpace="nowrap" data-testid={testId}>
      {label ?? t('recharge.viewVoucher')}
      <ExternalLinkIcon />
    </Link>
  );
}
