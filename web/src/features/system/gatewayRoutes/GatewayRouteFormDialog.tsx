import { Alert, Box, SimpleGrid, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChecklistField, TextareaField, TextField } from '../../../components/form/fields';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { RecordFormDialog, WIDE_DIALOG, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { orNull } from '../../../components/form/serverError';
import { textValues } from '../../../components/form/values';
import { useAllRoles } from '../users/api';
import {
  addGatewayRoute,
  callPath,
  DEFAULT_TIMEOUT_MS,
  editGatewayRoute,
  GATEWAY_ROUTE_LIST_PATH,
  gatewayRouteIssue,
  useUpstreams,
  type GatewayRouteForm,
  type GatewayRouteRecord,
} from './api';

const TEXTS = ['routerId', 'name', 'uri', 'remark'] as const;
type Values = Record<(typeof TEXTS)[number], string> & { timeout: string; stripPrefix: boolean; enabled: boolean; roleCodes: string[] };
type Checked = 'routerId' | 'name' | 'uri' | 'timeout' | 'roleCodes' | 'remark';
/** The fields a refusal of the server may name. */
const SERVER_FIELDS = ['routerId', 'name', 'uri', 'timeout', 'roleCodes', 'remark'] as const;

/** A route's role codes as a list (the record keeps them comma-separated). */
export const roleCodesOf = (record: Pick<GatewayRouteRecord, 'roleCodes'> | undefined): string[] =>
  (record?.roleCodes ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');

const defaults = (record: GatewayRouteRecord | undefined): Values => ({
  ...textValues(record, TEXTS),
  timeout: String(record?.timeout ?? DEFAULT_TIMEOUT_MS),
  stripPrefix: record ? record.stripPrefix === 1 : true,
  enabled: record ? record.status === 1 : true,
  roleCodes: roleCodesOf(record),
});

/** A whole number as a number; anything else as typed (core names the problem), blank as none. */
const timeoutOf = (text: string): number | string | null => {
  const value = text.trim();
  if (value === '') return null;
  return /^\d{1,9}$/.test(value) ? Number(value) : value;
};

/** The body add and edit send (and core checks). */
export const gatewayRouteBody = (values: Values): GatewayRouteForm => ({
  routerId: values.routerId.trim(),
  name: values.name.trim(),
  uri: values.uri.trim(),
  stripPrefix: values.stripPrefix ? 1 : 0,
  timeout: timeoutOf(values.timeout),
  status: values.enabled ? 1 : 0,
  roleCodes: values.roleCodes.length > 0 ? values.roleCodes.join(',') : null,
  remark: orNull(values.remark),
});

/** What decides the allow-list part of the check: only the operator's list once it is known. */
const ALLOW_LIST_KEYS = ['gateway_no_upstreams', 'gateway_uri_not_allowed'];

/**
 * A `validate` of `field`: core's message when the form's first problem is that field's. Until
 * the allowed upstreams are known (`undefined`: they could not be read), the server alone judges
 * whether the upstream is allowed.
 */
const routeRule =
  (field: Checked, upstreams: readonly string[] | undefined) =>
  (_value: unknown, values: Values): true | string => {
    const issue = gatewayRouteIssue(gatewayRouteBody(values), upstreams ?? []);
    if (!issue || issue.field !== field) return true;
    return upstreams === undefined && ALLOW_LIST_KEYS.includes(issue.key) ? true : issue.message;
  };

function GatewayRouteFields({ upstreams }: { upstreams: readonly string[] | undefined }) {
  const { t } = useTranslation('gatewayRoute');
  const roles = useAllRoles();
  const rule = (field: Checked) => ({ validate: routeRule(field, upstreams) });
  return (
    <>
      {upstreams !== undefined && upstreams.length === 0 ? (
        <Alert.Root status="warning" size="sm" data-testid="gateway-route-no-upstreams">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('form.noUpstreamsTitle')}</Alert.Title>
            <Alert.Description>{t('form.noUpstreams')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField<Values> name="routerId" label={t('field.routerId')} required fontFamily="mono" autoComplete="off" spellCheck={false} maxLength={32} testId="gateway-route-router-id"
          helper={t('form.routerIdHint')} rules={rule('routerId')} />
        <TextField<Values> name="name" label={t('field.name')} required maxLength={100} testId="gateway-route-name" rules={rule('name')} />
      </SimpleGrid>
      <TextField<Values>
        name="uri"
        label={t('field.uri')}
        required
        fontFamily="mono"
        autoComplete="off"
        spellCheck={false}
        placeholder={upstreams?.[0] ?? 'http://127.0.0.1:9000/api'}
        testId="gateway-route-uri"
        suggestions={upstreams && upstreams.length > 0 ? { id: 'gateway-route-upstreams', values: upstreams } : undefined}
        maxLength={500}
        helper={upstreams && upstreams.length > 0 ? <UpstreamsHint upstreams={upstreams} /> : undefined}
        rules={rule('uri')}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" alignItems="start">
        <TextField<Values> name="timeout" label={t('field.timeout')} required type="number" inputMode="numeric" min={100} max={60000} step={100} testId="gateway-route-timeout"
          helper={t('form.timeoutHint')} rules={rule('timeout')} />
        <Box paddingTop={{ base: '0', sm: '6' }} display="grid" gap="3">
          <FormSwitch<Values> name="stripPrefix" label={t('field.stripPrefix')} helper={t('form.stripPrefixHint')} testId="gateway-route-strip-prefix" />
          <FormSwitch<Values> colorPalette="green" name="enabled" label={t('form.enabled')} testId="gateway-route-enabled" />
        </Box>
      </SimpleGrid>
      <RolesField options={roles.data} loading={roles.isPending} rules={rule('roleCodes')} />
      <TextareaField<Values> name="remark" label={t('field.remark')} maxLength={500} testId="gateway-route-remark" rules={rule('remark')} />
    </>
  );
}

/** The allowed upstream prefixes, under the upstream field. */
function UpstreamsHint({ upstreams }: { upstreams: readonly string[] }) {
  const { t } = useTranslation('gatewayRoute');
  return (
    <Text as="span" data-testid="gateway-route-upstreams">
      {t('form.upstreamsHint')}{' '}
      {upstreams.map((url, index) => (
        <Text as="span" key={url} fontFamily="mono" wordBreak="break-all">
          {index > 0 ? ', ' : ''}
          {url}
        </Text>
      ))}
    </Text>
  );
}

/** The roles that may call the route (none: every signed-in user); codes no role has any more stay listed. */
function RolesField({ options, loading, rules }: { options: { roleCode: string; roleName: string }[] | undefined; loading: boolean; rules: { validate: (value: unknown, values: Values) => true | string } }) {
  const { t } = useTranslation('gatewayRoute');
  const choices = useMemo(() => (options ?? []).map((role) => ({ value: role.roleCode, label: role.roleName, hint: role.roleCode })), [options]);
  return (
    <ChecklistField<Values>
      name="roleCodes"
      label={t('field.roles')}
      helper={t('form.rolesHint')}
      options={choices}
      loading={loading}
      emptyText={t('form.noRoles')}
      columns={{ base: 1, sm: 2 }}
      testId="gateway-route-roles"
      rules={rules}
    />
  );
}

/** Add or edit a gateway route; every field checked by core as the server checks it, against the operator's allowed upstreams. */
export function GatewayRouteFormDialog({ record, ...dialog }: RecordFormOpenProps<GatewayRouteRecord>) {
  const { t } = useTranslation('gatewayRoute');
  const upstreams = useUpstreams(dialog.open);
  return (
    <RecordFormDialog<Values, GatewayRouteRecord>
      {...dialog} testId="gateway-route-form" listPath={GATEWAY_ROUTE_LIST_PATH} serverFields={SERVER_FIELDS} size={WIDE_DIALOG} scrollBehavior="inside"
      title={record ? t('form.editTitle', { name: record.name }) : t('form.addTitle')}
      subtitle={record ? callPath(record.routerId) : undefined}
      defaultValues={() => defaults(record)}
      submitDisabled={upstreams.isPending}
      save={(values) => (record ? editGatewayRoute({ ...gatewayRouteBody(values), id: record.id }) : addGatewayRoute(gatewayRouteBody(values)))}
    >
      <GatewayRouteFields upstreams={upstreams.data} />
    </RecordFormDialog>
  );
}
