/** Part of the day for the welcome greeting (spec section 9). */
export type DayPeriod = 'morning' | 'forenoon' | 'noon' | 'afternoon' | 'evening';

export function dayPeriod(hour: number): DayPeriod {
  if (hour < 9) return 'morning';
  if (hour <= 11) return 'forenoon';
  if (hour <= 13) return 'noon';
  if (hour < 20) return 'afternoon';
  return 'evening';
}
