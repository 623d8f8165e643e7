/**
 * The money of a return: a fee charged to the customer, a refund paid to it, each posted once to
 * the customer's wallet as a `fee` or `refund` trade whose outside number is the return number.
 * Staff with `reverse:return:account` post one once the parcel is back; the amount is checked by
 * core in the return's currency, and the call carries an `Idempotency-Key` made when the dialog
 * opens (a retry after a lost answer posts once).
 */
import { Box, Button, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextareaField, TextField } from '../../components/form/fields';
import { RecordFormDialog } from '../../components/form/RecordFormDialog';
import { InboxIcon, PlusIcon } from '../../components/icons';
import { labelled, ListEmpty } from '../../components/list';
import { showTime } from '../../lib/utcTime';
import { useIdempotentRunner } from '../logistics/wallet/idempotency';
import { Money } from '../logistics/wallet/Money';
import { ACCOUNT_KINDS, ACCOUNT_LIST_PATH, addAccount, textOrNull, type ReturnAccountForm, type ReturnDetail } from './api';
import { useActionStates } from './hooks';
import { AccountKindTag } from './ReturnTags';
import { assertReturnForm, returnFieldRule } from './rules';

export function ReturnAccounts({ detail, onChanged }: { detail: ReturnDetail; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation('returns');
  const state = useActionStates()('account');
  const [adding, setAdding] = useState(false);
  const canAdd = detail.actions.includes('account') && state !== 'hidden';
  return (
    <Stack gap="3" data-testid="return-accounts">
      {canAdd ? (
        <Box>
          <Button size="sm" variant="outline" disabled={state === 'disabled'} onClick={() => setAdding(true)} data-testid="return-account-add">
            <PlusIcon />
            {t('account.add')}
          </Button>
        </Box>
      ) : null}
      {detail.accounts.length === 0 ? (
        <ListEmpty icon={<InboxIcon />} title={t('account.empty')} description={t('account.emptyDescription')} testId="return-accounts-empty" />
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm" aria-label={t('tab.accounts')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('field.kind')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('field.amount')}</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="sm">{t('field.tradeNo')}</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">{t('field.remark')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('field.time')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {detail.accounts.map((account) => (
                <Table.Row key={account.id} data-testid="return-account" data-kind={account.kind}>
                  <Table.Cell>
                    <AccountKindTag value={account.kind} />
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <Money amount={account.kind === 'fee' ? `-${account.amount}` : account.amount} currency={account.currency} signed testId="return-account-amount" />
                  </Table.Cell>
                  <Table.Cell hideBelow="sm" fontFamily="mono" textStyle="xs">
                    {account.tradeNo || '—'}
                  </Table.Cell>
                  <Table.Cell hideBelow="md">{account.remark || '—'}</Table.Cell>
                  <Table.Cell>
                    <Text textStyle="xs" whiteSpace="nowrap">
                      {showTime(account.createTime)}
                    </Text>
                    <Text textStyle="xs" color="fg.muted">
                      {account.createBy}
                    </Text>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {canAdd ? <ReturnAccountDialog detail={detail} open={adding} onOpenChange={setAdding} onPosted={() => void onChanged()} /> : null}
    </Stack>
  );
}

type AccountValues = { kind: string; amount: string; remark: string };

const accountBody = (returnId: string, values: AccountValues): ReturnAccountForm => ({ returnId, kind: values.kind, amount: values.amount.trim(), remark: textOrNull(values.remark) });

/** Posts a fee or a refund; one key per opening, kept for a retry of the same body. */
export function ReturnAccountDialog({ detail, open, onOpenChange, onPosted }: { detail: ReturnDetail; open: boolean; onOpenChange: (open: boolean) => void; onPosted: () => void }) {
  const { t } = useTranslation('returns');
  const runner = useIdempotentRunner(open);
  const currency = () => detail.currency;
  const rule = (field: keyof AccountValues) => returnFieldRule<AccountValues>('account', field, (values) => accountBody(detail.id, values), currency);
  // Each kind is posted once: the form starts on the one not posted yet.
  const posted = new Set(detail.accounts.map((account) => account.kind));
  const firstFree = ACCOUNT_KINDS.find((kind) => !posted.has(kind)) ?? 'fee';
  return (
    <RecordFormDialog<AccountValues>
      open={open}
      onOpenChange={onOpenChange}
      testId="return-account-form"
      listPath={ACCOUNT_LIST_PATH}
      title={t('account.addTitle', { returnNo: detail.returnNo })}
      subtitle={
        <Text textStyle="sm" color="fg.muted">
          {t('account.addSubtitle', { customer: detail.customerUsername ?? '', currency: detail.currency })}
        </Text>
      }
      submitLabel={t('account.submit')}
      defaultValues={() => ({ kind: firstFree, amount: '', remark: '' })}
      serverFields={['kind', 'amount', 'remark']}
      onSaved={onPosted}
      save={(values) => {
        const body = accountBody(detail.id, values);
        assertReturnForm(body, 'account', detail.currency);
        return runner.run(body, (key) => addAccount(body, key));
      }}
    >
      <SelectField<AccountValues>
        name="kind"
        label={t('field.kind')}
        required
        options={labelled(ACCOUNT_KINDS, (kind) => (posted.has(kind) ? t('account.kindPosted', { kind: t(`kind.${kind}`) }) : t(`kind.${kind}`)))}
        helper={t('account.kindHint')}
        testId="return-account-kind"
        rules={{ validate: rule('kind') }}
      />
      <TextField<AccountValues>
        name="amount"
        label={t('field.amount')}
        required
        inputMode="decimal"
        autoComplete="off"
        fontFamily="mono"
        endElement={
          <Text textStyle="xs" color="fg.muted">
            {detail.currency}
          </Text>
        }
        testId="return-account-amount-input"
        rules={{ validate: rule('amount') }}
      />
      <TextareaField<AccountValues> name="remark" label={t('field.remark')} maxLength={500} testId="return-account-remark" rules={{ validate: rule('remark') }} />
    </RecordFormDialog>
  );
}
