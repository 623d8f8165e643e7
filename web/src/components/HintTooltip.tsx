import { Portal, Tooltip, chakra } from '@chakra-ui/react';
import type { ReactElement } from 'react';

/**
 * A tooltip that also works on a disabled button (which gets no pointer or focus events): the
 * button sits in a focusable group that carries the hint, so mouse and keyboard users both see
 * why it is disabled. Without `hint` the child is rendered as is.
 */
export function HintTooltip({ hint, children, testId }: { hint: string | undefined; children: ReactElement; testId?: string }) {
  if (!hint) return children;
  return (
    <Tooltip.Root openDelay={150} positioning={{ placement: 'top' }}>
      <Tooltip.Trigger asChild>
        {/* A group named by the hint: screen readers say why before the (dimmed) button. */}
        <chakra.fieldset display="inline-flex" border="0" margin="0" padding="0" minWidth="0" tabIndex={0} rounded="sm" focusVisibleRing="outside" aria-label={hint} data-testid={testId}>
          {children}
        </chakra.fieldset>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{hint}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
