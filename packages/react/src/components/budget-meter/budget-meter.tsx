import { CachePrefix, ReplyCost } from './cache-parts.js';
import {
  Bar,
  BreakdownContent,
  BreakdownTrigger,
  Calibration,
  Counting,
  ErrorState,
  Figures,
  LastReply,
  Loading,
  ModeError,
  ModeTrigger,
  OverBudget,
  Root,
  type RootProps,
  Waste,
} from './parts.js';

export type BudgetMeterProps = Omit<RootProps, 'children'>;

/**
 * Used and available tokens for the draft in the chat input, as a bar segmented by section; the actual usage of
 * the last reply against its estimate; the draft in the model's own tokens once usage reports calibrated the count; the context mode ("Context: Light", cycled by click or hotkey); and a breakdown
 * of what was added automatically and why, with the share of it the replies never referenced (waste). `variant="compact"` fits next to a chat input.
 */
function BudgetMeterView(props: BudgetMeterProps) {
  const compact = props.variant === 'compact';
  return (
    <Root {...props}>
      <div className="ctxkit-meter__row">
        <ModeTrigger />
        <Bar />
        <Figures />
        <BreakdownTrigger />
      </div>
      <Loading />
      <ErrorState />
      <OverBudget />
      {!compact && <Calibration />}
      {!compact && <Counting />}
      {!compact && <LastReply />}
      {!compact && <ReplyCost />}
      {!compact && <CachePrefix />}
      <ModeError />
      <BreakdownContent />
    </Root>
  );
}

export const BudgetMeter = /* @__PURE__ */ Object.assign(BudgetMeterView, {
  Root,
  Loading,
  Error: ErrorState,
  Bar,
  Figures,
  OverBudget,
  LastReply,
  ReplyCost,
  CachePrefix,
  Calibration,
  Counting,
  Waste,
  ModeTrigger,
  ModeError,
  BreakdownTrigger,
  BreakdownContent,
});
