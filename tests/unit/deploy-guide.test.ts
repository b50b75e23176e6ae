// docs/deploy.md lists every binding wrangler.toml declares, each rate-limit namespace with its id,
// and creates every queue the Worker sends to or consumes (with its dead-letter queue): the guide
// cannot drift from the file an operator deploys.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface Block {
  header: string;
  values: Record<string, string>;
}

/** wrangler.toml's tables and arrays of tables, each with its `key = "value"` (or number) lines. */
function blocks(toml: string): Block[] {
  const out: Block[] = [{ header: "", values: {} }];
  for (const line of toml.split("\n")) {
    const header = /^\[\[?([^\]]+)\]\]?\s*$/.exec(line.trim());
    if (header?.[1]) out.push({ header: header[1], values: {} });
    const pair = /^(\w+)\s*=\s*(?:"([^"]*)"|(\d+))\s*$/.exec(line.trim());
    if (pair?.[1]) out.at(-1)!.values[pair[1]] = pair[2] ?? pair[3] ?? "";
  }
  return out;
}

/** Binding name → what the guide's table must say of it (the rate limits' namespace ids). */
function tomlBindings(toml: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const { header, values } of blocks(toml)) {
    const name = ["durable_objects.bindings", "ratelimits", "send_email"].includes(header) ? values.name : values.binding;
    if (!name || ["queues.consumers", "migrations", "vars"].includes(header)) continue;
    found[name] = header === "ratelimits" ? `namespace ${values.namespace_id}` : header;
  }
  return found;
}

/** The guide's bindings table: name → "namespace <id>" for rate limits, else its kind. */
function guideBindings(guide: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const row of guide.matchAll(/^\| `(\w+)` \|([^|]+)\|([^|]*)\|$/gm)) {
    const namespace = /namespace `(\d+)`/.exec(row[3] ?? "")?.[1];
    found[row[1]!] = namespace ? `namespace ${namespace}` : (row[2] ?? "").trim();
  }
  return found;
}

describe("docs/deploy.md", () => {
  const toml = readFileSync("wrangler.toml", "utf8");
  const guide = readFileSync("docs/deploy.md", "utf8");

  it("lists every binding of wrangler.toml, and each rate limit with its namespace id", () => {
    const declared = tomlBindings(toml);
    const listed = guideBindings(guide);
    expect(Object.keys(listed).sort()).toEqual(Object.keys(declared).sort());
    const limits = (of: Record<string, string>) => Object.fromEntries(Object.entries(of).filter(([, v]) => v.startsWith("namespace")));
    expect(limits(listed)).toEqual(limits(declared));
  });

  it("creates every queue the Worker sends to or consumes, and each consumer's dead-letter queue", () => {
    const queues = new Set<string>();
    for (const { header, values } of blocks(toml)) {
      if (header === "queues.producers" || header === "queues.consumers") queues.add(values.queue!);
      if (header === "queues.consumers" && values.dead_letter_queue) queues.add(values.dead_letter_queue);
    }
    const loop = /for q in ([\w ]+); do\n\s*npx wrangler queues create (\S+)\$q\n\s*npx wrangler queues create \S+\$q(\S+)\n/.exec(guide);
    expect(loop, "the guide's queue loop").not.toBeNull();
    const [, kinds = "", prefix = "", dlq = ""] = loop!;
    const created = kinds.split(" ").flatMap((kind) => [`${prefix}${kind}`, `${prefix}${kind}${dlq}`]);
    expect(created.sort()).toEqual([...queues].sort());
  });

  it("applies the D1 migrations before the Worker is deployed", () => {
    const deploy = JSON.parse(readFileSync("package.json", "utf8")).scripts.deploy as string;
    expect(deploy.indexOf("d1 migrations apply DB --remote")).toBeGreaterThan(-1);
    expect(deploy.indexOf("d1 migrations apply")).toBeLessThan(deploy.indexOf("wrangler deploy"));
    const firstDeploy = guide.slice(guide.indexOf("## First deploy"));
    expect(firstDeploy.indexOf("npx wrangler d1 create")).toBeLessThan(firstDeploy.indexOf("npm run deploy"));
  });
});
