import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

// Text the user reads comes from i18n (src/web/i18n/en/*.json): a letter written straight into
// JSX, or into an attribute the user reads or hears, is reported. Symbols, punctuation and the
// words below (names no language translates) may stay.
const untranslated = ["OK", "n8n", "API", "URL", "JSON", "CSV", "EU", "GDPR"];
const readAttributes = new Set(["aria-label", "aria-description", "aria-placeholder", "aria-roledescription", "aria-valuetext", "title", "placeholder", "alt", "label"]);
const hasWords = (text) => /\p{L}/u.test(text) && !untranslated.includes(text.trim());
export const i18nPlugin = {
  rules: {
    "no-literal-text": {
      meta: { type: "problem", messages: { text: "Text in JSX goes through i18n (t(...)): \"{{text}}\"." } },
      create(context) {
        const report = (node, text) => context.report({ node, messageId: "text", data: { text: text.trim().slice(0, 40) } });
        const check = (node, text) => typeof text === "string" && hasWords(text) && report(node, text);
        return {
          JSXText: (node) => check(node, node.value),
          "JSXElement > JSXExpressionContainer > Literal": (node) => check(node, node.value),
          "JSXElement > JSXExpressionContainer > TemplateLiteral": (node) => node.quasis.forEach((q) => check(q, q.value.cooked)),
          JSXAttribute(node) {
            const name = node.name.type === "JSXIdentifier" ? node.name.name : "";
            if (!readAttributes.has(name) || !node.value) return;
            if (node.value.type === "Literal") check(node.value, node.value.value);
            else if (node.value.type === "JSXExpressionContainer" && node.value.expression.type === "Literal") check(node.value, node.value.expression.value);
          },
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ["dist", "node_modules", "drizzle", "data", "public"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    // Sonner loads after the first render: toasts go through the app's facade.
    files: ["src/web/**/*.{ts,tsx}"],
    ignores: ["src/web/lib/toast.ts", "src/web/app/themed-toaster.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: [{ name: "sonner", message: "Import { toast } from \"@/web/lib/toast\": sonner loads lazily.", allowTypeImports: true }] }] },
  },
  {
    files: ["src/web/**/*.tsx"],
    // Tests may say what they like.
    ignores: ["src/web/**/*.test.tsx"],
    plugins: { i18n: i18nPlugin },
    rules: { "i18n/no-literal-text": "error" },
  },
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Inside db.transaction(tx => …) every query goes through tx. The embedded database runs one
    // transaction at a time, so a query on db there waits for the transaction it is in, for ever;
    // on PostgreSQL it would run outside the transaction and pass unnoticed.
    files: ["src/server/**/*.ts"],
    ignores: ["src/server/**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='transaction'] > :function MemberExpression[object.name='db']",
          message: "Use the transaction's tx here, not db: db inside its own transaction deadlocks on the embedded database.",
        },
        {
          selector: "CallExpression[callee.property.name='transaction'] > :function MemberExpression[property.name='db']",
          message: "Use the transaction's tx here, not ctx.db: db inside its own transaction deadlocks on the embedded database.",
        },
      ],
    },
  },
  { files: ["**/*.mjs", "**/*.js"], languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } } },
);
