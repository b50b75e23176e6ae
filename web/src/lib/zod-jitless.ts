// Zod compiles fast parsers with `new Function`, which our Content-Security-Policy
// forbids: its probe is caught, but the browser still reports a CSP violation.
// Parsing without them is what `z.config({ jitless: true })` sets; written to the
// same global here so the first page does not download zod to say it.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });

export {};
