import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type RefObject,
} from 'react';
import { firstError } from '@/lib/api-client.ts';

const FOCUS_TARGET = '[aria-invalid="true"], [data-form-alert]';

/**
 * An answer a form can settle: the accounts' `{ ok, errors }` or an envelope's `{ state, errors }`
 * (STATE.ok is the one that is ok).
 */
export type FormAnswer = { ok: boolean; errors?: FieldErrors } | { state: number; errors: FieldErrors };

function answerOk(answer: FormAnswer): boolean {
  return 'ok' in answer ? answer.ok : answer.state === STATE.ok;
}

/**
 * The server's per-field errors of a form (spec section 5): the first message of a field is
 * shown under it and goes away as soon as the member edits that field. `report` takes a new
 * answer and, when `form` is given, moves the focus to the first field in error.
 */
export function useFormErrors(form?: RefObject<HTMLElement | null>) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [reported, setReported] = useState(0);
  const formRef = useRef(form);

  const report = useCallback((next: FieldErrors) => {
    setErrors(next);
    setReported((n) => n + 1);
  }, []);

  // In the commit that shows the errors, not after the paint: a focus moved later can land while
  // the member is already typing in another field, whose text then goes into the field in error
  // (a browser test saw "changed789changed789").
  useLayoutEffect(() => {
    const target = formRef.current?.current?.querySelector<HTMLElement>(FOCUS_TARGET);
    if (!target) return;
    if (target.hasAttribute('data-form-alert')) target.scrollIntoView({ block: 'center' });
    else target.focus();
  }, [reported]);

  const errorOf = useCallback((field: string) => firstError(errors, field), [errors]);
  const clear = useCallback((...fields: string[]) => {
    setErrors((previous) => {
      if (!fields.some((field) => field in previous)) return previous;
      const rest = { ...previous };
      for (const field of fields) delete rest[field];
      return rest;
    });
  }, []);
  return { errors, report, errorOf, clear };
}

/** The error side of a form state, as field components take it. */
export type FormErrorsState = ReturnType<typeof useFormErrors>;

interface FormStateOptions {
  /** Move the focus to the first field in error when errors are reported (default: true). */
  focus?: boolean;
}

/**
 * One form's state: its field values, the server's per-field errors (from the envelope's
 * `errors`, see `useFormErrors`), a submitting flag and a top-level message (a notice shown after
 * the answer). `formProps` goes on the <form>; `settle` takes the answer of the form's call.
 */
export function useFormState<V extends object = Record<never, never>>(
  initial: V | (() => V) = {} as V,
  { focus = true }: FormStateOptions = {},
) {
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<V>(initial);
  const { errors, report, errorOf, clear } = useFormErrors(focus ? form : undefined);
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const change = useCallback((changes: Partial<V>) => setValues((v) => ({ ...v, ...changes })), []);

  /** A text control bound to a string value: editing it sets the value and clears its errors. */
  const field = <K extends keyof V & string>(name: K) => ({
    name,
    value: values[name],
    error: errorOf(name),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      change({ [name]: event.target.value } as Partial<V>);
      clear(name);
    },
  });

  /**
   * Takes the answer of the form's call: a refusal's errors are reported (shown under their
   * fields, the first one focused) and false comes back; an answer that is ok clears the shown
   * errors only with `clearOnOk` (a form that stays on screen). The submitting flag ends here.
   */
  const settle = (answer: FormAnswer, { clearOnOk = false } = {}): boolean => {
    setSubmitting(false);
    if (!answerOk(answer)) {
      report(answer.errors ?? {});
      return false;
    }
    if (clearOnOk) report({});
    return true;
  };

  /**
   * The <form>'s props: its ref, and `onSubmit` running `handler` (given the form element)
   * instead of the page load, with `submitting` set until the answer is settled. The browser's
   * own checks are off unless `browserChecks`: the server's messages are the ones shown.
   */
  const formProps = (handler: (form: HTMLFormElement) => unknown, { browserChecks = false } = {}) => ({
    ref: form,
    noValidate: !browserChecks,
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setSubmitting(true);
      void Promise.resolve(handler(event.currentTarget)).finally(() => setSubmitting(false));
    },
  });

  return {
    form,
    values,
    setValues,
    change,
    field,
    errors,
    errorOf,
    clear,
    report,
    submitting,
    settle,
    message,
    setMessage,
    formProps,
  };
}

export type FormState<V extends object> = ReturnType<typeof useFormState<V>>;
