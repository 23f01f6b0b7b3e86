import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * What one server area may import from another: the services other areas are built on. Anything else of another area
 * (its routes, its internal files) stays its own.
 */
const SHARED_SERVER_SERVICES = [
  "access/service", // may this person use a feature now; count the use (caps and Premium)
  "subscription/service", // the subscription the access check reads
  "devotional/service", // a person's day, his devotionals and progress, the streak
  "journal/service", // his journal (Today shows whether he wrote today)
  "whispers/service", // a whisper written on an event
  "audio/service", // any text read aloud, counted against the audio cap
  "word/text", // the Bible's text by reference, in a translation
  "word/settings", // the translation he reads in
  "notifications/service", // @mentions notify, inside the writer's transaction
  "profiles/people", // how a person appears beside what he wrote; user search
  "community/comments", // the one comment thread
  "community/threads", // the comment thread of each kind
  "community/membership", // who belongs to a flock
  "community/reports", // reports and their resolution
  "support/service", // a member's support requests and their threads (the admin inbox answers them)
  "path/outlines", // the starter plans kept in memory (a cover drawn for one forgets them)
];

function serverModuleRules() {
  const allowed = (extra = []) => [...SHARED_SERVER_SERVICES, ...extra].map((s) => s.replace("/", "\\/")).join("|");
  const rule = (extra) => ({
    // "../<area>/<file>" (another area), unless it is a shared service; "../../db/client" and the like are not areas.
    regex: `^\\.\\./(?!\\.\\./)(?!(${allowed(extra)})$)[^/]+/`,
    message: "Areas use each other only through the shared services listed in eslint.config.js (docs/architecture.md).",
  });
  return [
    {
      files: ["apps/server/src/modules/**/*.ts"],
      ignores: ["apps/server/src/modules/account/**"],
      rules: { "no-restricted-imports": ["error", { patterns: [rule([])] }] },
    },
    {
      // "Download my data" and account deletion list every area's person-data.
      files: ["apps/server/src/modules/account/**/*.ts"],
      rules: { "no-restricted-imports": ["error", { patterns: [rule(["[a-z-]+/person-data"])] }] },
    },
  ];
}

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
  "gatherings",
  "insights",
  "journal",
  "landing",
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
  // Server areas (apps/server/src/modules/<area>) use each other only through the shared services below (docs/architecture.md,
  // "Import rules"); account also lists every area's person-data. scripts/check-imports.mjs (in npm run lint) finds circles.
  ...serverModuleRules(),
);
