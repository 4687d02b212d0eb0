import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

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
