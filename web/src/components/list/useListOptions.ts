import { useQuery } from '@tanstack/react-query';
import { fetchOptions } from '../form/fetchOptions';

/**
 * Every record of a list by code (for selects, and for naming records in another list), kept a
 * minute; quiet when the user may not list them.
 */
export function useListOptions<T>(queryKey: readonly unknown[], path: string, enabled = true) {
  return useQuery({ queryKey, queryFn: ({ signal }) => fetchOptions<T>(path, signal), enabled, staleTime: 60_000, retry: false });
}
