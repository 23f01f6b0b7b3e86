import { z } from "zod";

/**
 * Zod compiles fast object parsers with `new Function`, which the browser's Content-Security-Policy forbids (no
 * 'unsafe-eval'): merely probing for it logs a CSP violation. The web app imports this module before any schema is
 * built, so every schema is made without the compiler. The server keeps the compiled parsers.
 */
z.config({ jitless: true });
