import { Badge } from '@chakra-ui/react';

/** "In use" (green) or "stopped" (grey) for a `status` of 1 or 0. */
export function StatusBadge({ active, label, testId }: { active: boolean; label: string; testId?: string }) {
  return (
    <Badge size="sm" variant="subtle" colorPalette={active ? 'green' : 'gray'} data-testid={testId}>
      {label}
    </Badge>
  );
}
