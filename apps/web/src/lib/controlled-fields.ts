import { options, type VNode } from 'preact';
// preact/compat installs its own vnode hook when loaded (it renames onChange to oninput on text
// fields); loading it first puts ours on top, so ours sees React's prop names.
import 'preact/compat';

/**
 * React's controlled fields on Preact (decision 024). In React a field with a `value` always
 * shows that value: when its onChange keeps the state as it was (a letter typed into a digits
 * field, a count past the maximum), React puts the value back. Preact only writes a field's
 * value when it renders it again, and an unchanged state renders nothing, so the field would
 * keep showing what was typed ("100" in a count field that holds 10). This puts the value back
 * after the handler, as React does.
 *
 * How: every controlled field (<input>, <textarea>, <select> with a `value` and an onChange or
 * onInput) remembers the value it was last drawn with, through its ref (Preact's public hook for
 * "this element now shows this vnode"), and its handler is followed, once Preact has drawn what
 * the handler changed, by putting that value back when the field shows something else.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Handler = (event: Event) => unknown;
type Ref = ((element: Field | null) => void | (() => void)) | { current: Field | null } | null | undefined;

const FIELD_TYPES = new Set(['input', 'textarea', 'select']);
const drawnValue = new WeakMap<Field, string>();

const waiting = new Set<Field>();

/** Puts back the drawn value of each field whose handler ran (after Preact drew its changes). */
export function restoreControlledFields(): void {
  for (const field of waiting) {
    const value = drawnValue.get(field);
    if (value !== undefined && field.isConnected && field.value !== value) field.value = value;
  }
  waiting.clear();
}

function restoreAfterRender(field: Field): void {
  // The handler's state change renders in a microtask queued before this one (Preact's render
  // queue), so this runs after it, with the value of the latest drawing. (The web tests call
  // restoreControlledFields() at once after an event: act() has drawn by then.)
  if (waiting.size === 0) queueMicrotask(restoreControlledFields);
  waiting.add(field);
}

function followHandler(props: Record<string, unknown>, name: 'onChange' | 'onInput'): void {
  const handler = props[name];
  if (typeof handler !== 'function') return;
  props[name] = (event: Event) => {
    const result = (handler as Handler)(event);
    restoreAfterRender(event.currentTarget as Field);
    return result;
  };
}

function rememberDrawnValue(vnode: VNode, value: string): void {
  const ref = vnode.ref as Ref;
  vnode.ref = (element: Field | null): void | (() => void) => {
    if (element) drawnValue.set(element, value);
    if (typeof ref === 'function') return ref(element);
    if (ref) ref.current = element;
    return undefined;
  };
}

let installed = false;

/** Installs the behaviour for every field Preact draws from now on (main.tsx, the web tests). */
export function installControlledFields(): void {
  if (installed) return;
  installed = true;
  const previous = options.vnode;
  options.vnode = (vnode) => {
    const props = vnode.props as Record<string, unknown>;
    if (typeof vnode.type === 'string' && FIELD_TYPES.has(vnode.type) && props.value !== undefined && props.value !== null) {
      const type = props.type;
      if (type !== 'checkbox' && type !== 'radio' && type !== 'file') {
        rememberDrawnValue(vnode, String(props.value));
        followHandler(props, 'onChange');
        followHandler(props, 'onInput');
      }
    }
    previous?.(vnode);
  };
}
