// The direction of imports between the top-level folders (docs/decisions/029-one-transcript-store.md):
// core/ (the transcript rules, their types, limits and texts) imports nothing of ours outside
// itself; common/ (the shared zod schemas and the rest shared by Worker and SPA) only core/;
// durable-objects/ (storage and the live room) core/ and common/; worker/ any of those; web/src
// the shared layers only, and the route table's type for its typed client (erased at build). So
// storage and transport depend on the rules, never the reverse, and no circle joins two folders.
// Run by `npm run lint`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { root } from "./lib.mjs";

const ALLOWED = {
  core: ["core"],
  common: ["common", "core"],
  "durable-objects": ["durable-objects", "core", "common"],
  worker: ["worker", "durable-objects", "core", "common"],
  "web/src": ["web/src", "core", "common"],
};

const layerOf = (file) => Object.keys(ALLOWED).find((layer) => file === layer || file.startsWith(`${layer}/`)) ?? null;

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts")) yield path;
  }
}

const IMPORT = /(?:^|\n)\s*((?:import|export)\b[^;'"]*?)from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
/** Type-only imports a layer may make beyond its own: the SPA's typed API client reads the route table's type. */
const TYPES_ONLY = { "web/src": ["worker/app"] };

const problems = [];
for (const layer of Object.keys(ALLOWED)) {
  for (const file of sources(join(root, layer))) {
    const from = relative(root, file);
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const spec = match[2] ?? match[3] ?? "";
      if (!spec.startsWith(".")) continue;
      const target = relative(root, resolve(dirname(file), spec));
      if (/^import type\b/.test(match[1] ?? "") && TYPES_ONLY[layer]?.includes(target)) continue;
      const to = layerOf(target);
      if (to === null || !ALLOWED[layer].includes(to))
        problems.push(`${from} imports ${spec} (${to ?? target}): ${layer} may import ${ALLOWED[layer].join(", ")}`);
    }
  }
}
// Inside durable-objects/ the classes (its top files) use their folders' modules, and no folder
// imports a class or a folder that leads back to it (decision 053): a circle of folders is refused.
const folderOf = (rel) => (rel.split("/").length > 2 ? rel.split("/").slice(0, 2).join("/") : rel.split("/")[0]);
const edges = new Map();
for (const file of sources(join(root, "durable-objects"))) {
  const from = folderOf(relative(root, file));
  for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
    const spec = match[2] ?? match[3] ?? "";
    if (!spec.startsWith(".") || /^import type\b/.test(match[1] ?? "")) continue;
    const to = folderOf(relative(root, resolve(dirname(file), spec)));
    if (to !== from && to.startsWith("durable-objects")) edges.set(from, new Set([...(edges.get(from) ?? []), to]));
  }
}
const reaches = (from, to, seen = new Set()) =>
  [...(edges.get(from) ?? [])].some((next) => next === to || (!seen.has(next) && seen.add(next) && reaches(next, to, seen)));
for (const [from, tos] of edges)
  for (const to of tos) if (reaches(to, from)) problems.push(`${from} imports ${to}, which leads back to ${from}: a circle of folders`);
// The Worker's code imports zod as a namespace (`import * as z from "zod"`), which the bundler
// trims to what is used; `import { z }` keeps all of zod, its every locale included (about 600 KB
// more for each isolate to load at start-up; docs/decisions/054-start-light.md).
for (const layer of ["worker", "common", "core", "durable-objects"])
  for (const file of sources(join(root, layer)))
    if (/^import \{[^}]*\bz\b[^}]*\} from "zod"/m.test(readFileSync(file, "utf8")))
      problems.push(
        `${relative(root, file)} imports { z } from "zod": write \`import * as z from "zod"\` (types: \`import type { … } from "zod"\`)`,
      );

// Inside web/src the shared folders (the API client, helpers, components, the app's command
// table) import no feature and not the editor, so features and the editor build on them and never
// the reverse (docs/decisions/059-spa-zones.md).
const WEB_SHARED = ["api", "lib", "components", "commands"];
const webZoneOf = (rel) => rel.split("/")[2] ?? "";
for (const file of sources(join(root, "web/src"))) {
  const from = relative(root, file);
  if (!WEB_SHARED.includes(webZoneOf(from))) continue;
  for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
    const spec = match[2] ?? match[3] ?? "";
    if (!spec.startsWith(".")) continue;
    const target = relative(root, resolve(dirname(file), spec));
    if (target.startsWith("web/src/") && target.split("/").length > 3 && !WEB_SHARED.includes(webZoneOf(target)))
      problems.push(`${from} imports ${spec}: web/src/${webZoneOf(from)} is shared and may import only ${WEB_SHARED.join(", ")}`);
  }
}
// The editor's model is plain TypeScript over the transcript: it imports only the editor's
// folders, core/ and common/ (types also from the shared zone). What wires it to HTTP, the
// session, live events, toasts and suggestions is editor/session/ (decision 059).
for (const file of sources(join(root, "web/src/editor/model"))) {
  const from = relative(root, file);
  for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
    const spec = match[2] ?? match[3] ?? "";
    if (!spec.startsWith(".")) continue;
    const target = relative(root, resolve(dirname(file), spec));
    if (!target.startsWith("web/src/")) continue;
    const typeOnly = /^import type\b/.test(match[1] ?? "") && WEB_SHARED.includes(webZoneOf(target));
    if (!target.startsWith("web/src/editor/") && !typeOnly)
      problems.push(
        `${from} imports ${spec}: web/src/editor/model imports only the editor, core/ and common/ (wire the rest in editor/session)`,
      );
  }
}

if (problems.length) {
  console.error(`Imports against the folders' direction:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log("✓ imports follow the folders' direction");
