import { useEffect, useLayoutEffect, type RefObject } from "react";

type Values = { email: string; password: string; name: string };
const FIELDS = ["email", "password", "name"] as const;

/**
 * What the visitor did on the prerendered /auth before the SPA took over (public/auth-page.js marks
 * its form `data-static`, and notes a submit and each button clicked): the typed values, the
 * focused field, whether they submitted. Read once, during the render that replaces that form, which
 * main.tsx commits in the same task (flushSync), so no keystroke falls in between.
 */
export type StaticForm = { values: Values; focused: (typeof FIELDS)[number] | null; submitted: boolean; clicked: number[] };

let taken = false;

let captured: StaticForm | null = null;

/**
 * Reads the prerendered form before the SPA's first render: that render may pass through another
 * state first (the router settling) and commit it, which takes the prerendered form off the page.
 */
export function captureStaticForm(): void {
  captured = readStaticForm();
}

export function takeStaticForm(): StaticForm | null {
  if (typeof document === "undefined" || taken) return null;
  return captured ?? readStaticForm();
}

function readStaticForm(): StaticForm | null {
  const form = document.querySelector<HTMLFormElement>("form[data-static]");
  if (!form) return null;
  const value = (id: string) => form.querySelector<HTMLInputElement>(`#${id}`)?.value ?? "";
  const active = document.activeElement?.id;
  const clicked = form.getAttribute("data-clicked");
  return {
    values: { email: value("email"), password: value("password"), name: value("name") },
    focused: FIELDS.find((f) => f === active) ?? null,
    submitted: form.hasAttribute("data-submitted"),
    clicked: clicked === null ? [] : clicked.split(" ").map(Number),
  };
}

/** The rendering AuthPage, prerendered at build time: no session to wait for, the form as a visitor sees it. */
export const isPrerendering = () => typeof document === "undefined";

/**
 * After the takeover: focus back on the same field with the caret at the end (before the browser
 * delivers the next key), then what the visitor asked for meanwhile: the buttons they clicked, in order (against the form as it was, which this first render is), the
 * submit.
 */
export function useStaticTakeover(form: StaticForm | null, formRef: RefObject<HTMLFormElement | null>): void {
  useLayoutEffect(() => {
    if (!form?.focused) return;
    const input = document.getElementById(form.focused);
    if (!(input instanceof HTMLInputElement)) return;
    input.focus();
    try {
      input.setSelectionRange(input.value.length, input.value.length);
    } catch {
      // type="email" has no selection; a new field's caret is at the end of its value already.
    }
  }, [form]);
  useEffect(() => {
    // Once, even where StrictMode runs effects twice.
    if (!form || taken) return;
    taken = true;
    const buttons = formRef.current ? [...formRef.current.querySelectorAll("button")] : [];
    for (const index of form.clicked) buttons[index]?.click();
    if (form.submitted) formRef.current?.requestSubmit();
  }, [form, formRef]);
}
