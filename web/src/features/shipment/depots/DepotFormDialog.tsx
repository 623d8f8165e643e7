import { SimpleGrid, Text } from '@chakra-ui/react';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioField, RemoteSelectField, TextareaField, TextField } from '../../../components/form/fields';
import { RecordFormDialog, WIDE_DIALOG, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { requiredText } from '../../../components/form/rules';
import { businessCodeRule } from '../../../components/form/serverError';
import { optionalTexts, textValues } from '../../../components/form/values';
import { addressBody, ADDRESS_TEXTS } from '../shippers/api';
import { AddressFields, CustomerField, PhoneField } from '../shippers/ShipperFormDialog';
import { addDepot, DEPOT_LIST_PATH, DEPOT_TYPES, depotKeys, editDepot, fbaAddress, searchFbaWarehouses, useFbaWarehouse, type DepotRecord } from './api';

const TEXTS = ['customerId', 'depotType', 'depotId', 'code', 'depotName', 'contact', 'phone', ...ADDRESS_TEXTS, 'remark'] as const;
const OPTIONAL = ['customerId', 'code', 'contact', 'phone', 'remark'] as const;
type Values = Record<(typeof TEXTS)[number], string>;

/** An Amazon centre: its address (and name) may stay blank, the server fills them from its seeded list. */
const isAmazon = (values: FieldValues) => values.depotType === 'amazon';

const defaults = (record: DepotRecord | undefined): Values => ({ ...textValues(record, TEXTS), depotType: record?.depotType || DEPOT_TYPES[0] });
const body = (values: Values) => ({
  ...optionalTexts(values, OPTIONAL),
  ...addressBody(values),
  depotType: values.depotType,
  depotId: values.depotId.trim().toUpperCase(),
  depotName: values.depotName.trim(),
});

/** Add or edit a depot (`POST /logistics/depot/add`, `PUT /logistics/depot/edit`); a taken `depotId` shows under it. */
export function DepotFormDialog({ record, ...dialog }: RecordFormOpenProps<DepotRecord>) {
  const { t } = useTranslation('depot');
  return (
    <RecordFormDialog<Values, DepotRecord>
      {...dialog} testId="depot-form" size={WIDE_DIALOG} scrollBehavior="inside" listPath={DEPOT_LIST_PATH} serverFields={TEXTS}
      title={record ? t('form.editTitle', { name: record.depotId }) : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={(values) => (record ? editDepot({ ...body(values), id: record.id }) : addDepot(body(values)))}
    >
      <DepotFields adding={!record} />
    </RecordFormDialog>
  );
}

function DepotFields({ adding }: { adding: boolean }) {
  const { t } = useTranslation('depot');
  const { trigger, formState: { isSubmitted } } = useFormContext<Values>();
  const amazon = useWatch<Values, 'depotType'>({ name: 'depotType' }) === 'amazon';
  return (
    <>
      {adding ? <CustomerField text={t} testId="depot-customer" /> : null}
      <RadioField<Values> name="depotType" label={t('field.depotType')} testId="depot-type" options={DEPOT_TYPES.map((type) => ({ value: type, label: t(`depotType.${type}`) }))}
        onValueChange={() => (isSubmitted ? void trigger() : undefined)} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {amazon ? <FbaWarehousePicker /> : (
          <TextField<Values> name="depotId" label={t('field.depotId')} required fontFamily="mono" textTransform="uppercase" maxLength={32} autoComplete="off" spellCheck={false} testId="depot-id"
            rules={{ validate: { required: requiredText(t('form.depotIdRequired')), pattern: businessCodeRule } }} />
        )}
        <TextField<Values> name="code" label={t('field.code')} helper={t('form.codeHint')} maxLength={50} autoComplete="off" testId="depot-code" />
        <TextField<Values> name="depotName" label={t('field.depotName')} required={!amazon} helper={amazon ? t('form.depotNameAmazonHint') : undefined} maxLength={100} autoComplete="off" testId="depot-name"
          rules={{ validate: (value, values) => isAmazon(values) || requiredText(t('form.depotNameRequired'))(value) }} />
        <TextField<Values> name="contact" label={t('field.contact')} maxLength={100} autoComplete="off" testId="depot-contact" />
        <PhoneField text={t} testId="depot-phone" />
      </SimpleGrid>
      {amazon ? (
        <Text textStyle="sm" color="fg.muted">
          {t('form.amazonAddressHint')}
        </Text>
      ) : null}
      <AddressFields text={t} testId="depot" blankAllowed={isAmazon} />
      <TextareaField<Values> name="remark" label={t('field.remark')} maxLength={500} testId="depot-remark" />
    </>
  );
}

/** An Amazon centre's code, picked from the seeded list (in the form's country, when one is chosen); its address shows under it. */
function FbaWarehousePicker() {
  const { t } = useTranslation('depot');
  const [country, depotId] = useWatch<Values, ['country', 'depotId']>({ name: ['country', 'depotId'] });
  const centre = useFbaWarehouse(depotId);
  return (
    <RemoteSelectField<Values> name="depotId" label={t('field.depotId')} required testId="depot-fba" helper={centre ? fbaAddress(centre) : t('form.fbaHint')}
      rules={{ validate: requiredText(t('form.depotIdRequired')) }} selected={depotId ? { value: depotId, label: depotId } : undefined}
      search={searchFbaWarehouses(country)} queryKey={[...depotKeys.fbaWarehouses, country]} placeholder={t('form.fbaPlaceholder')} />
  );
}
