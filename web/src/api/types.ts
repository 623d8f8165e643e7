/**
 * Types generated from the server's OpenAPI document (`npm run gen:api` writes schema.d.ts;
 * `just openapi` refreshes both). Features take request/response shapes from here, never by hand.
 */
import type { Envelope } from './client';
import type { components, paths } from './schema';

export type Schemas = components['schemas'];
export type ApiPaths = paths;

type Assert<T extends true> = T;
/** Compile-time guard: the server's envelope schema is the client's `Envelope`. */
export type EnvelopeMatchesServer = Assert<
  Schemas['Envelope_Health'] extends Envelope<Schemas['Envelope_Health']['result']> ? true : false
>;
