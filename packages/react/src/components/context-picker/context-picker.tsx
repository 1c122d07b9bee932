import { useCtxkitFormat } from '../../locale/index.js';
import {
  ActionError,
  Count,
  Empty,
  ErrorState,
  Group,
  Loading,
  Option,
  Root,
  type RootProps,
  Search,
} from './parts.js';

export type ContextPickerProps = Omit<RootProps, 'children'> & {
  /** The heading's text; `null` for none. */
  readonly heading?: string | null;
};

/** Search the catalog and add or remove rules, references and tools in the session by hand (manual mode). */
function ContextPickerView({ heading, ...props }: ContextPickerProps) {
  const { labels } = useCtxkitFormat();
  return (
    <Root {...props}>
      {heading !== null && <h2 className="ctxkit-picker__heading">{heading ?? labels.picker.heading}</h2>}
      <Search />
      <Count />
      <Loading />
      <ErrorState />
      <Empty />
      <ActionError />
      <Group type="rule" />
      <Group type="reference" />
      <Group type="tool" />
    </Root>
  );
}

export const ContextPicker = /* @__PURE__ */ Object.assign(ContextPickerView, {
  Root,
  Search,
  Count,
  Loading,
  Error: ErrorState,
  Empty,
  ActionError,
  Group,
  Option,
});
