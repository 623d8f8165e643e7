// The whole journey (journey.mjs) on one server with SQLite, in both languages.
import { journey } from './journey.mjs';

journey('sqlite');
