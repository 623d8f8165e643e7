// The whole journey (journey.mjs) on two instances sharing one PostgreSQL database and Redis, every
// request (and WebSocket) sent to the other instance in turn, in both languages.
import { test } from 'node:test';
import { POSTGRES, REDIS } from './deployments.mjs';
import { journey } from './journey.mjs';

if (POSTGRES && REDIS) journey('cluster');
else test('the whole journey on two instances', { skip: 'TEST_DATABASE_URL or TEST_REDIS_URL is not set' }, () => {});
