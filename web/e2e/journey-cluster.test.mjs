// The whole journey (journey.mjs) once on two instances sharing one PostgreSQL database and Redis,
// every request (and WebSocket) sent to the other instance in turn: in the first language of
// E2E_LOCALES (zh-CN by default; `E2E_CLUSTER_LOCALES=zh-CN,en-US` runs both, as the SQLite and
// PostgreSQL files always do).
import { test } from 'node:test';
import { POSTGRES, REDIS } from './deployments.mjs';
import { journey } from './journey.mjs';

const locales = (process.env.E2E_CLUSTER_LOCALES ?? (process.env.E2E_LOCALES ?? 'zh-CN').split(',')[0]).split(',');
if (POSTGRES && REDIS) journey('cluster', { locales });
else test('the whole journey on two instances', { skip: 'TEST_DATABASE_URL or TEST_REDIS_URL is not set' }, () => {});
