/**
 * What the signed-in user may do to a return now: the buttons are those of the server's `actions`
 * (core's lifecycle for the caller's side) that the user's button codes allow. Staff approve,
 * reject and complete (`reverse:return:handle`); cancel and decide need `reverse:return:edit`.
 * Reject, cancel and complete ask first; decide opens a small form checked by core. A refusal
 * shows under the buttons.
 */
import { Alert, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useConfirm } from '../../components/ConfirmDialog';
import { SelectField, TextareaField } from '../../components/form/fields';
import { RecordFormDialog } from '../../components/form/RecordFormDialog';
import { serverError } from '../../components/form/serverError';
import { labelled, toastSuccess } from '../../components/list';
import type { ReturnAction } from '../../core';
import { usePermissions } from '../../lib/permission';
import { findComponentPath } from '../logistics/wallet/api';
import { decideReturn, RETURN_DECISIONS, RETURN_LIST_PATH, stepReturn, textOrNull, type LifecycleStep, type ReturnDetail } from './api';
import { useActionStates, useViewerSide } from './hooks';
import { assertReturnForm, returnFieldRule } from './rules';

/** The drawer's buttons, in the order they are shown. */
const BAR_ACTIONS = ['approve', 'decide', 'complete', 'reject', 'cancel'] as const satisfies readonly ReturnAction[];
type BarAction = (typeof BAR_ACTIONS)[number];
/** The steps that ask before they run. */
const CONFIRMED: readonly LifecycleStep[] = ['reject', 'cancel', 'complete'];

/** The menu component of the warehouse's receiving page (its path comes from the menu). */
export const PDA_RECEIVE_COMPONENT = 'reverse/PdaReturnReceive';

const PALETTES: Record<BarAction, { colorPalette: string; variant: 'solid' | 'outline' }> = {
  approve: { colorPalette: 'green', variant: 'solid' },
  decide: { colorPalette: 'blue', variant: 'outline' },
  complete: { colorPalette: 'green', variant: 'solid' },
  reject: { colorPalette: 'red', variant: 'outline' },
  cancel: { colorPalette: 'gray', variant: 'outline' },
};

export function ReturnActionBar({ detail, onChanged }: { detail: ReturnDetail; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation('returns');
  const stateOf = useActionStates();
  const side = useViewerSide();
  const { routes } = usePermissions();
  const { confirm, dialog } = useConfirm();
  const [deciding, setDeciding] = useState(false);
  const [running, setRunning] = useState<LifecycleStep>();
  const [problem, setProblem] = useState<string>();
  const shown = BAR_ACTIONS.filter((action) => detail.actions.includes(action) && stateOf(action) !== 'hidden');
  const receivePath = side === 'staff' && detail.actions.includes('receive') ? findComponentPath(routes, PDA_RECEIVE_COMPONENT) : undefined;

  async function run(step: LifecycleStep) {
    setProblem(undefined);
    setRunning(step);
    try {
      await stepReturn(step, detail.id);
      toastSuccess(t(`toast.${step}`, { returnNo: detail.returnNo }));
      await onChanged();
    } catch (failure) {
      setProblem(serverError(failure).message);
    } finally {
      setRunning(undefined);
    }
  }

  function press(action: BarAction) {
    if (action === 'decide') {
      setProblem(undefined);
      setDeciding(true);
    } else if (CONFIRMED.includes(action)) {
      const decision = detail.decision ? t(`decision.${detail.decision}` as 'decision.reship', { defaultValue: detail.decision }) : '';
      confirm({
        title: t(`confirm.${action}Title` as 'confirm.rejectTitle', { returnNo: detail.returnNo }),
        description: action === 'complete' ? t(detail.decision === 'reship' ? 'confirm.completeReship' : 'confirm.completeDescription', { decision }) : t(`confirm.${action}Description` as 'confirm.rejectDescription'),
        confirmLabel: t(`action.${action}`),
        colorPalette: action === 'complete' ? 'green' : 'red',
        testId: `return-${action}-confirm`,
        onConfirm: () => run(action),
      });
    } else {
      void run(action);
    }
  }

  if (shown.length === 0 && !receivePath && !problem) return null;
  return (
    <Stack gap="3" data-testid="return-actions">
      {shown.length > 0 ? (
        <HStack gap="2" wrap="wrap">
          {shown.map((action) => (
            <Button
              key={action}
              size="sm"
              {...PALETTES[action]}
              disabled={stateOf(action) === 'disabled' || (running !== undefined && running !== action)}
              loading={running === action}
              onClick={() => press(action)}
              data-testid={`return-action-${action}`}
            >
              {t(`action.${action}`)}
            </Button>
          ))}
        </HStack>
      ) : null}
      {receivePath ? (
        <Text textStyle="sm" color="fg.muted" data-testid="return-receive-hint">
          {t('detail.receiveHint')}{' '}
          <Link asChild colorPalette="blue">
            <RouterLink to={receivePath}>{t('detail.receiveLink')}</RouterLink>
          </Link>
        </Text>
      ) : null}
      {problem ? (
        <Alert.Root status="error" size="sm" role="alert" data-testid="return-action-problem">
          <Alert.Indicator />
          <Alert.Description>{problem}</Alert.Description>
        </Alert.Root>
      ) : null}
      <ReturnDecideDialog detail={detail} open={deciding} onOpenChange={setDeciding} onDecided={() => void onChanged()} />
      {dialog}
    </Stack>
  );
}

type DecideValues = { decision: string; decisionRemark: string };

const decideBody = (id: string, values: DecideValues) => ({ id, decision: values.decision, decisionRemark: textOrNull(values.decisionRemark) });
const decideRule = (field: keyof DecideValues) => returnFieldRule<DecideValues>('decision', field, (values) => decideBody('', values));

/** The decision of a return (proposed by either side until it is completed), checked by core. */
export function ReturnDecideDialog({ detail, open, onOpenChange, onDecided }: { detail: ReturnDetail; open: boolean; onOpenChange: (open: boolean) => void; onDecided: () => void }) {
  const { t } = useTranslation('returns');
  return (
    <RecordFormDialog<DecideValues>
      open={open}
      onOpenChange={onOpenChange}
      testId="return-decide-form"
      listPath={RETURN_LIST_PATH}
      title={t('decide.title', { returnNo: detail.returnNo })}
      subtitle={
        <Text textStyle="sm" color="fg.muted">
          {t('decide.subtitle')}
        </Text>
      }
      submitLabel={t('decide.submit')}
      defaultValues={() => ({ decision: detail.decision ?? '', decisionRemark: detail.decisionRemark ?? '' })}
      serverFields={['decision', 'decisionRemark']}
      onSaved={onDecided}
      save={(values) => {
        const body = decideBody(detail.id, values);
        assertReturnForm(body, 'decision');
        return decideReturn(body);
      }}
    >
      <SelectField<DecideValues>
        name="decision"
        label={t('field.decision')}
        required
        placeholder={t('decide.placeholder')}
        options={labelled(RETURN_DECISIONS, (value) => t(`decision.${value}`))}
        helper={t('decide.hint')}
        testId="return-decide-decision"
        rules={{ validate: decideRule('decision') }}
      />
      <TextareaField<DecideValues> name="decisionRemark" label={t('field.decisionRemark')} maxLength={500} testId="return-decide-remark" rules={{ validate: decideRule('decisionRemark') }} />
    </RecordFormDialog>
  );
}
