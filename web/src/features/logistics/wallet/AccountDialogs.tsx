/**
 * Staff's actions on a customer's wallet, each with the reason the operation log keeps:
 * the credit limit (`POST /logistics/wallet/account/creditLimit`), freeze and unfreeze
 * (`…/account/frozen`), and a balance adjustment (`POST /logistics/wallet/adjust`, with an
 * `Idempotency-Key` per opened dialog).
 */
import { Alert, Box, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioField, TextareaField, TextField } from '../../../components/form/fields';
import { RecordFormDialog, useKeptWhileClosing } from '../../../components/form/RecordFormDialog';
import { requiredText } from '../../../components/form/rules';
import { adjustBalance, ACCOUNT_LIST_PATH, DIRECTIONS, setCreditLimit, setFrozen, type AccountRecord, type AdjustInput, type Direction } from './api';
import { useIdempotentRunner } from './idempotency';
import { addAmounts, amountSign, Money, subtractAmounts } from './Money';
import { amountRule, creditLimitRule } from './rules';

/** The longest reason the server keeps. */
const REASON_MAX = 255;

interface AccountDialogProps {
  /** The account acted on (none: closed). */
  account: AccountRecord | undefined;
  onClose: () => void;
}

/** The customer and currency under a dialog's title. */
function AccountLine({ account }: { account: AccountRecord | undefined }) {
  if (!account) return null;
  return (
    <Text textStyle="sm" color="fg.muted" data-testid="account-dialog-subject">
      {account.customerName || account.customerUsername}
      {account.customerName && account.customerUsername !== account.customerName ? ` (${account.customerUsername})` : ''}
      {' · '}
      {account.currency}
    </Text>
  );
}

/** One figure of an account: label left, amount right. */
function Figure({ label, amount, currency, strong = false, testId }: { label: string; amount: string | null | undefined; currency: string; strong?: boolean; testId?: string }) {
  return (
    <HStack justify="space-between" gap="3">
      <Text textStyle="sm" color="fg.muted">
        {label}
      </Text>
      <Money amount={amount} currency={currency} fontWeight={strong ? 'semibold' : undefined} testId={testId} />
    </HStack>
  );
}

/** The account's figures as they are now. */
function Figures({ account }: { account: AccountRecord }) {
  const { t } = useTranslation('wallet');
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} columnGap="6" rowGap="1" borderWidth="1px" rounded="md" bg="bg.subtle" padding="3">
      <Figure label={t('field.balance')} amount={account.balance} currency={account.currency} />
      <Figure label={t('field.held')} amount={account.held} currency={account.currency} />
      <Figure label={t('field.creditLimit')} amount={account.creditLimit} currency={account.currency} />
      <Figure label={t('field.available')} amount={account.available} currency={account.currency} strong />
    </SimpleGrid>
  );
}

/** The reason every staff action on a wallet needs (the forms' `reason`). */
function ReasonField({ testId }: { testId: string }) {
  const { t } = useTranslation('wallet');
  return (
    <TextareaField<{ reason: string }>
      name="reason"
      label={t('field.reason')}
      required
      placeholder={t('form.reasonPlaceholder')}
      maxLength={REASON_MAX}
      testId={testId}
      rules={{ validate: requiredText(t('form.reasonRequired')) }}
    />
  );
}

type CreditValues = { creditLimit: string; reason: string };

/** Sets the advance payment a wallet allows (zero: none). */
export function CreditLimitDialog({ account: next, onClose }: AccountDialogProps) {
  const { t } = useTranslation('wallet');
  const account = useKeptWhileClosing(next);
  return (
    <RecordFormDialog<CreditValues, AccountRecord>
      testId="account-credit-form" listPath={ACCOUNT_LIST_PATH} serverFields={['creditLimit', 'reason']}
      open={next !== undefined}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('credit.title')}
      subtitle={<AccountLine account={account} />}
      submitLabel={t('credit.submit')}
      defaultValues={() => ({ creditLimit: account?.creditLimit ?? '', reason: '' })}
      save={(values) => setCreditLimit({ customerId: account?.customerId ?? '', currency: account?.currency ?? '', creditLimit: values.creditLimit.trim(), reason: values.reason.trim() })}
    >
      {account ? <CreditFields account={account} /> : null}
    </RecordFormDialog>
  );
}

function CreditFields({ account }: { account: AccountRecord }) {
  const { t } = useTranslation('wallet');
  const { control } = useFormContext<CreditValues>();
  const creditLimit = useWatch({ control, name: 'creditLimit' });
  const typed = creditLimit.trim();
  // Available = balance − held + credit limit: the new limit replaces the old one.
  const after = typed === '' ? undefined : addAmounts(subtractAmounts(account.available, account.creditLimit) ?? '', typed);
  return (
    <>
      <Figures account={account} />
      <TextField<CreditValues>
        name="creditLimit" label={t('field.creditLimit')} required inputMode="decimal" autoComplete="off" fontFamily="mono" testId="account-credit-limit"
        endElement={<Text textStyle="xs" color="fg.muted">{account.currency}</Text>}
        helper={t('credit.hint')}
        rules={{ validate: creditLimitRule(() => account.currency, t('form.creditLimitRequired')) }}
      />
      {after !== undefined && amountSign(typed) >= 0 ? (
        <Text textStyle="sm" color="fg.muted" data-testid="account-credit-preview">
          {t('credit.preview')}{' '}
          <Money amount={after} currency={account.currency} />
        </Text>
      ) : null}
      <ReasonField testId="account-credit-reason" />
    </>
  );
}

type ReasonValues = { reason: string };

/** Freezes an active wallet (no debit or hold) or unfreezes a frozen one. */
export function FreezeDialog({ account: next, onClose }: AccountDialogProps) {
  const { t } = useTranslation('wallet');
  const account = useKeptWhileClosing(next);
  const freezing = Number(account?.status ?? 1) === 1;
  return (
    <RecordFormDialog<ReasonValues, AccountRecord>
      testId="account-freeze-form" listPath={ACCOUNT_LIST_PATH} serverFields={['reason']}
      open={next !== undefined}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={freezing ? t('freeze.freezeTitle') : t('freeze.unfreezeTitle')}
      subtitle={<AccountLine account={account} />}
      submitLabel={freezing ? t('freeze.freeze') : t('freeze.unfreeze')}
      defaultValues={() => ({ reason: '' })}
      save={(values) => setFrozen({ customerId: account?.customerId ?? '', currency: account?.currency ?? '', status: freezing ? 0 : 1, reason: values.reason.trim() })}
    >
      <Alert.Root status={freezing ? 'warning' : 'info'} size="sm" data-testid="account-freeze-effect">
        <Alert.Indicator />
        <Alert.Title>{freezing ? t('freeze.freezeEffect') : t('freeze.unfreezeEffect')}</Alert.Title>
      </Alert.Root>
      <ReasonField testId="account-freeze-reason" />
    </RecordFormDialog>
  );
}

type AdjustValues = { direction: Direction; amount: string; reason: string };

const adjustBody = (account: AccountRecord | undefined, values: AdjustValues): AdjustInput => ({
  customerId: account?.customerId ?? '',
  currency: account?.currency ?? '',
  direction: values.direction,
  amount: values.amount.trim(),
  reason: values.reason.trim(),
});

/** Credits or debits a wallet against revenue (an `adjustment` entry); one key per opening, kept for a retry. */
export function AdjustDialog({ account: next, onClose }: AccountDialogProps) {
  const { t } = useTranslation('wallet');
  const account = useKeptWhileClosing(next);
  const open = next !== undefined;
  const runner = useIdempotentRunner(open);
  return (
    <RecordFormDialog<AdjustValues>
      testId="account-adjust-form" listPath={ACCOUNT_LIST_PATH} serverFields={['amount', 'direction', 'reason']}
      open={open}
      onOpenChange={(opened) => (opened ? undefined : onClose())}
      title={t('adjust.title')}
      subtitle={<AccountLine account={account} />}
      submitLabel={t('adjust.submit')}
      defaultValues={() => ({ direction: 'credit', amount: '', reason: '' })}
      save={(values) => {
        const body = adjustBody(account, values);
        return runner.run(body, (key) => adjustBalance(body, key));
      }}
    >
      {account ? <AdjustFields account={account} /> : null}
    </RecordFormDialog>
  );
}

function AdjustFields({ account }: { account: AccountRecord }) {
  const { t } = useTranslation('wallet');
  const { control } = useFormContext<AdjustValues>();
  const [direction, amount] = useWatch({ control, name: ['direction', 'amount'] });
  const typed = amount.trim();
  const valid = typed !== '' && amountRule(() => account.currency)(typed) === true;
  const change = direction === 'debit' ? `-${typed}` : typed;
  const balanceAfter = valid ? addAmounts(account.balance, change) : undefined;
  const availableAfter = valid ? addAmounts(account.available, change) : undefined;
  const short = availableAfter !== undefined && amountSign(availableAfter) < 0;
  return (
    <>
      <Figures account={account} />
      <RadioField<AdjustValues>
        name="direction" label={t('field.direction')} testId="account-adjust-direction"
        options={DIRECTIONS.map((value) => ({ value, label: t(`direction.${value}`), colorPalette: value === 'debit' ? 'red' : 'green' }))}
      />
      <TextField<AdjustValues>
        name="amount" label={t('field.amount')} required inputMode="decimal" autoComplete="off" fontFamily="mono" testId="account-adjust-amount"
        endElement={<Text textStyle="xs" color="fg.muted">{account.currency}</Text>}
        rules={{ validate: amountRule(() => account.currency) }}
      />
      {balanceAfter !== undefined ? (
        <Box borderWidth="1px" rounded="md" padding="3" data-testid="account-adjust-preview">
          <Stack gap="1">
            <Figure label={t('adjust.balanceAfter')} amount={balanceAfter} currency={account.currency} strong />
            <Figure label={t('adjust.availableAfter')} amount={availableAfter} currency={account.currency} />
          </Stack>
        </Box>
      ) : null}
      {short ? (
        <Alert.Root status="warning" size="sm" data-testid="account-adjust-short">
          <Alert.Indicator />
          <Alert.Title>{t('adjust.insufficient')}</Alert.Title>
        </Alert.Root>
      ) : null}
      {direction === 'debit' && Number(account.status) === 0 ? (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Title>{t('adjust.frozen')}</Alert.Title>
        </Alert.Root>
      ) : null}
      <ReasonField testId="account-adjust-reason" />
    </>
  );
}
