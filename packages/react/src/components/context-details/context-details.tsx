import {
  Comparison,
  Empty,
  ErrorState,
  ExcludedContent,
  ExcludedTrigger,
  ForgetPassage,
  Heading,
  Item,
  Loading,
  NotRelevant,
  Pill,
  Root,
  type RootProps,
  Section,
  SectionContent,
  SectionTrigger,
  Summary,
  useContextDetails,
} from './parts.js';

export type ContextDetailsProps = Omit<RootProps, 'children'> & {
  /** The heading's text; `null` for none (when the host shows its own). */
  readonly heading?: string | null;
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

/**
 * The "Context used" view of one assistant message: collapsible sections with counts and tokens, a pill per item
 * (Always / Manual / Agent with its score), the selection summary, and the excluded candidates behind a toggle.
 * Built from the headless parts in `ContextDetails.*`; style it with the CSS variables of `@ctxkit/react/styles.css`.
 */
function ContextDetailsView({ heading, ...props }: ContextDetailsProps) {
  return (
    <Root {...props}>
      {heading !== null && <Heading>{heading}</Heading>}
      <Loading />
      <ErrorState />
      <Empty />
      <Summary />
      <Sections />
      <ExcludedTrigger />
      <ExcludedContent />
      <Comparison />
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
