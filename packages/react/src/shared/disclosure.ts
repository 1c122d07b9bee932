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
