import type { HTMLAttributes, ReactNode } from 'react';
import { useCtxkitFormat } from '../locale/index.js';
import { cx } from './class-names.js';

/** The status every component reports as `data-state`. */
export type LoadState = 'loading' | 'error' | 'empty' | 'ready';

export type StatusProps = HTMLAttributes<HTMLDivElement> & { readonly children?: ReactNode };

/** Shown while data loads: a polite live region, so screen readers hear when it is done. */
export function Loading({ className, children, ...props }: StatusProps) {
  const { labels } = useCtxkitFormat();
  return (
    <div role="status" className={cx('ctxkit-status', className)} data-status="loading" {...props}>
      {children ?? labels.common.loading}
    </div>
  );
}

/** A read or a write failed; the message is the error's, as text. */
export function ErrorMessage({ className, children, ...props }: StatusProps) {
  return (
    <div role="alert" className={cx('ctxkit-status', className)} data-status="error" {...props}>
      {children}
    </div>
  );
}

export function EmptyMessage({ className, children, ...props }: StatusProps) {
  return (
    <div className={cx('ctxkit-status', className)} data-status="empty" {...props}>
      {children}
    </div>
  );
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
