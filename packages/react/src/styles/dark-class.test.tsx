/// <reference types="vite/client" />
import { afterEach, describe, expect, test } from 'vitest';
import { cdp } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { BudgetMeter } from '../components/budget-meter/index.js';
import { kitEngine } from '../test/fixtures.js';
import { Kit } from '../test/kit.js';
import './ctxkit.css';

// The stylesheet's light and dark backgrounds (--ctxkit-bg), as computed colours.
const LIGHT_BG = 'rgb(255, 255, 255)';
const DARK_BG = 'rgb(13, 17, 23)';

const html = document.documentElement;
afterEach(() => {
  html.classList.remove('dark', 'light');
});

/** A full meter with its breakdown open: the popover the browser shows in the top layer. */
async function meterWithBreakdown(wrapperClass?: string) {
  const engine = await kitEngine();
  const session = await engine.createSession();
  const screen = await render(
    <Kit engine={engine}>
      <div className={wrapperClass}>
        <BudgetMeter sessionId={session.id} draft="How do I read a file?" debounceMs={0} hotkey={null} />
      </div>
    </Kit>,
  );
  await screen.getByRole('button', { name: 'Breakdown' }).click();
  const region = screen.getByRole('region', { name: 'Breakdown' });
  await expect.element(region).toBeVisible();
  const meter = screen.container.querySelector('.ctxkit-meter') as HTMLElement;
  const popover = region.element() as HTMLElement;
  return { meter, popover };
}

const background = (element: Element) => getComputedStyle(element).backgroundColor;
const scheme = (element: Element) => getComputedStyle(element).colorScheme;

describe('the `.dark` class convention (Tailwind, shadcn/ui, next-themes)', () => {
  test('`dark` on <html> turns the meter and its popover dark, and back when it goes', async () => {
    const { meter, popover } = await meterWithBreakdown();
    expect(popover.matches(':popover-open')).toBe(true);
    expect([background(meter), background(popover), scheme(meter)]).toEqual([LIGHT_BG, LIGHT_BG, 'light']);
    html.classList.add('dark');
    expect([background(meter), background(popover), scheme(meter)]).toEqual([DARK_BG, DARK_BG, 'dark']);
    html.classList.replace('dark', 'light');
    expect([background(meter), background(popover), scheme(meter)]).toEqual([LIGHT_BG, LIGHT_BG, 'light']);
  });

  test('the nearest theme wins: a `light` part inside a `dark` page, and a `dark` one inside a light page', async () => {
    html.classList.add('dark');
    const inLight = await meterWithBreakdown('light');
    expect([background(inLight.meter), background(inLight.popover), scheme(inLight.meter)]).toEqual([
      LIGHT_BG,
      LIGHT_BG,
      'light',
    ]);
    document.body.replaceChildren();
    html.classList.replace('dark', 'light');
    const inDark = await meterWithBreakdown('dark');
    expect([background(inDark.meter), background(inDark.popover), scheme(inDark.meter)]).toEqual([
      DARK_BG,
      DARK_BG,
      'dark',
    ]);
  });

  test('`light` on <html> wins over a dark system setting, as next-themes sets it for a user who picked light', async () => {
    const setScheme = (value: string) =>
      cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value }] });
    await setScheme('dark');
    try {
      const { meter, popover } = await meterWithBreakdown();
      expect([background(meter), background(popover), scheme(meter)]).toEqual([DARK_BG, DARK_BG, 'dark']);
      html.classList.add('light');
      expect([background(meter), background(popover), scheme(meter)]).toEqual([LIGHT_BG, LIGHT_BG, 'light']);
    } finally {
      await setScheme('');
    }
  });

  test("`dark` on <html> leaves the host's own colour scheme alone", () => {
    html.classList.add('dark');
    const input = document.createElement('input');
    document.body.append(input);
    expect(scheme(input)).toBe('normal');
    expect(scheme(html)).toBe('normal');
  });

  test('the dark classes set the same palette as a dark system setting', async () => {
    const names = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSMediaRule && rule.conditionText.includes('prefers-color-scheme: dark')) {
          collect(rule.cssRules);
        } else if (rule instanceof CSSStyleRule && /^:root$|\.ctxkit-dark/.test(rule.selectorText)) {
          for (const name of Array.from(rule.style)) if (name.startsWith('--ctxkit-')) names.add(name);
        }
      }
    };
    for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
    const palette = (element: Element) =>
      Object.fromEntries([...names].map((name) => [name, getComputedStyle(element).getPropertyValue(name)]));
    const dark = document.createElement('div');
    dark.className = 'ctxkit-dark';
    document.body.append(dark);
    const byClass = palette(dark);
    const setScheme = (value: string) =>
      cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value }] });
    await setScheme('dark');
    try {
      expect(names.size).toBeGreaterThan(20);
      expect(palette(html)).toEqual(byClass);
    } finally {
      await setScheme('');
    }
  });
});
