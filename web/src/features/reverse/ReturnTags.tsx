/**
 * A return's codes as coloured tags in the user's language: its status, the reason it came back,
 * the decision taken, the condition the warehouse found it in, and the kind of a money entry.
 * A code the page does not know shows as it is, in grey.
 */
import { Badge, type BadgeProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { isAccountKind, isReturnCondition, isReturnDecision, isReturnReason, isReturnStatus, type AccountKind, type ReturnCondition, type ReturnDecision, type ReturnReason, type ReturnStatus } from './api';

const STATUS_COLORS: Record<ReturnStatus, string> = { requested: 'blue', approved: 'cyan', received: 'purple', completed: 'green', rejected: 'red', cancelled: 'gray' };
const REASON_COLORS: Record<ReturnReason, string> = { refused: 'orange', undeliverable: 'yellow', addressIssue: 'yellow', damaged: 'red', customerReturn: 'teal', other: 'gray' };
const DECISION_COLORS: Record<ReturnDecision, string> = { reship: 'blue', returnToSender: 'purple', destroy: 'red', hold: 'gray' };
const CONDITION_COLORS: Record<ReturnCondition, string> = { intact: 'green', damagedPackaging: 'orange', damagedGoods: 'red', opened: 'yellow', missingItems: 'red' };
const KIND_COLORS: Record<AccountKind, string> = { fee: 'orange', refund: 'green' };

interface TagProps {
  value: string | null | undefined;
  size?: BadgeProps['size'];
  testId?: string;
}

function Tag({ value, label, colorPalette, variant = 'subtle', size = 'sm', testId }: TagProps & { label: string | undefined; colorPalette: string | undefined; variant?: BadgeProps['variant'] }) {
  if (!value) return <>{'—'}</>;
  return (
    <Badge size={size} variant={variant} colorPalette={colorPalette ?? 'gray'} width="fit-content" data-testid={testId} data-value={value}>
      {label ?? value}
    </Badge>
  );
}

export function ReturnStatusTag({ value, size, testId = 'return-status' }: TagProps) {
  const { t } = useTranslation('returns');
  const known = isReturnStatus(value) ? value : undefined;
  return <Tag value={value} size={size} testId={testId} variant={known === 'cancelled' ? 'outline' : 'subtle'} colorPalette={known && STATUS_COLORS[known]} label={known && t(`status.${known}`)} />;
}

export function ReasonTag({ value, size, testId = 'return-reason' }: TagProps) {
  const { t } = useTranslation('returns');
  const known = isReturnReason(value) ? value : undefined;
  return <Tag value={value} size={size} testId={testId} colorPalette={known && REASON_COLORS[known]} label={known && t(`reason.${known}`)} />;
}

export function DecisionTag({ value, size, testId = 'return-decision' }: TagProps) {
  const { t } = useTranslation('returns');
  const known = isReturnDecision(value) ? value : undefined;
  return <Tag value={value} size={size} testId={testId} colorPalette={known && DECISION_COLORS[known]} label={known && t(`decision.${known}`)} />;
}

export function ConditionTag({ value, size, testId = 'return-condition' }: TagProps) {
  const { t } = useTranslation('returns');
  const known = isReturnCondition(value) ? value : undefined;
  return <Tag value={value} size={size} testId={testId} colorPalette={known && CONDITION_COLORS[known]} label={known && t(`condition.${known}`)} />;
}

export function AccountKindTag({ value, size, testId = 'return-account-kind' }: TagProps) {
  const { t } = useTranslation('returns');
  const known = isAccountKind(value) ? value : undefined;
  return <Tag value={value} size={size} testId={testId} colorPalette={known && KIND_COLORS[known]} label={known && t(`kind.${known}`)} />;
}
