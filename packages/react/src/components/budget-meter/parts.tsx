import {
  type ContextPlan,
  checkPriceTable,
  type InclusionReason,
  isCtxkitError,
  nextContextMode,
  type PriceTable,
  type UsageReport,
} from '@ctxkit/core';
import {
  type AutoEntry,
  agentReasonText,
  autoIncluded,
  type BudgetModel,
  type BudgetThresholds,
  budgetOfError,
  budgetOfPlan,
  type CalibratedFigures,
  calibratedOfPlan,
  countingOf,
  DEFAULT_THRESHOLDS,
  exclusionText,
  modeChoiceText,
  WASTE_TARGET,
  type WasteModel,
  wasteOfMessages,
} from '@ctxkit/core/view';
import {
  type CSSProperties,
  createContext,
  type HTMLAttributes,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type CtxkitFormat, richText, useCtxkitFormat } from '../../locale/index.js';
import {
  type ContextModeState,
  latestTrackedReply,
  useContextMode,
  useDraftEstimate,
  useMessages,
  useSessionActions,
  useUsage,
} from '../../queries/index.js';
import {
  cx,
  type Disclosure,
  ErrorMessage,
  errorText,
  inState,
  Loading as LoadingStatus,
  type LoadState,
  matchesHotkey,
  openState,
  parseHotkey,
  StateError,
  type StatusProps,
  triggerProps,
  useDisclosure,
} from '../../shared/index.js';

/** The default hotkey that cycles the context mode Off → Light → Heavy. */
export const DEFAULT_MODE_HOTKEY = 'Alt+Shift+M';

export type MeterVariant = 'full' | 'compact';

interface MeterContextValue {
  readonly state: LoadState;
  readonly variant: MeterVariant;
  readonly budget: BudgetModel | null;
  readonly plan: ContextPlan | null;
  readonly error: unknown;
  readonly mode: ContextModeState | null;
  readonly lastReply: UsageReport | null;
  /** The draft's cost in the model's own tokens, once usage reports calibrated the count. */
  readonly calibrated: CalibratedFigures | null;
  /** Automatically added tokens the replies never referenced: last turn and whole session. */
  readonly waste: WasteModel | null;
  readonly hotkey: string | null;
  readonly cycleMode: () => void;
  readonly resetMode: () => void;
  readonly modeError: unknown;
  readonly breakdown: Disclosure;
  /** The host's price table, when it gave one. */
  readonly prices: PriceTable | null;
}

const MeterContext = /* @__PURE__ */ createContext<MeterContextValue | null>(null);

/** The state of the nearest `BudgetMeter.Root`, for building your own parts. */
export function useBudgetMeter(): MeterContextValue {
  const value = useContext(MeterContext);
  if (!value) throw new Error('BudgetMeter parts must be inside <BudgetMeter.Root>.');
  return value;
}

export interface RootProps extends HTMLAttributes<HTMLDivElement> {
  readonly sessionId: string;
  /** The text in the chat input: the meter shows what sending it would cost. */
  readonly draft?: string;
  readonly thresholds?: Partial<BudgetThresholds>;
  /** Cycles the session's context mode from anywhere on the page; `null` for none. Default Alt+Shift+M. */
  readonly hotkey?: string | null;
  readonly variant?: MeterVariant;
  readonly debounceMs?: number;
  /** Prices per million tokens by model: the last reply's cost, and what the prompt cache saved, are shown. */
  readonly prices?: PriceTable;
  readonly children?: ReactNode;
}

export function Root({
  sessionId,
  draft = '',
  thresholds,
  hotkey = DEFAULT_MODE_HOTKEY,
  variant = 'full',
  debounceMs,
  prices,
  className,
  children,
  ...props
}: RootProps) {
  if (prices !== undefined) checkPriceTable(prices);
  const estimate = useDraftEstimate(sessionId, draft, debounceMs === undefined ? {} : { debounceMs });
  const messages = useMessages(sessionId);
  const usage = useUsage(sessionId);
  const mode = useContextMode(sessionId);
  const { setMode } = useSessionActions(sessionId);
  const breakdown = useDisclosure(false);
  const warn = thresholds?.warn ?? DEFAULT_THRESHOLDS.warn;
  const danger = thresholds?.danger ?? DEFAULT_THRESHOLDS.danger;

  const overBudget = isCtxkitError(estimate.error, 'over_budget') ? estimate.error : null;
  const budget = useMemo(
    () =>
      overBudget
        ? budgetOfError(overBudget)
        : estimate.data
          ? budgetOfPlan(estimate.data, { warn, danger })
          : null,
    [estimate.data, overBudget, warn, danger],
  );
  const lastReply = useMemo(() => {
    const reply = messages.data && latestTrackedReply(messages.data);
    const planId = reply?.requestContext?.planId;
    return (planId && usage.data?.find((report) => report.planId === planId)) || null;
  }, [messages.data, usage.data]);

  const calibrated = useMemo(() => (estimate.data ? calibratedOfPlan(estimate.data) : null), [estimate.data]);
  const waste = useMemo(() => (messages.data ? wasteOfMessages(messages.data) : null), [messages.data]);

  const current = mode.data?.mode;
  const cycleMode = () => {
    if (current && !setMode.isPending) setMode.mutate(nextContextMode(current));
  };
  const resetMode = () => setMode.mutate(null);
  const cycleRef = useRef(cycleMode);
  cycleRef.current = cycleMode;
  useEffect(() => {
    if (hotkey === null) return;
    const parsed = parseHotkey(hotkey);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.repeat || !matchesHotkey(event, parsed)) return;
      event.preventDefault();
      cycleRef.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [hotkey]);

  const state: LoadState = budget ? 'ready' : estimate.isError ? 'error' : 'loading';
  const value: MeterContextValue = {
    state,
    variant,
    budget,
    plan: estimate.data ?? null,
    error: overBudget ? null : estimate.error,
    mode: mode.data ?? null,
    lastReply,
    calibrated,
    waste,
    hotkey,
    cycleMode,
    resetMode,
    modeError: setMode.error,
    breakdown,
    prices: prices ?? null,
  };
  return (
    <MeterContext.Provider value={value}>
      <div
        className={cx('ctxkit-meter', className)}
        data-state={state}
        data-level={budget?.level}
        data-variant={variant}
        data-mode={mode.data?.mode}
        {...props}
      >
        {children}
      </div>
    </MeterContext.Provider>
  );
}

export function Loading(props: StatusProps) {
  const { labels } = useCtxkitFormat();
  return inState(
    useBudgetMeter().state,
    'loading',
    <LoadingStatus {...props}>{props.children ?? labels.meter.estimating}</LoadingStatus>,
  );
}

export function ErrorState({ children, ...props }: StatusProps) {
  const { state, error } = useBudgetMeter();
  return inState(
    state,
    'error',
    <StateError error={error} message={(labels) => labels.meter.error} {...props}>
      {children}
    </StateError>,
  );
}

/** The bar: a `meter` with one segment per prompt section (`data-section`), sized by its tokens. */
export function Bar({ className, children, ...props }: HTMLAttributes<HTMLDivElement>) {
  const { budget } = useBudgetMeter();
  const format = useCtxkitFormat();
  const labels = format.labels.meter;
  if (!budget) return null;
  return (
    // A <meter> cannot hold the segments, so this is a div with the meter role and its values.
    // biome-ignore lint/a11y/useSemanticElements: segmented bar
    <div
      role="meter"
      aria-label={labels.title}
      aria-valuemin={0}
      aria-valuemax={budget.available}
      aria-valuenow={Math.min(budget.used, budget.available)}
      aria-valuetext={format.text(labels.value, {
        used: budget.used,
        available: budget.available,
        percent: format.percent(budget.share),
      })}
      className={cx('ctxkit-meter__bar', className)}
      data-level={budget.level}
      {...props}
    >
      {children ??
        (budget.level === 'over' ? (
          <span className="ctxkit-meter__segment" data-section="over" style={{ width: '100%' }} />
        ) : (
          budget.segments.map((segment) => (
            <span
              key={segment.section}
              className="ctxkit-meter__segment"
              data-section={segment.section}
              title={format.text(labels.segment, {
                section: format.labels.sections[segment.section],
                tokens: segment.tokens,
              })}
              style={{ width: `${Math.min(100, segment.share * 100)}%` }}
            />
          ))
        ))}
    </div>
  );
}

interface Placement {
  readonly side: 'below' | 'above';
  /** In px: what is left of the viewport on that side, at most 60 % of its height. */
  readonly maxHeight: number | undefined;
  /** Where it goes in the viewport (it is in the top layer, fixed): its end edge on the meter's, kept on screen. */
  readonly style: CSSProperties | undefined;
}

const MARGIN = 8;

/**
 * Opens a popover below its meter, or above it when the meter sits low in the viewport (docked under a chat
 * input) and there is more room above, and keeps it within the viewport on that side as the page scrolls or resizes.
 */
function useViewportPlacement(open: boolean) {
  const ref = useRef<HTMLElement>(null);
  const [placement, setPlacement] = useState<Placement>({
    side: 'below',
    maxHeight: undefined,
    style: undefined,
  });
  useLayoutEffect(() => {
    const element = ref.current;
    const anchor = element?.closest('.ctxkit-meter') ?? element?.parentElement;
    if (!open || !element || !anchor) return;
    const place = () => {
      const rect = anchor.getBoundingClientRect();
      const viewport = window.innerHeight;
      const below = viewport - rect.bottom - MARGIN;
      const above = rect.top - MARGIN;
      const wanted = Math.min(element.scrollHeight, viewport * 0.6);
      const side = below >= wanted || below >= above ? 'below' : 'above';
      const room = Math.floor(Math.min(viewport * 0.6, side === 'below' ? below : above));
      const width = element.offsetWidth;
      const left = Math.round(
        Math.max(MARGIN, Math.min(rect.right - width, window.innerWidth - width - MARGIN)),
      );
      const top = Math.round(
        side === 'below' ? rect.bottom + 4 : rect.top - 4 - Math.min(room, element.scrollHeight),
      );
      setPlacement((current) =>
        current.side === side &&
        current.maxHeight === room &&
        current.style?.left === left &&
        current.style?.top === top
          ? current
          : { side, maxHeight: room, style: { left, top } },
      );
    };
    place();
    // Shown after this runs (the popover opens in a later effect, or by its invoker): placed again once it is.
    element.addEventListener('toggle', place);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      element.removeEventListener('toggle', place);
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open]);
  return [ref, placement] as const;
}

/** "Draft: 1,234 / 7,000 tokens", or in the compact variant "1.2k / 7k". */
export function Figures({ className, ...props }: HTMLAttributes<HTMLSpanElement>) {
  const { budget, variant } = useBudgetMeter();
  const format = useCtxkitFormat();
  const labels = format.labels.meter;
  if (!budget) return null;
  if (variant === 'compact') {
    return (
      <span className={cx('ctxkit-meter__figures', className)} {...props}>
        {format.text(labels.compact, {
          used: format.compact(budget.used),
          available: format.compact(budget.available),
        })}
      </span>
    );
  }
  return (
    <span className={cx('ctxkit-meter__figures', className)} {...props}>
      {richText(format, budget.level === 'over' ? labels.figuresOver : labels.figures, {
        used: <strong>{format.number(budget.used)}</strong>,
        available: budget.available,
      })}
    </span>
  );
}

/**
 * The draft in the model's own tokens: "Model count: ≈ 1,604 tokens (± 92), calibrated on 12 replies". Shown once
 * the provider reported usage; `data-tightened` when the budget was shrunk by the calibration factor.
 */
export function Calibration({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  const { calibrated } = useBudgetMeter();
  const format = useCtxkitFormat();
  const labels = format.labels.meter;
  if (!calibrated) return null;
  const { tokens, uncertainty, low, high, samples, tightened } = calibrated;
  return (
    <p
      className={cx('ctxkit-meter__calibrated', className)}
      data-tightened={tightened}
      title={format.text(labels.calibrationTitle, { low, high })}
      {...props}
    >
      {richText(format, labels.calibration, {
        tokens: <strong>{format.number(tokens)}</strong>,
        uncertainty,
        count: samples,
      })}
      {tightened && labels.calibrationTightened}
    </p>
  );
}

/**
 * What the draft was counted with: "Counted with Llama 3 tokenizer · Llama 3 template", or the estimate for a model
 * without a public tokenizer (`data-estimate`). Shown once the draft is planned.
 */
export function Counting({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  const { plan } = useBudgetMeter();
  const format = useCtxkitFormat();
  if (!plan) return null;
  const counting = countingOf(plan, format);
  return (
    <p
      className={cx('ctxkit-meter__counting', className)}
      data-estimate={counting.estimate !== null}
      {...props}
    >
      {counting.text}
    </p>
  );
}

/**
 * Waste: of the tokens added automatically (retrieved items, memories), the share the replies never referenced,
 * for the last reply and the session, against the target of less than 30 %. `data-over-target` when the
 * session's share is at or above it.
 */
export function Waste({ className, ...props }: HTMLAttributes<HTMLElement>) {
  const { waste } = useBudgetMeter();
  const format = useCtxkitFormat();
  const labels = format.labels.meter;
  if (!waste) return null;
  const share = (value: number) => <strong className="ctxkit-meter__share">{format.percent(value)}</strong>;
  const { last, session, unused } = waste;
  return (
    <div
      className={cx('ctxkit-meter__waste', className)}
      data-over-target={session.share >= WASTE_TARGET}
      {...props}
    >
      <p>
        {richText(format, labels.waste, {
          last:
            last && last.autoTokens > 0
              ? richText(format, labels.wasteLast, { share: share(last.share), tokens: last.autoTokens })
              : labels.wasteNothing,
          share: share(session.share),
          tokens: session.autoTokens,
          target: format.percent(WASTE_TARGET),
        })}
      </p>
      {unused.length > 0 && (
        <ul className="ctxkit-meter__unused" aria-label={labels.unused}>
          {unused.map((entry) => (
            <li key={entry.id}>
              <span className="ctxkit-meter__auto-name">{entry.id}</span>
              <span className="ctxkit-tokens">{format.number(entry.tokens)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * When required context cannot fit: by how much, and what to do. A message that is too long by itself is named as
 * the cause, with the length it may have; otherwise the session's required items are.
 */
export function OverBudget({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  const { budget } = useBudgetMeter();
  const format = useCtxkitFormat();
  const labels = format.labels.meter;
  if (budget?.level !== 'over') return null;
  const over = budget.used - budget.available;
  return (
    <p
      role="alert"
      className={cx('ctxkit-meter__over', className)}
      data-too-long={budget.over?.tooLong ?? 'context'}
      {...props}
    >
      {budget.over?.tooLong === 'message'
        ? format.text(labels.overMessage, {
            tokens: budget.over.messageTokens,
            over,
            room: budget.over.messageRoom,
          })
        : format.text(labels.overContext, { over })}
    </p>
  );
}

/** After a reply: what the provider counted against the estimate, with the difference. */
export function LastReply({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  const { lastReply } = useBudgetMeter();
  const format = useCtxkitFormat();
  const labels = format.labels.meter;
  if (!lastReply) return null;
  const { actualInputTokens: actual, estimatedInputTokens: estimated } = lastReply;
  return (
    <p className={cx('ctxkit-meter__last', className)} data-reported={actual !== null} {...props}>
      {actual === null ? (
        format.text(labels.lastReplyUnreported, { estimated })
      ) : (
        <>
          {richText(format, labels.lastReply, {
            actual: <strong>{format.number(actual)}</strong>,
            estimated,
            difference: (
              <span className="ctxkit-meter__difference" data-sign={Math.sign(actual - estimated)}>
                {format.difference(actual - estimated)}
              </span>
            ),
          })}
          {lastReply.cachedInputTokens !== undefined && (
            <span className="ctxkit-meter__cached">
              {' '}
              {format.text(labels.lastReplyCached, {
                cached: lastReply.cachedInputTokens,
                fresh: actual - lastReply.cachedInputTokens,
              })}
            </span>
          )}
        </>
      )}
    </p>
  );
}

/**
 * "Context: Light": cycles Auto → Off → Light → Heavy for this session; `data-override` when the session overrides
 * the default. Under Auto it shows the mode the draft would get ("Context: Auto (Heavy)", `data-chosen`) and why.
 */
export function ModeTrigger({ className, children, ...props }: HTMLAttributes<HTMLButtonElement>) {
  const { mode, hotkey, cycleMode, plan } = useBudgetMeter();
  const format = useCtxkitFormat();
  const labels = format.labels.meter;
  if (!mode) return null;
  const label = format.labels.modes[mode.mode];
  const next = format.labels.modes[nextContextMode(mode.mode)];
  const chosen = mode.mode === 'auto' ? plan?.auto : undefined;
  const chosenLabel = chosen ? format.labels.modes[chosen.chosen] : undefined;
  const state = chosen
    ? format.text(labels.modeStateAuto, { mode: chosenLabel ?? '', reason: modeChoiceText(chosen, format) })
    : format.text(mode.override ? labels.modeStateOverride : labels.modeState, { mode: label });
  return (
    <button
      type="button"
      className={cx('ctxkit-meter__mode ctxkit-button', className)}
      data-mode={mode.mode}
      data-chosen={chosen?.chosen}
      data-override={mode.override !== null}
      aria-keyshortcuts={hotkey ?? undefined}
      title={format.text(labels.modeTitle, {
        state,
        action: format.text(hotkey ? labels.modeClickOrPress : labels.modeClick, {
          next,
          hotkey: hotkey ?? '',
        }),
      })}
      onClick={cycleMode}
      {...props}
    >
      {children ?? (
        <>
          {chosenLabel
            ? format.text(labels.modeAuto, { mode: chosenLabel })
            : format.text(labels.mode, { mode: label })}
          {mode.override !== null && <span className="ctxkit-visually-hidden"> {labels.modeOverride}</span>}
        </>
      )}
    </button>
  );
}

const POPOVERS = typeof HTMLElement !== 'undefined' && 'popover' in HTMLElement.prototype;

/**
 * Opens the breakdown. It is the popover's invoker (`popoverTargetElement`, set by the content): the browser toggles
 * it, and a click on it never counts as a click outside. Without popover support it toggles the content itself.
 */
export function BreakdownTrigger({ className, children, ...props }: HTMLAttributes<HTMLButtonElement>) {
  const { breakdown, plan } = useBudgetMeter();
  const { labels } = useCtxkitFormat();
  if (!plan) return null;
  const { onClick, ...trigger } = triggerProps(breakdown);
  return (
    <button
      {...trigger}
      onClick={POPOVERS ? undefined : onClick}
      className={cx('ctxkit-meter__breakdown-trigger ctxkit-button', className)}
      {...props}
    >
      {children ?? labels.meter.breakdown}
    </button>
  );
}

function autoReasonText(entry: AutoEntry, format: CtxkitFormat): string {
  const reason = entry.reason;
  if (!entry.included) return exclusionText(reason as Exclude<typeof reason, InclusionReason>, format);
  const included = reason as InclusionReason;
  const labels = format.labels.reasons;
  if (included.code === 'agent') return agentReasonText(included, format);
  if (included.code === 'pinned') return labels.pinned[included.pin];
  if (included.code === 'memory') return labels.memory;
  if (included.code === 'checkpoint')
    return format.text(labels.checkpoint, { from: included.fromTurn + 1, to: included.toTurn + 1 });
  return included.code;
}

/**
 * The popover behind the meter: tokens per section, what the context mode and pins added and why, and the
 * retrieved candidates left out. Escape closes it and returns focus to its trigger.
 */
/**
 * The breakdown, in the platform's popover (`popover="auto"`): in the top layer, closed by Escape or a click outside
 * by the browser itself, with no key listener of the kit's; placed beside the meter within the viewport.
 */
export function BreakdownContent({ className, style, ...props }: HTMLAttributes<HTMLElement>) {
  const { breakdown, plan, budget } = useBudgetMeter();
  const ready = plan !== null && budget !== null;
  const [ref, placement] = useViewportPlacement(breakdown.open && ready);
  const { open, setOpen, triggerId } = breakdown;
  // The state the browser is moving the popover to, between `beforetoggle` and the render it causes.
  const moving = useRef<boolean | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!ready || !element || !POPOVERS) return;
    const trigger = document.getElementById(triggerId);
    if (trigger instanceof HTMLButtonElement) trigger.popoverTargetElement = element;
    // Before it shows (not after, as `toggle` is): its content is there the moment it is visible.
    const onToggle = (event: Event) => {
      moving.current = (event as ToggleEvent).newState === 'open';
      setOpen(moving.current);
    };
    element.addEventListener('beforetoggle', onToggle);
    return () => {
      element.removeEventListener('beforetoggle', onToggle);
      if (trigger instanceof HTMLButtonElement && trigger.popoverTargetElement === element)
        trigger.popoverTargetElement = null;
    };
  }, [ready, triggerId, setOpen, ref]);
  // Opened another way (the disclosure's `setOpen`): shown as a popover too.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !POPOVERS) return;
    // The browser is already showing or hiding it (its invoker, Escape, a click outside): nothing to do.
    if (moving.current === open) {
      moving.current = null;
      return;
    }
    const showing = element.matches(':popover-open');
    if (open && !showing) element.showPopover();
    else if (!open && showing) element.hidePopover();
  }, [open, ref]);
  if (!ready || (!POPOVERS && !open)) return null;
  return (
    <section
      ref={ref}
      // React 18 passes the attribute through as written.
      {...{ popover: 'auto' }}
      data-placement={placement.side}
      style={{ maxHeight: placement.maxHeight, ...placement.style, ...style }}
      id={breakdown.contentId}
      aria-labelledby={breakdown.triggerId}
      // It scrolls once taller than 60 % of the viewport: focusable, so the keyboard can scroll it too.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: axe's scrollable-region-focusable asks for it
      tabIndex={0}
      className={cx('ctxkit-meter__breakdown', className)}
      data-state={openState(open)}
      {...props}
    >
      {open && <BreakdownBody plan={plan} budget={budget} />}
    </section>
  );
}

function BreakdownBody({ plan, budget }: { plan: ContextPlan; budget: BudgetModel }) {
  const { mode, hotkey, resetMode, waste } = useBudgetMeter();
  const format = useCtxkitFormat();
  const labels = format.labels.meter;
  const modes = format.labels.modes;
  const auto = autoIncluded(plan, format);
  return (
    <>
      <h3 className="ctxkit-meter__breakdown-heading">{labels.bySection}</h3>
      <ul className="ctxkit-meter__sections">
        {budget.segments.map((segment) => (
          <li key={segment.section} data-section={segment.section}>
            <span className="ctxkit-meter__swatch" data-section={segment.section} aria-hidden="true" />
            <span>{format.labels.sections[segment.section]}</span>
            <span className="ctxkit-tokens">{format.number(segment.tokens)}</span>
          </li>
        ))}
      </ul>
      <h3 className="ctxkit-meter__breakdown-heading">
        {mode ? format.text(labels.addedInMode, { mode: modes[mode.mode] }) : labels.added}
      </h3>
      {auto.included.length === 0 ? (
        <p className="ctxkit-muted">{labels.addedNothing}</p>
      ) : (
        <AutoList entries={auto.included} />
      )}
      {auto.excluded.length > 0 && (
        <>
          <h3 className="ctxkit-meter__breakdown-heading">{labels.leftOut}</h3>
          <AutoList entries={auto.excluded} />
        </>
      )}
      {waste && (
        <>
          <h3 className="ctxkit-meter__breakdown-heading">{labels.neverReferenced}</h3>
          <Waste />
        </>
      )}
      {mode && (
        <p className="ctxkit-muted">
          {hotkey ? `${format.text(labels.hotkeyHint, { hotkey, ...modes })} ` : ''}
          {mode.override !== null ? (
            <button type="button" className="ctxkit-link" onClick={resetMode}>
              {format.text(labels.useDefaultMode, { mode: modes[mode.defaultMode] })}
            </button>
          ) : (
            labels.followsDefault
          )}
        </p>
      )}
    </>
  );
}

function AutoList({ entries }: { entries: readonly AutoEntry[] }) {
  const format = useCtxkitFormat();
  return (
    <ul className="ctxkit-meter__auto">
      {entries.map((entry) => (
        <li key={entry.key} data-included={entry.included} data-reason={entry.reason.code}>
          <span className="ctxkit-meter__auto-name">{entry.label}</span>
          <span className="ctxkit-meter__auto-reason">{autoReasonText(entry, format)}</span>
          <span className="ctxkit-tokens">{format.number(entry.tokens)}</span>
        </li>
      ))}
    </ul>
  );
}

export function ModeError(props: StatusProps) {
  const { modeError } = useBudgetMeter();
  const format = useCtxkitFormat();
  return modeError ? (
    <ErrorMessage {...props}>
      {format.text(format.labels.meter.modeError, { error: errorText(modeError) })}
    </ErrorMessage>
  ) : null;
}
