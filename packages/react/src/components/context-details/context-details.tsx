import { cx, triggerProps, useDisclosure } from '../../shared/index.js';
import {
  Comparison,
  Counting,
  Empty,
  ErrorState,
  ExcludedContent,
  ExcludedTrigger,
  ForgetPassage,
  Heading,
  Item,
  Line,
  Loading,
  Mode,
  NotRelevant,
  Pill,
  Reuse,
  Root,
  type RootProps,
  Section,
  SectionContent,
  SectionTrigger,
  Summary,
  useContextDetails,
} from './parts.js';

/** `collapsed`: one summary line that opens to the full view. `expanded`: the full view. */
export type ContextDetailsVariant = 'collapsed' | 'expanded';

export type ContextDetailsProps = Omit<RootProps, 'children'> & {
  /** The heading's text; `null` for none (when the host shows its own). */
  readonly heading?: string | null;
  /**
   * `collapsed` (the default, for a chat: under every reply, one line) or `expanded` (the full view at once: a side
   * panel, a page of its own, or inside a disclosure of the host's).
   */
  readonly variant?: ContextDetailsVariant;
  /** Collapsed only: open at first. The user opens and closes it from then on. */
  readonly defaultOpen?: boolean;
};

function Sections() {
  const { model } = useContextDetails();
  return (
    <>
      {model?.sections.map((section) => (
        <Section key={section.id} section={section} />
      ))}
    </>
  );
}

function FullView({ heading }: { readonly heading: string | null | undefined }) {
  return (
    <>
      {heading !== null && <Heading>{heading}</Heading>}
      <Loading />
      <ErrorState />
      <Empty />
      <Summary />
      <Mode />
      <Counting />
      <Reuse />
      <Sections />
      <ExcludedTrigger />
      <ExcludedContent />
      <Comparison />
    </>
  );
}

/**
 * One line under a reply ("Context: 1,234 tokens · 5 items · 2 left out"), a button with `aria-expanded` that opens
 * the full view below it. A failure to load stays visible while closed: it is an alert, not a detail.
 */
function Collapsed({
  heading,
  defaultOpen = false,
  className,
  ...props
}: Omit<ContextDetailsProps, 'variant'>) {
  const disclosure = useDisclosure(defaultOpen);
  return (
    <Root {...props} className={cx('ctxkit-details--collapsed', className)} data-variant="collapsed">
      <button {...triggerProps(disclosure, { unmountsContent: true })} className="ctxkit-details__toggle">
        <span className="ctxkit-details__chevron" aria-hidden="true">
          ▸
        </span>
        <Line />
      </button>
      {!disclosure.open && <ErrorState />}
      {disclosure.open && (
        <div id={disclosure.contentId} className="ctxkit-details__body">
          <FullView heading={heading} />
        </div>
      )}
    </Root>
  );
}

/**
 * The "Context used" view of one assistant message: collapsible sections with counts and tokens, a pill per item
 * (Always / Manual / Agent with its score), the selection summary, and the excluded candidates behind a toggle;
 * collapsed to one line by default. Built from the headless parts in `ContextDetails.*`; style it with the CSS
 * variables of `@ctxkit/react/styles.css`.
 */
function ContextDetailsView({ variant = 'collapsed', defaultOpen, heading, ...props }: ContextDetailsProps) {
  if (variant === 'collapsed') return <Collapsed heading={heading} defaultOpen={defaultOpen} {...props} />;
  return (
    <Root {...props} data-variant="expanded">
      <FullView heading={heading} />
    </Root>
  );
}

export const ContextDetails = /* @__PURE__ */ Object.assign(ContextDetailsView, {
  Root,
  Heading,
  Loading,
  Error: ErrorState,
  Empty,
  Summary,
  Line,
  Mode,
  Counting,
  Reuse,
  Sections,
  Section,
  SectionTrigger,
  SectionContent,
  Item,
  Pill,
  NotRelevant,
  ForgetPassage,
  ExcludedTrigger,
  ExcludedContent,
  Comparison,
});
