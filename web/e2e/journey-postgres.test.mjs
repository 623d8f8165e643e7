// The whole journey (journey.mjs) on one server with a fresh PostgreSQL database, in both languages.
import { test } from 'node:test';
import { POSTGRES } from './deployments.mjs';
import { journey } from './journey.mjs';

if (POSTGRES) journey('postgres');
else test('the whole journey on PostgreSQL', { skip: 'TEST_DATABASE_URL is not set' }, () => {});
