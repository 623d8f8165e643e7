import { Button, SimpleGrid, Wrap } from '@chakra-ui/react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/form/fields';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { RecordFormDialog, type FormOpenProps } from '../../../components/form/RecordFormDialog';
import { requiredText } from '../../../components/form/rules';
import { textValues } from '../../../components/form/values';
import { addDataRule, editDataRule, RULE_COLUMNS, RULE_CONDITIONS, RULE_VARIABLES, type DataRule, type DataRuleInput } from './api';

/** The column select's entry for a column typed by hand. */
const OTHER = '__other__';

type Values = Record<'ruleName' | 'columnChoice' | 'customColumn' | 'ruleConditions' | 'ruleValue', string> & { status: boolean };

function defaults(rule: DataRule | undefined): Values {
  const known = rule ? (RULE_COLUMNS as readonly string[]).includes(rule.ruleColumn) : true;
  return {
    ...textValues(rule, ['ruleName', 'ruleValue']),
    columnChoice: rule ? (known ? rule.ruleColumn : OTHER) : '',
    customColumn: rule && !known ? rule.ruleColumn : '',
    ruleConditions: rule?.ruleConditions ?? '=',
    status: rule ? String(rule.status) === '1' : true,
  };
}

/** Add or edit one data rule of the menu `permissionId`. */
export function DataRuleFormDialog({ permissionId, rule, ...dialog }: FormOpenProps & { permissionId: string; rule: DataRule | undefined; onSaved: () => void }) {
  const { t } = useTranslation('sysMenu');
  const body = (values: Values): DataRuleInput => ({
    permissionId,
    ruleName: values.ruleName.trim(),
    ruleColumn: (values.columnChoice === OTHER ? values.customColumn : values.columnChoice).trim(),
    ruleConditions: values.ruleConditions,
    ruleValue: values.ruleValue.trim(),
    status: values.status ? '1' : '0',
  });
  return (
    <RecordFormDialog<Values>
      {...dialog} testId="rule-form"
      title={rule ? t('rule.editTitle') : t('rule.addTitle')}
      defaultValues={() => defaults(rule)}
      save={(values) => (rule ? editDataRule({ ...body(values), id: rule.id }) : addDataRule(body(values)))}
    >
      <DataRuleFields />
    </RecordFormDialog>
  );
}

function DataRuleFields() {
  const { t } = useTranslation('sysMenu');
  const { getValues, setValue } = useFormContext<Values>();
  const columnChoice = useWatch<Values, 'columnChoice'>({ name: 'columnChoice' });

  const insertVariable = (variable: string) => {
    const current = getValues('ruleValue');
    setValue('ruleValue', current ? `${current}${variable}` : variable, { shouldValidate: true, shouldDirty: true });
  };

  return (
    <>
      <TextField<Values> name="ruleName" label={t('rule.name')} required testId="rule-name" rules={{ validate: requiredText(t('rule.nameRequired')) }} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <SelectField<Values> name="columnChoice" label={t('rule.column')} required testId="rule-column" placeholder={t('rule.column')} emptySelectable={false}
          options={[...RULE_COLUMNS.map((column) => ({ value: column, label: `${t(`userColumn.${column}`)} (${column})` })), { value: OTHER, label: t('rule.columnOther') }]}
          rules={{ validate: requiredText(t('rule.columnRequired')) }} />
        <SelectField<Values> name="ruleConditions" label={t('rule.conditions')} required testId="rule-conditions"
          options={RULE_CONDITIONS.map((condition) => ({ value: condition, label: `${condition} · ${t(`condition.${condition}`)}` }))}
          rules={{ validate: requiredText(t('rule.conditionsRequired')) }} />
      </SimpleGrid>
      {columnChoice === OTHER ? (
        <TextField<Values> name="customColumn" label={t('rule.columnCustom')} required fontFamily="mono" placeholder={t('rule.columnCustomPlaceholder')} testId="rule-column-custom"
          rules={{ validate: (v, values) => (values.columnChoice !== OTHER || v.trim() ? true : t('rule.columnRequired')) }} />
      ) : null}
      <TextField<Values> name="ruleValue" label={t('rule.value')} required helper={t('rule.valueHint', { variables: RULE_VARIABLES.join(', ') })} fontFamily="mono" testId="rule-value"
        rules={{ validate: requiredText(t('rule.valueRequired')) }}
        below={
          <Wrap gap="1">
            {RULE_VARIABLES.map((variable) => (
              <Button key={variable} size="2xs" variant="outline" fontFamily="mono" onClick={() => insertVariable(variable)}>
                {variable}
              </Button>
            ))}
          </Wrap>
        }
      />
      <FormSwitch<Values> name="status" label={t('rule.status')} testId="rule-status" />
    </>
  );
}
