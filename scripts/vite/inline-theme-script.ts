import type { Plugin } from "vite";
import { THEME_INIT_SCRIPT } from "../../src/shared/theme-init";

const TAG = '<script src="/theme-init.js"></script>';

/** Replaces index.html's theme script tag with the script itself (src/shared/theme-init.ts). */
export function inlineThemeScript(html: string): string {
  if (!html.includes(TAG)) throw new Error(`inline-theme-script: index.html has no ${TAG}`);
  return html.replace(TAG, `<script>${THEME_INIT_SCRIPT}</script>`);
}

export function inlineThemeScriptPlugin(): Plugin {
  return { name: "whq:inline-theme-script", transformIndexHtml: { order: "pre", handler: inlineThemeScript } };
}
