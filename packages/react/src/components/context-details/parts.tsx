import {
  type AttachmentDetail,
  buildComparison,
  buildContextDetails,
  type ComparedItem,
  type ContextDetailsModel,
  type DetailItem,
  type DetailSection,
  type ExcludedDetail,
  exclusionText,
  pillText,
} from '@ctxkit/core/view';
import { createContext, type HTMLAttributes, type ReactNode, useContext, useMemo } from 'react';
import { type CtxkitFormat, useCtxkitFormat } from '../../locale/index.js';
import {
  useForgetRecalled,
  usePlan,
  usePlanComparison,
  useRequestContext,
  useSessionActions,
} from '../../queries/index.js';
import {
  cx,
  type Disclosure,
  ErrorMessage,
  errorText,
  inState,
  Loading as LoadingStatus,
  type LoadState,
  openState,
  StateEmpty,
  StateError,
  type StatusProps,
  triggerProps,
  useDisclosure,
} from '../../shared/index.js';

interface DetailsContextValue {
  readonly sessionId: string;
  readonly messageId: string;
  readonly state: LoadState;
  readonly model: ContextDetailsModel | null;
  readonly error: unknown;
  /** The plan (for excluded items, pins and history) failed to load; the items still show. */
  readonly planError: unknown;
  readonly planLoading: boolean;
  readonly excluded: Disclosure;
  readonly onItemClick: ((item: DetailItem | ExcludedDetail) => void) | undefined;
}

const DetailsContext = /* @__PURE__ */ createContext<DetailsContextValue | null>(null);
const SectionContext = /* @__PURE__ */ createContext<{
  section: DetailSection;
  disclosure: Disclosure;
} | null>(null);

/** The state of the nearest `ContextDetails.Root`, for building your own parts. */
export function useContextDetails(): DetailsContextValue {
  const value = useContext(DetailsContext);
  if (!value) throw new Error('ContextDetails parts must be inside <ContextDetails.Root>.');
  return value;
}

function useSection() {
  const value = useContext(SectionContext);
  if (!value) throw new Error('ContextDetails section parts must be inside <ContextDetails.Section>.');
  return value;
}

export interface RootProps extends HTMLAttributes<HTMLDivElement> {
  readonly sessionId: string;
  readonly messageId: string;
  /** Called with the item clicked; without it items are plain text. */
  readonly onItemClick?: (item: DetailItem | ExcludedDetail) => void;
  readonly children?: ReactNode;
}

/** Loads a reply's request context and plan; `data-state` is loading, error, empty (no context data) or ready. */
export function Root({ sessionId, messageId, onItemClick, className, children, ...props }: RootProps) {
  const context = useRequestContext(sessionId, messageId);
  const plan = usePlan(sessionId, context.data?.planId);
  const excluded = useDisclosure(false);
  const format = useCtxkitFormat();
  const model = useMemo(
    () => (context.data ? buildContextDetails(context.data, plan.data ?? null, format) : null),
    [context.data, plan.data, format],
  );
  const state: LoadState = context.isPending
    ? 'loading'
    : context.isError
      ? 'error'
      : model === null
        ? 'empty'
        : 'ready';
  const value: DetailsContextValue = {
    sessionId,
    messageId,
    state,
    model,
    error: context.error,
    planError: plan.error,
    planLoading: plan.isPending && plan.fetchStatus !== 'idle',
    excluded,
    onItemClick,
  };
  return (
    <DetailsContext.Provider value={value}>
      <div className={cx('ctxkit-details', className)} data-state={state} {...props}>
        {children}
      </div>
    </DetailsContext.Provider>
  );
}

export function Loading(props: StatusProps) {
  return inState(useContextDetails().state, 'loading', <LoadingStatus {...props} />);
}

export function ErrorState({ children, ...props }: StatusProps) {
  const { state, error } = useContextDetails();
  return inState(
    state,
    'error',
    <StateError error={error} message={(labels) => labels.details.error} {...props}>
      {children}
    </StateError>,
  );
}

/** Shown for replies without a request context (written before context tracking). */
export function Empty({ children, ...props }: StatusProps) {
  return inState(
    useContextDetails().state,
    'empty',
    <StateEmpty text={({ labels }) => labels.details.empty} {...props}>
      {children}
    </StateEmpty>,
  );
}

export function Heading({ className, children, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  const { labels } = useCtxkitFormat();
  return (
    <h2 className={cx('ctxkit-details__heading', className)} {...props}>
      {children ?? labels.details.heading}
    </h2>
  );
}

/** "5 rules (3 agent, 2 always), 2 references (1 agent, 1 manual), 3 tools (all manual)" and the token total. */
export function Summary({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  const { model } = useContextDetails();
  const format = useCtxkitFormat();
  if (!model) return null;
  return (
    <p className={cx('ctxkit-details__summary', className)} {...props}>
      <span>{model.summary}</span>{' '}
      <span className="ctxkit-details__total">
        {format.text(format.labels.details.total, { tokens: model.totalTokens })}
      </span>
    </p>
  );
}

/**
 * The one-line summary of the collapsed form: "Context: 1,234 tokens · 5 items · 2 left out" (the left-out count once
 * the plan is loaded, and only when something was). While loading, failed or empty, the state's own short text.
 */
export function Line({ className, children, ...props }: HTMLAttributes<HTMLSpanElement>) {
  const { state, model } = useContextDetails();
  const format = useCtxkitFormat();
  const labels = format.labels.details;
  let text: string;
  if (state === 'loading') text = format.labels.common.loading;
  else if (state === 'empty') text = labels.empty;
  else if (!model) text = labels.heading;
  else {
    const items = model.sections.reduce((sum, section) => sum + section.items.length, 0);
    const parts = [
      format.text(labels.tokens, { tokens: model.totalTokens }),
      format.text(labels.items, { count: items }),
    ];
    if (model.excluded && model.excluded.length > 0)
      parts.push(format.text(labels.leftOut, { count: model.excluded.length }));
    text = format.text(labels.collapsed, { parts: parts.join(labels.collapsedSeparator) });
  }
  return (
    <span className={cx('ctxkit-details__line', className)} {...props}>
      {children ?? text}
    </span>
  );
}

/** "Counted with Llama 3 tokenizer · Llama 3 template": what the reply's request was counted with, once its plan loaded. */
export function Counting({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  const { model } = useContextDetails();
  if (!model?.counting) return null;
  return (
    <p
      className={cx('ctxkit-details__counting', className)}
      data-estimate={model.counting.estimate !== null}
      {...props}
    >
      {model.counting.text}
    </p>
  );
}

export interface SectionProps extends HTMLAttributes<HTMLElement> {
  readonly section: DetailSection;
  readonly defaultOpen?: boolean;
}

/** A collapsible section (Rules, References, Tools, Pins, History); `data-state` open or closed. */
export function Section({ section, defaultOpen = true, className, children, ...props }: SectionProps) {
  const disclosure = useDisclosure(defaultOpen);
  return (
    <SectionContext.Provider value={{ section, disclosure }}>
      <section
        className={cx('ctxkit-details__section', className)}
        data-section={section.id}
        data-state={openState(disclosure.open)}
        aria-labelledby={disclosure.triggerId}
        {...props}
      >
        {children ?? (
          <>
            <SectionTrigger />
            <SectionContent />
          </>
        )}
      </section>
    </SectionContext.Provider>
  );
}

/** The section's heading button: its name, item count and tokens. */
export function SectionTrigger({ className, children, ...props }: HTMLAttributes<HTMLButtonElement>) {
  const { section, disclosure } = useSection();
  const format = useCtxkitFormat();
  const labels = format.labels.details;
  return (
    <h3 className="ctxkit-details__section-heading">
      <button {...triggerProps(disclosure)} className={cx('ctxkit-details__trigger', className)} {...props}>
        {children ?? (
          <>
            <span className="ctxkit-details__section-name">
              {format.text(labels.section, { section: section.label, count: section.items.length })}
            </span>
            <span className="ctxkit-tokens">{format.text(labels.tokens, { tokens: section.tokens })}</span>
          </>
        )}
      </button>
    </h3>
  );
}

export function SectionContent({ className, children, ...props }: HTMLAttributes<HTMLUListElement>) {
  const { section, disclosure } = useSection();
  return (
    <ul
      id={disclosure.contentId}
      hidden={!disclosure.open}
      className={cx('ctxkit-details__items', className)}
      {...props}
    >
      {children ?? section.items.map((item) => <Item key={item.key} item={item} />)}
    </ul>
  );
}

export interface ItemProps extends HTMLAttributes<HTMLLIElement> {
  readonly item: DetailItem;
}

/** One item: its name (a button when there is a click handler), its pill and its tokens. */
export function Item({ item, className, children, ...props }: ItemProps) {
  const { onItemClick } = useContextDetails();
  const format = useCtxkitFormat();
  return (
    <li
      className={cx('ctxkit-details__item', className)}
      data-include-mode={item.includeMode}
      data-pin={item.pin}
      data-attachment={item.attachment?.kind}
      data-form={item.form}
      {...props}
    >
      {children ?? (
        <>
          {item.attachment && <AttachmentThumbnail attachment={item.attachment} />}
          <ItemName label={item.label} onClick={onItemClick && (() => onItemClick(item))} />
          {item.attachment && (
            <span className="ctxkit-details__attachment">{item.attachment.description}</span>
          )}
          <Pill item={item} />
          <span className="ctxkit-tokens">{format.number(item.tokens)}</span>
          <NotRelevant item={item} />
          <ForgetPassage item={item} />
        </>
      )}
    </li>
  );
}

/**
 * A small picture of an image sent as data. The source is the image's own `data:` URL of an image media type, set
 * as an attribute: the browser decodes it as an image, never as markup. Its name is shown beside it, so it is
 * decorative (`alt=""`).
 */
function AttachmentThumbnail({ attachment }: { readonly attachment: AttachmentDetail }) {
  if (!attachment.thumbnail) return null;
  return (
    <img
      className="ctxkit-details__thumbnail"
      src={attachment.thumbnail}
      alt=""
      {...(attachment.width !== undefined && { width: attachment.width, height: attachment.height })}
    />
  );
}

export interface NotRelevantProps extends HTMLAttributes<HTMLButtonElement> {
  readonly item: DetailItem;
}

/**
 * "Not relevant here" on an item retrieval chose for this reply (an `agent` item, not pinned): tells retrieval, with
 * this turn's message, not to send it for messages like it. Renders nothing for other items; once sent, it says so.
 */
export function NotRelevant({ item, ...props }: NotRelevantProps) {
  const { sessionId, messageId } = useContextDetails();
  const { feedback } = useSessionActions(sessionId);
  const format = useCtxkitFormat();
  const labels = format.labels.details;
  if (item.includeMode !== 'agent' || item.pin || item.capsule || !item.ref) return null;
  const ref = item.ref;
  return (
    <ItemAction
      state={feedback}
      text={labels.notRelevant}
      label={format.text(labels.notRelevantName, { item: item.label })}
      done={labels.notRelevantDone}
      failed={labels.notRelevantFailed}
      onAct={() => feedback.mutate({ messageId, item: ref, verdict: 'not-relevant' })}
      {...props}
    />
  );
}

export interface ForgetPassageProps extends HTMLAttributes<HTMLButtonElement> {
  readonly item: DetailItem;
}

/**
 * "Forget" on a recalled passage: its messages are never recalled again, in any conversation (they stay in theirs).
 * Renders nothing for other items; once done, it says so.
 */
export function ForgetPassage({ item, ...props }: ForgetPassageProps) {
  const forget = useForgetRecalled();
  const format = useCtxkitFormat();
  const labels = format.labels.details;
  const passage = item.recalled;
  if (!passage) return null;
  return (
    <ItemAction
      state={forget}
      text={labels.forget}
      label={format.text(labels.forgetName, { item: item.label })}
      done={labels.forgetDone}
      failed={labels.forgetFailed}
      title={labels.forgetTitle}
      onAct={() => forget.mutate({ messageIds: passage.messageIds })}
      {...props}
    />
  );
}

interface ItemActionProps extends HTMLAttributes<HTMLButtonElement> {
  readonly state: { readonly isPending: boolean; readonly isSuccess: boolean; readonly error: Error | null };
  /** The button's text, and its accessible name (which starts with the text). */
  readonly text: string;
  readonly label: string;
  /** What it says once done, as a status. */
  readonly done: string;
  /** What its title says before the error's text when it failed. */
  readonly failed: string;
  readonly onAct: () => void;
}

/** An action on one item (a link-styled button) that says when it is done, and why it failed in its title. */
function ItemAction({
  state,
  text,
  label,
  done,
  failed,
  title,
  onAct,
  className,
  children,
  ...props
}: ItemActionProps) {
  const format = useCtxkitFormat();
  if (state.isSuccess) {
    return (
      <span className={cx('ctxkit-details__feedback', className)} data-state="sent" role="status">
        {done}
      </span>
    );
  }
  return (
    <button
      type="button"
      className={cx('ctxkit-details__feedback ctxkit-link', className)}
      aria-label={label}
      disabled={state.isPending}
      data-state={state.error ? 'error' : 'idle'}
      title={
        state.error
          ? format.text(format.labels.common.failed, { what: failed, error: errorText(state.error) })
          : title
      }
      onClick={onAct}
      {...props}
    >
      {children ?? text}
    </button>
  );
}

function ItemName({ label, onClick }: { label: string; onClick: (() => void) | undefined }) {
  // Item text is data: always a text child, never markup.
  return onClick ? (
    <button type="button" className="ctxkit-details__name ctxkit-link" onClick={onClick}>
      {label}
    </button>
  ) : (
    <span className="ctxkit-details__name">{label}</span>
  );
}

export interface PillProps extends HTMLAttributes<HTMLSpanElement> {
  readonly item: DetailItem;
}

/** What an include mode pill means, for its tooltip. */
function pillTitle(
  mode: NonNullable<DetailItem['includeMode']>,
  score: number | undefined,
  format: CtxkitFormat,
): string {
  const labels = format.labels.details;
  if (mode === 'always') return labels.pillAlways;
  if (mode === 'manual') return labels.pillManual;
  return score === undefined
    ? labels.pillAgent
    : format.text(labels.pillAgentScore, { score: format.score(score) });
}

/** Always / Manual / Agent 0.87, and Sticky / Leased / Ephemeral for pinned items. */
export function Pill({ item, className, ...props }: PillProps) {
  const mode = item.includeMode;
  const pin = item.pin;
  const format = useCtxkitFormat();
  const labels = format.labels.details;
  if (item.capsule) return <CapsulePill capsule={item.capsule} className={className} {...props} />;
  if (item.recalled) return <RecalledPill passage={item.recalled} className={className} {...props} />;
  if (!mode && !pin) return null;
  const form = item.form;
  return (
    <span className="ctxkit-pills">
      {mode && (
        <span
          className={cx('ctxkit-pill', className)}
          data-include-mode={mode}
          title={pillTitle(mode, item.similarityScore, format)}
          {...props}
        >
          {pillText(
            {
              includeMode: mode,
              ...(item.similarityScore !== undefined && { similarityScore: item.similarityScore }),
            },
            format,
          )}
        </span>
      )}
      {pin && (
        <span className="ctxkit-pill" data-pin={pin}>
          {pin === 'sticky' ? labels.pillPinned : pin === 'leased' ? labels.pillLeased : labels.pillCard}
        </span>
      )}
      {form && (
        <span
          className="ctxkit-pill"
          data-form={form}
          data-name-only={item.nameOnly}
          title={
            form === 'expanded'
              ? labels.pillExpandedTitle
              : item.nameOnly
                ? labels.pillNameTitle
                : labels.pillCardTitle
          }
        >
          {form === 'expanded' ? labels.pillExpanded : item.nameOnly ? labels.pillName : labels.pillCard}
        </span>
      )}
    </span>
  );
}

/** "Mode: Auto chose Heavy (the message asks for work to be done)": the mode the request was planned in, and why. */
export function Mode({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  const { model } = useContextDetails();
  if (!model?.mode) return null;
  return (
    <p
      className={cx('ctxkit-details__mode', className)}
      data-mode={model.mode.mode}
      data-auto={model.mode.auto?.reason}
      {...props}
    >
      {model.mode.text}
    </p>
  );
}

/**
 * "Started from what served an earlier, similar message", with those items: shown when the request began from the
 * context of an earlier message of the same kind (`plan.reuse`). Item names are text, never markup.
 */
export function Reuse({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  const { model } = useContextDetails();
  const reuse = model?.reuse;
  if (!reuse) return null;
  return (
    <div className={cx('ctxkit-details__reuse', className)} {...props}>
      <p className="ctxkit-details__reuse-text">{reuse.text}</p>
      <ul className="ctxkit-details__reuse-items">
        {reuse.items.map((item) => (
          <li key={item.key} className="ctxkit-details__reuse-item" data-key={item.key}>
            {item.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Recalled 0.42", its title the parts of the score: relevance × recency × importance (× meaning). */
/** Summary 80% · written 11/20/2026: a capsule, with its writer's confidence and date when the host gave them. */
function CapsulePill({
  capsule,
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { readonly capsule: NonNullable<DetailItem['capsule']> }) {
  const format = useCtxkitFormat();
  const labels = format.labels.details;
  const confidence = capsule.confidence === undefined ? undefined : format.percent(capsule.confidence);
  const written =
    capsule.generatedAt === undefined
      ? undefined
      : format.text(labels.pillSummaryWritten, { date: format.date(capsule.generatedAt) });
  const head =
    confidence === undefined ? labels.pillSummary : format.text(labels.pillSummaryConfidence, { confidence });
  const title = [
    labels.pillSummaryTitle,
    ...(capsule.source === undefined ? [] : [format.text(labels.pillSummaryBy, { source: capsule.source })]),
    ...(confidence === undefined ? [] : [format.text(labels.pillSummaryTrust, { confidence })]),
    ...(written === undefined ? [] : [written]),
  ].join(', ');
  return (
    <span className="ctxkit-pills">
      <span className={cx('ctxkit-pill', className)} data-capsule="" title={title} {...props}>
        {written === undefined ? head : `${head} · ${written}`}
      </span>
    </span>
  );
}

function RecalledPill({
  passage,
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { readonly passage: NonNullable<DetailItem['recalled']> }) {
  const format = useCtxkitFormat();
  const labels = format.labels.details;
  const { weights } = passage;
  const score = format.score(passage.score);
  const title =
    weights &&
    format.text(
      weights.similarity === undefined ? labels.pillRecalledTitle : labels.pillRecalledMeaningTitle,
      {
        score,
        relevance: format.score(weights.relevance),
        recency: format.score(weights.recency),
        importance: format.score(weights.importance),
        ...(weights.similarity !== undefined && { meaning: format.score(0.5 + 0.5 * weights.similarity) }),
      },
    );
  return (
    <span className="ctxkit-pills">
      <span className={cx('ctxkit-pill', className)} data-recalled="" {...(title && { title })} {...props}>
        {format.text(labels.pillRecalled, { score })}
      </span>
    </span>
  );
}

/** Shows or hides what the plan left out. Absent until the plan has loaded. */
export function ExcludedTrigger({ className, children, ...props }: HTMLAttributes<HTMLButtonElement>) {
  const { model, excluded } = useContextDetails();
  const format = useCtxkitFormat();
  if (!model?.excluded) return null;
  return (
    <button
      {...triggerProps(excluded)}
      className={cx('ctxkit-details__excluded-trigger ctxkit-button', className)}
      {...props}
    >
      {children ??
        format.text(excluded.open ? format.labels.details.hideExcluded : format.labels.details.showExcluded, {
          count: model.excluded.length,
        })}
    </button>
  );
}

/** The excluded candidates with their reasons; a note when the plan could not be loaded. */
export function ExcludedContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  const { model, excluded, planError, planLoading, onItemClick } = useContextDetails();
  const format = useCtxkitFormat();
  const labels = format.labels.details;
  if (planError) {
    return (
      <ErrorMessage className={className}>
        {format.text(labels.excludedError, { error: errorText(planError) })}
      </ErrorMessage>
    );
  }
  if (planLoading) return <LoadingStatus className={className}>{labels.loadingPlan}</LoadingStatus>;
  if (!model?.excluded) return null;
  return (
    <div
      id={excluded.contentId}
      hidden={!excluded.open}
      className={cx('ctxkit-details__excluded', className)}
      data-state={openState(excluded.open)}
      {...props}
    >
      {model.excluded.length === 0 ? (
        <p className="ctxkit-muted">{labels.nothingLeftOut}</p>
      ) : (
        <ul className="ctxkit-details__items">
          {model.excluded.map((entry) => (
            <li key={entry.key} className="ctxkit-details__item" data-reason={entry.reason.code}>
              <ItemName
                label={entry.label}
                onClick={onItemClick && entry.ref ? () => onItemClick(entry) : undefined}
              />
              <span className="ctxkit-pill" data-section={entry.section}>
                {format.labels.sections[entry.section]}
              </span>
              <span className="ctxkit-details__reason">{exclusionText(entry.reason, format)}</span>
              <span className="ctxkit-tokens">{format.number(entry.tokens)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * "Compared with previous turn": what entered the plan since the previous turn's last request and what left it,
 * each with its reasons on both sides, behind a toggle. Nothing for a reply of the session's first turn.
 */
export function Comparison({ className, ...props }: HTMLAttributes<HTMLElement>) {
  const { sessionId, messageId, model } = useContextDetails();
  const comparison = usePlanComparison(sessionId, messageId, model?.planId);
  const disclosure = useDisclosure(false);
  const format = useCtxkitFormat();
  const labels = format.labels.details;
  const view = useMemo(
    () => (comparison.diff ? buildComparison(comparison.diff, format) : null),
    [comparison.diff, format],
  );
  if (!model || !comparison.hasPrevious) return null;
  return (
    <section
      className={cx('ctxkit-details__comparison', className)}
      aria-labelledby={disclosure.triggerId}
      data-state={openState(disclosure.open)}
      {...props}
    >
      <h3 className="ctxkit-details__section-heading">
        <button {...triggerProps(disclosure, { unmountsContent: true })} className="ctxkit-details__trigger">
          <span className="ctxkit-details__section-name">
            {view
              ? format.text(labels.comparisonCounts, { entered: view.entered.length, left: view.left.length })
              : labels.comparison}
          </span>
          {view && (
            <span className="ctxkit-tokens">
              {format.text(labels.comparisonTokens, { before: view.used.before, after: view.used.after })}
            </span>
          )}
        </button>
      </h3>
      {disclosure.open && (
        <div id={disclosure.contentId} className="ctxkit-details__comparison-content">
          {comparison.error ? (
            <ErrorMessage>
              {format.text(labels.comparisonError, { error: errorText(comparison.error) })}
            </ErrorMessage>
          ) : !view ? (
            <LoadingStatus>{labels.loadingPrevious}</LoadingStatus>
          ) : (
            <>
              <ComparedList heading={labels.entered} items={view.entered} kind="entered" />
              <ComparedList heading={labels.left} items={view.left} kind="left" />
            </>
          )}
        </div>
      )}
    </section>
  );
}

function ComparedList({
  heading,
  items,
  kind,
}: {
  heading: string;
  items: readonly ComparedItem[];
  kind: 'entered' | 'left';
}) {
  const format = useCtxkitFormat();
  const labels = format.labels.details;
  return (
    <>
      <h4 className="ctxkit-details__comparison-heading">{format.text(heading, { count: items.length })}</h4>
      {items.length === 0 ? (
        <p className="ctxkit-muted">{kind === 'entered' ? labels.nothingEntered : labels.nothingLeft}</p>
      ) : (
        <ul className="ctxkit-details__items" data-change={kind}>
          {items.map((item) => (
            // Item text is data: every label and reason is a text child, never markup.
            <li key={item.key} className="ctxkit-details__item" data-change={kind} data-key={item.key}>
              <span className="ctxkit-details__name">{item.label}</span>
              <span className="ctxkit-pill" data-section={item.section}>
                {format.labels.sections[item.section]}
              </span>
              <span className="ctxkit-details__reason">
                {format.text(kind === 'entered' ? labels.enteredReason : labels.leftReason, {
                  reason: item.reason,
                  other: item.other ?? labels.notCandidate,
                })}
              </span>
              <span className="ctxkit-tokens">{format.number(item.tokens)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
