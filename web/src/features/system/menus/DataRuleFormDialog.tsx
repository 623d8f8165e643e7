import { Button, CloseButton, Dialog, Field, HStack, Input, NativeSelect, Portal, SimpleGrid, Stack, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { toaster } from '../../../components/ui/toaster';
import { addDataRule, editDataRule, RULE_COLUMNS, RULE_CONDITIONS, RULE_VARIABLES, type DataRule, type DataRuleInput } from './api';
import { FormSwitch } from '../../../components/form/FormSwitch';

/** The column select's entry for a column typed by hand. */
const OTHER = '__other__';

interface Values {
  ruleName: string;
  columnChoice: string;
  customColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: boolean;
}

const required = (message: string) => (value: string) => (value.trim() ? true : message);

function defaults(rule: DataRule | undefined): Values {
  const known = rule ? (RULE_COLUMNS as readonly string[]).includes(rule.ruleColumn) : true;
  return {
    ruleName: rule?.ruleName ?? '',
    columnChoice: rule ? (known ? rule.ruleColumn : OTHER) : '',
    customColumn: rule && !known ? rule.ruleColumn : '',
    ruleConditions: rule?.ruleConditions ?? '=',
    ruleValue: rule?.ruleValue ?? '',
    status: rule ? String(rule.status) === '1' : true,
  };
}

interface DataRuleFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  permissionId: string;
  rule: DataRule | undefined;
  onSaved: () => void;
}

/** Add or edit one data rule of a menu. */
export function DataRuleFormDialog({ open, onOpenChange, permissionId, rule, onSaved }: DataRuleFormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="center" size={{ base: 'full', sm: 'md' }} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="rule-form">
            <DataRuleForm permissionId={permissionId} rule={rule} onSaved={onSaved} onClose={() => onOpenChange(false)} />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function DataRuleForm({ permissionId, rule, onSaved, onClose }: Omit<DataRuleFormDialogProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const { t } = useTranslation('sysMenu');
  const form = useForm<Values>({ mode: 'onTouched', defaultValues: defaults(rule) });
  const { register, control, handleSubmit, formState, getValues, setValue } = form;
  const [serverError, setServerError] = useState<string>();

  const columnChoice = useWatch({ control, name: 'columnChoice' });

  const submit = handleSubmit(async (values) => {
    setServerError(undefined);
    const body: DataRuleInput = {
      permissionId,
      ruleName: values.ruleName.trim(),
      ruleColumn: (values.columnChoice === OTHER ? values.customColumn : values.columnChoice).trim(),
      ruleConditions: values.ruleConditions,
      ruleValue: values.ruleValue.trim(),
      status: values.status ? '1' : '0',
    };
    try {
      const envelope = rule ? await editDataRule({ ...body, id: rule.id }) : await addDataRule(body);
      toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
      onSaved();
      onClose();
    } catch (failure) {
      setServerError(failure instanceof Error ? failure.message : String(failure));
    }
  });

  const insertVariable = (variable: string) => {
    const current = getValues('ruleValue');
    setValue('ruleValue', current ? `${current}${variable}` : variable, { shouldValidate: true, shouldDirty: true });
  };

  const err = formState.errors;

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Dialog.Header>
        <Dialog.Title>{rule ? t('rule.editTitle') : t('rule.addTitle')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <ErrorAlert message={serverError} testId="rule-form-error" />
          <Field.Root invalid={!!err.ruleName} required>
            <Field.Label>
              {t('rule.name')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input size="sm" data-testid="rule-name" {...register('ruleName', { validate: required(t('rule.nameRequired')) })} />
            <Field.ErrorText>{err.ruleName?.message}</Field.ErrorText>
          </Field.Root>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Field.Root invalid={!!err.columnChoice} required>
              <Field.Label>
                {t('rule.column')}
                <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field data-testid="rule-column" {...register('columnChoice', { validate: required(t('rule.columnRequired')) })}>
                  <option value="" disabled>
                    {t('rule.column')}
                  </option>
                  {RULE_COLUMNS.map((column) => (
                    <option key={column} value={column}>
                      {`${t(`userColumn.${column}`)} (${column})`}
                    </option>
                  ))}
                  <option value={OTHER}>{t('rule.columnOther')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{err.columnChoice?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!err.ruleConditions} required>
              <Field.Label>
                {t('rule.conditions')}
                <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field data-testid="rule-conditions" {...register('ruleConditions', { validate: required(t('rule.conditionsRequired')) })}>
                  {RULE_CONDITIONS.map((condition) => (
                    <option key={condition} value={condition}>
                      {`${condition} · ${t(`condition.${condition}`)}`}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{err.ruleConditions?.message}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
          {columnChoice === OTHER ? (
            <Field.Root invalid={!!err.customColumn} required>
              <Field.Label>
                {t('rule.columnCustom')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                size="sm"
                fontFamily="mono"
                placeholder={t('rule.columnCustomPlaceholder')}
                data-testid="rule-column-custom"
                {...register('customColumn', { validate: (v, values) => (values.columnChoice !== OTHER || v.trim() ? true : t('rule.columnRequired')) })}
              />
              <Field.ErrorText>{err.customColumn?.message}</Field.ErrorText>
            </Field.Root>
          ) : null}
          <Field.Root invalid={!!err.ruleValue} required>
            <Field.Label>
              {t('rule.value')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input size="sm" fontFamily="mono" data-testid="rule-value" {...register('ruleValue', { validate: required(t('rule.valueRequired')) })} />
            {err.ruleValue ? (
              <Field.ErrorText>{err.ruleValue.message}</Field.ErrorText>
            ) : (
              <Field.HelperText>{t('rule.valueHint', { variables: RULE_VARIABLES.join(', ') })}</Field.HelperText>
            )}
            <Wrap gap="1" paddingTop="1">
              {RULE_VARIABLES.map((variable) => (
                <Button key={variable} size="2xs" variant="outline" fontFamily="mono" onClick={() => insertVariable(variable)}>
                  {variable}
                </Button>
              ))}
            </Wrap>
          </Field.Root>
          <FormSwitch control={control} name="status" label={t('rule.status')} testId="rule-status" />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <HStack gap="2">
          <Dialog.ActionTrigger asChild>
            <Button variant="outline" size="sm">
              {t('action.cancel', { ns: 'dataTable' })}
            </Button>
          </Dialog.ActionTrigger>
          <Button type="submit" size="sm" loading={formState.isSubmitting} data-testid="rule-form-submit">
            {t('action.save', { ns: 'dataTable' })}
          </Button>
        </HStack>
      </Dialog.Footer>
    </form>
  );
}
