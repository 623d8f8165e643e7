import type { Language } from '../../../i18n';
import type { CategoryRecord } from './api';

/** A category's name in the UI language (English falls back to the Chinese name). */
export function categoryName(record: Pick<CategoryRecord, 'name' | 'nameEn' | 'title'>, language: Language): string {
  if (language === 'en-US') return record.nameEn || record.name || record.title || '';
  return record.name || record.title || '';
}
