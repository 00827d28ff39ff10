import { configure, fireEvent as domFireEvent, getQueriesForElement } from '@testing-library/dom';
import { type ComponentChild, options, render as preactRender } from 'preact';
import { act } from 'preact/test-utils';
import { vi } from 'vitest';
import { installControlledFields, restoreControlledFields } from '@/lib/controlled-fields.ts';

/**
 * @testing-library/react's API (render, cleanup, act and all of @testing-library/dom) on Preact,
 * which the shop runs on (decision 024). The web test project maps '@testing-library/react' here
 * (vitest.config.ts): the real package requires react-dom from CommonJS, out of reach of Vite's
 * aliases, so it would render the screens with React instead of what ships. Same behaviour as
 * @testing-library/preact, whose current release pins an older @testing-library/dom.
 */

installControlledFields();

configure({
  // Events and waits let Preact apply the state they cause before the test looks again.
  // A field whose handler kept its state shows its value again at once, as in React.
  eventWrapper: (callback) => {
    let result: unknown;
    void act(() => {
      result = callback();
    });
    restoreControlledFields();
    return result;
  },
  // As @testing-library/react: after a wait, one more task, so the effects of the render that
  // ended the wait have run when the test goes on (React flushes them in that task too).
  asyncWrapper: async (callback) => {
    const result: unknown = await callback();
    await new Promise<void>((resolve) => {
      setTimeout(resolve, 0);
      if (vi.isFakeTimers()) vi.advanceTimersByTime(0);
    });
    return result;
  },
});

// Preact runs effects after the next animation frame, React in a task right after the commit:
// tests that wait for a screen and then look at what an effect did (focus, a mark on the
// document) see React's order with effects flushed in the next task. (act() flushes them itself.)
// So the unit tests do not see an effect run a frame late, as it does in the browser: code that
// must act in the commit that draws (focus on an error, into a dialog) uses useLayoutEffect, and
// the browser tests check that moment (decision 024, addendum).
options.requestAnimationFrame = (flush) => {
  setTimeout(flush);
};

const mounted = new Set<HTMLElement>();

export function render(ui: ComponentChild, { container }: { container?: HTMLElement } = {}) {
  const host = container ?? document.body.appendChild(document.createElement('div'));
  mounted.add(host);
  void act(() => {
    preactRender(ui, host);
  });
  return {
    container: host,
    baseElement: document.body,
    rerender: (next: ComponentChild) => {
      void act(() => {
        preactRender(next, host);
      });
    },
    unmount: () => {
      void act(() => {
        preactRender(null, host);
      });
    },
    ...getQueriesForElement(document.body),
  };
}

/** Unmounts everything render() mounted (the setup file calls it after each test). */
export function cleanup(): void {
  for (const host of mounted) {
    preactRender(null, host);
    host.remove();
  }
  mounted.clear();
}

/** Text fields whose onChange Preact listens to as 'input' (as React does, under its own name). */
function isTextField(element: Document | Node | Element | Window): boolean {
  if (element instanceof HTMLTextAreaElement) return true;
  return element instanceof HTMLInputElement && !/^(checkbox|radio|file)$/.test(element.type);
}

/**
 * fireEvent, with change on a text field sent as the browser sends an edit: an 'input' event
 * (what React's and Preact's onChange listen to on text fields), then 'change'.
 */
export const fireEvent: typeof domFireEvent = Object.assign(
  (element: Document | Node | Element | Window, event: Event) => domFireEvent(element, event),
  domFireEvent,
  {
    // A browser sends focusin / focusout with focus and blur; onFocus / onBlur listen to those.
    focus(element: Document | Node | Element | Window, init?: object) {
      const result = domFireEvent.focus(element, init);
      domFireEvent.focusIn(element, init);
      return result;
    },
    blur(element: Document | Node | Element | Window, init?: object) {
      const result = domFireEvent.blur(element, init);
      domFireEvent.focusOut(element, init);
      return result;
    },
    change(element: Document | Node | Element | Window, init?: object) {
      if (!isTextField(element)) return domFireEvent.change(element, init);
      // The value is set once, with the input event: the handler may have rewritten it since.
      domFireEvent.input(element, init);
      return domFireEvent.change(element);
    },
  },
);

export { act };
export * from '@testing-library/dom';
