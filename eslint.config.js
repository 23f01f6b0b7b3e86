import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The web app never imports server or ORM code. */
const SERVER_ONLY = {
  group: ["drizzle-orm", "drizzle-orm/*", "pg", "@shepherd/server", "**/apps/server/**"],
  message: "Server-only code stays on the server.",
};

/** The shared package's index pulls in zod; the web app imports the module it needs so the first screen stays small. */
const SHARED_INDEX = {
  name: "@shepherd/shared",
  message: "Import from a subpath such as @shepherd/shared/auth-rules, not the package index.",
};

/** Shared code (lib, components, the community slice) sits below the features and the app. */
const NOT_FEATURES_OR_APP = {
  group: ["@/features/*", "@/app/*", "@/app"],
  message: "Shared code may not import features or the app layer.",
};

const FEATURES = [
  "admin",
  "auth",
  "flock",
  "insights",
  "journal",
  "legal",
  "notifications",
  "onboarding",
  "pasture",
  "path",
  "profile",
  "settings",
  "subscription",
  "today",
  "whispers",
  "word",
];

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "coverage/**", "test-results/**", "playwright-report/**", "data/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  // Imports flow one way: shared -> features -> app. A feature never reaches into another feature.
  ...FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/features/*", `!@/features/${feature}`, `!@/features/${feature}/**`],
              message:
                "A feature may not import another feature; move what both need into src/lib, src/components or src/community.",
            },
            { group: ["@/app", "@/app/*"], message: "Features may not import the app layer." },
            { group: ["@/community/*"], message: "Import the community slice through its index, @/community." },
            { group: ["../../*"], message: "Leave the feature folder through the @/ alias, not ../../." },
            SERVER_ONLY,
          ],
          paths: [SHARED_INDEX],
        },
      ],
    },
  })),
  {
    files: ["apps/web/src/lib/**/*.{ts,tsx}", "apps/web/src/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            NOT_FEATURES_OR_APP,
            { group: ["@/community", "@/community/*"], message: "lib and components sit below the community slice." },
            SERVER_ONLY,
          ],
          paths: [SHARED_INDEX],
        },
      ],
    },
  },
  // The community slice (The Pasture, My Flock and profiles share it) is shared code too; inside it, relative imports.
  {
    files: ["apps/web/src/community/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            NOT_FEATURES_OR_APP,
            { group: ["@/community", "@/community/*"], message: "Inside the community slice, import its files relatively." },
            SERVER_ONLY,
          ],
          paths: [SHARED_INDEX],
        },
      ],
    },
  },
  {
    files: ["packages/shared/src/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [SERVER_ONLY],
        },
      ],
    },
  },
  {
    files: ["apps/web/src/app/**/*.{ts,tsx}", "apps/web/src/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [SERVER_ONLY], paths: [SHARED_INDEX] }] },
  },
  {
    // Server areas talk to each other only through services, never through routes.
    files: ["apps/server/src/modules/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["../*/routes", "../../modules/*/routes"], message: "Import another area's service, not its routes." },
          ],
        },
      ],
    },
  },
);
