import { useEffect, useRef } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/**
 * Validation messages come from the WASM core in the language of the moment; when the user
 * switches language, the fields that show an error are validated again so the message follows.
 */
export function useRevalidateOnLanguageChange<T extends FieldValues>(form: UseFormReturn<T>) {
  const { i18n } = useTranslation();
  const language = useRef(i18n.language);
  useEffect(() => {
    if (language.current === i18n.language) return;
    language.current = i18n.language;
    const withErrors = Object.keys(form.formState.errors) as Path<T>[];
    if (withErrors.length > 0) void form.trigger(withErrors);
  }, [i18n.language, form]);
}
