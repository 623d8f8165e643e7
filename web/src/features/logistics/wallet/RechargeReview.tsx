/**
 * Staff's review of a pending recharge: what it is ({@link RechargeSummary}, shown by the
 * confirmation before crediting) and the rejection with its required reason
 * (`POST /logistics/wallet/recharge/reject`).
 */
import { DataList, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextareaField } from '../../../components/form/fields';
import { RecordFormDialog, useKeptWhileClosing } from '../../../components/form/RecordFormDialog';
import { requiredText } from '../../../components/form/rules';
import { showTime } from '../../../lib/utcTime';
import { RECHARGE_LIST_PATH, rejectRecharge, type RechargeRecord } from './api';
import { Money } from './Money';
import { VoucherLink } from './RechargeFormDialog';
import { ChannelTag } from './WalletTags';

/** The recharge under review: customer, amount, channel, reference, voucher, time and remark. */
export function RechargeSummary({ recharge, testId }: { recharge: RechargeRecord; testId?: string }) {
  const { t } = useTranslation('wallet');
  const items: { label: string; value: ReactNode; key: string }[] = [
    { key: 'customer', label: t('field.customer'), value: recharge.customerUsername },
    { key: 'amount', label: t('field.amount'), value: <Money amount={recharge.amount} currency={recharge.currency} fontWeight="semibold" testId="recharge-summary-amount" /> },
    { key: 'channel', label: t('field.paymentChannel'), value: <ChannelTag channel={recharge.paymentChannel} /> },
    {
      key: 'reference',
      label: t('field.outTradeNo'),
      value: (
        <Text fontFamily="mono" wordBreak="break-all">
          {recharge.outTradeNo}
        </Text>
      ),
    },
    {
      key: 'voucher',
      label: t('field.voucher'),
      value: recharge.voucher ? (
        <VoucherLink voucher={recharge.voucher} testId="recharge-summary-voucher" />
      ) : (
        <Text color={recharge.paymentChannel === 'bank' ? 'fg.warning' : 'fg.muted'}>{t('recharge.noVoucher')}</Text>
      ),
    },
    { key: 'time', label: t('field.createTime'), value: showTime(recharge.createTime) || '—' },
    ...(recharge.remark ? [{ key: 'remark', label: t('field.remark'), value: recharge.remark }] : []),
  ];
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2" data-testid={testId}>
      {items.map((item) => (
        <DataList.Item key={item.key}>
          <DataList.ItemLabel minWidth="20">{item.label}</DataList.ItemLabel>
          <DataList.ItemValue minWidth="0">{item.value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

type RejectValues = { reason: string };

/** Rejects a pending recharge: nothing is credited; the customer sees the reason. */
export function RejectDialog({ recharge: next, onClose }: { recharge: RechargeRecord | undefined; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const recharge = useKeptWhileClosing(next);
  return (
    <RecordFormDialog<RejectValues, RechargeRecord>
      testId="recharge-reject-form" listPath={RECHARGE_LIST_PATH} serverFields={['reason']}
      open={next !== undefined}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('review.rejectTitle')}
      submitLabel={t('review.reject')}
      defaultValues={() => ({ reason: '' })}
      save={(values) => rejectRecharge(recharge?.id ?? '', values.reason.trim())}
    >
      {recharge ? <RechargeSummary recharge={recharge} testId="recharge-reject-summary" /> : null}
      <TextareaField<RejectValues>
        name="reason" label={t('field.rejectReason')} required maxLength={255} placeholder={t('review.reasonPlaceholder')} testId="recharge-reject-reason"
        rules={{ validate: requiredText(t('review.reasonRequired')) }}
      />
    </RecordFormDialog>
  );
}
