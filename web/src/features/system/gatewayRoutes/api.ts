/**
 * Gateway routes (`/sys/gatewayRoute/*`, JeecgBoot's names; the platform's staff): a call to
 * `/boot/gateway/{routerId}/…` is forwarded to the route's upstream (`uri`), with the caller's
 * session and roles checked first. The upstream must lie under one of the URLs the operator
 * allows (`LOGISTICS_GATEWAY_UPSTREAMS`, `GET …/upstreams`); core's `gateway::route` checks the
 * form here (through WASM) as the server does on save.
 */
import { useQuery } from '@tanstack/react-query';
import { api, BASE_PATH } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';
import { gatewayRouteIssues, type FieldError } from '../../../core';
import { currentLanguage } from '../../../i18n';

export type GatewayRouteRecord = components['schemas']['GatewayRouteRecord'];
/** The timeout goes as typed when it is not a whole number, so core (and the server) name the problem. */
export type GatewayRouteForm = Omit<components['schemas']['GatewayRouteForm'], 'timeout'> & { timeout?: number | string | null };

export const GATEWAY_ROUTE_PERMISSION = 'system:gatewayRoute';
/** A new route's timeout (core's `gateway::DEFAULT_TIMEOUT_MS`). */
export const DEFAULT_TIMEOUT_MS = 10_000;

export const {
  listPath: GATEWAY_ROUTE_LIST_PATH,
  exportPath: GATEWAY_ROUTE_EXPORT_PATH,
  add: addGatewayRoute,
  edit: editGatewayRoute,
  remove: deleteGatewayRoute,
  removeBatch: deleteGatewayRoutes,
} = resource<GatewayRouteRecord, GatewayRouteForm>('/sys/gatewayRoute');

/** Where callers reach a route: `/boot/gateway/{routerId}/`. */
export const callPath = (routerId: string) => `${BASE_PATH}/gateway/${routerId}/`;

/** The upstream URLs the operator allows (`LOGISTICS_GATEWAY_UPSTREAMS`; may be none). */
export function useUpstreams(enabled = true) {
  return useQuery({
    queryKey: ['system', 'gatewayRoute', 'upstreams'],
    queryFn: () => api.get<string[] | null>('/sys/gatewayRoute/upstreams').then((envelope) => envelope.result ?? []),
    enabled,
  });
}

/** The problem core finds in a route form given the allowed upstreams, in the UI's language (the first only). */
export function gatewayRouteIssue(form: GatewayRouteForm, upstreams: readonly string[]): FieldError | undefined {
  return gatewayRouteIssues(form, upstreams, currentLanguage())[0];
}
