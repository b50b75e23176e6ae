// Code most requests never need, loaded on first use. `npm run build` bundles each file of lazy/
// into a module of its own beside it (lazy/*.js, scripts/build-lazy-modules.mjs), which wrangler
// uploads as a separate module (find_additional_modules in wrangler.toml) instead of putting it in
// the Worker's main module, so an isolate neither loads nor evaluates it at start-up. Where the
// build has not run, the same import bundles the TypeScript source (still evaluated only when
// called); the worker tests and `vite dev` always read the source (the alias in their configs).
export const loadExportRenderers = () => import("./lazy/export-renderers.js");

export const loadCommonPasswords = () => import("./lazy/common-passwords.js");
