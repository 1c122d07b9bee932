import { useCallback, useId, useState } from 'react';

/** Open state and the ids that tie a trigger to the content it shows (`aria-controls`). */
export interface Disclosure {
  readonly open: boolean;
  readonly setOpen: (open: boolean) => void;
  readonly toggle: () => void;
  readonly triggerId: string;
  readonly contentId: string;
}

export function useDisclosure(defaultOpen = false): Disclosure {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const toggle = useCallback(() => setOpen((value) => !value), []);
  return { open, setOpen, toggle, triggerId: `${id}trigger`, contentId: `${id}content` };
}

export const openState = (open: boolean) => (open ? 'open' : 'closed');

/**
 * What a disclosure's trigger button carries: its id, the expanded state, the content it controls and the toggle.
 * `aria-controls` is left out while closed when the content is only mounted while open (`unmountsContent`): an id
 * that names nothing would mislead assistive technology.
 */
export function triggerProps(disclosure: Disclosure, { unmountsContent = false } = {}) {
  return {
    type: 'button' as const,
    id: disclosure.triggerId,
    'aria-expanded': disclosure.open,
    'aria-controls': unmountsContent && !disclosure.open ? undefined : disclosure.contentId,
    'data-state': openState(disclosure.open),
    onClick: disclosure.toggle,
  };
}
