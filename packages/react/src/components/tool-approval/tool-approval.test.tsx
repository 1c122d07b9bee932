import type { ToolApproval as Decision, ToolCall } from '@ctxkit/core';
import { ValidationError } from '@ctxkit/core';
import { checkToolCalls } from '@ctxkit/core/view';
import { Component, type ReactNode } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { ToolApproval } from './tool-approval.js';

const calls: ToolCall[] = [
  { id: 'call-sum', name: 'demo__calculator', arguments: { expression: '17 * 23' } },
  { id: 'call-rm', name: 'filesystem__delete_file', arguments: { path: '<img src=x onerror=alert(1)>' } },
];

describe('ToolApproval', () => {
  test('asks for each call with its arguments as text, and settles once with every decision', async () => {
    const onSettled = vi.fn();
    const onDecision = vi.fn<(call: ToolCall, decision: Decision) => void>();
    const screen = await render(<ToolApproval calls={calls} onSettled={onSettled} onDecision={onDecision} />);
    const asking = screen.getByRole('region', { name: 'Tool calls to approve' });
    await expect.element(asking.getByRole('heading', { name: 'Run these 2 tool calls?' })).toBeVisible();
    expect(asking.element().querySelector('img')).toBeNull();
    expect(asking.element().textContent).toContain('"path": "<img src=x onerror=alert(1)>"');
    expect(await axeViolations(screen.container)).toEqual([]);

    await userEvent.click(asking.getByRole('button', { name: 'Allow demo: calculator' }));
    await expect.element(asking.getByRole('status')).toHaveTextContent('Allowed: demo: calculator');
    expect(onSettled).not.toHaveBeenCalled();
    // The pressed buttons are gone; focus moved on to the next call's first button.
    await expect.element(asking.getByRole('button', { name: 'Allow filesystem: delete_file' })).toHaveFocus();

    await userEvent.click(asking.getByRole('button', { name: 'Deny filesystem: delete_file' }));
    await vi.waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1));
    expect(onSettled).toHaveBeenCalledWith({ 'call-sum': 'approved', 'call-rm': 'denied' });
    expect(onDecision.mock.calls.map(([call, decision]) => [call.id, decision])).toEqual([
      ['call-sum', 'approved'],
      ['call-rm', 'denied'],
    ]);
    expect(asking.getByRole('button').elements()).toHaveLength(0);
    expect(await axeViolations(screen.container)).toEqual([]);
  });

  test('Allow all approves every open call at once, from the keyboard', async () => {
    const onSettled = vi.fn();
    const three = [...calls, { id: 'call-time', name: 'demo__current_time', arguments: {} }];
    const screen = await render(<ToolApproval calls={three} onSettled={onSettled} />);
    await userEvent.click(screen.getByRole('button', { name: 'Deny demo: calculator' }));
    const allowAll = screen.getByRole('button', { name: 'Allow all 2' });
    (allowAll.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() =>
      expect(onSettled).toHaveBeenCalledWith({
        'call-sum': 'denied',
        'call-rm': 'approved',
        'call-time': 'approved',
      }),
    );
    await expect.element(screen.getByRole('region')).toHaveFocus();
  });

  test('one call reads as one', async () => {
    const screen = await render(<ToolApproval calls={[calls[0] as ToolCall]} onSettled={() => {}} />);
    await expect.element(screen.getByRole('heading', { name: 'Run this tool call?' })).toBeVisible();
    expect(screen.getByRole('button', { name: /^Allow all/ }).elements()).toHaveLength(0);
  });

  test('calls that are not a list of calls with distinct ids are refused with their path, at render', async () => {
    const pathsOf = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        return (error as ValidationError).issues.map((issue) => issue.path);
      }
      throw new Error('did not throw');
    };
    const wrong = [calls[0], { ...calls[1], id: 'call-sum' }, { id: '', name: '', arguments: {} }];
    expect(pathsOf(() => checkToolCalls(wrong))).toEqual(['calls[1].id', 'calls[2].id', 'calls[2].name']);
    expect(pathsOf(() => checkToolCalls([]))).toEqual(['calls']);
    expect(pathsOf(() => checkToolCalls('call-sum'))).toEqual(['calls']);
    expect(pathsOf(() => checkToolCalls(calls, { onSettled: 'done', onDecision: 1 }))).toEqual([
      'onSettled',
      'onDecision',
    ]);
    expect(() => checkToolCalls(calls, { onSettled: () => {} })).not.toThrow();

    const caught: unknown[] = [];
    await render(
      <Boundary onError={(error) => caught.push(error)}>
        <ToolApproval calls={wrong as ToolCall[]} onSettled={() => {}} />
      </Boundary>,
    );
    await vi.waitFor(() => expect(caught[0]).toBeInstanceOf(ValidationError));
  });
});

class Boundary extends Component<
  { onError: (error: unknown) => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? <p>failed</p> : this.props.children;
  }
}
