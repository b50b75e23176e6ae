// What the benchmarks share: JSON calls to the local app and a fresh confirmed account.

/** A JSON client for the app at `base`; a non-2xx answer throws with its body. */
export function apiClient(base) {
  async function json(path, init = {}, token) {
    const res = await fetch(base + path, {
      ...init,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
    });
    const body = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} → ${res.status} ${JSON.stringify(body)}`);
    return body;
  }

  /** Registers, confirms through the dev outbox and signs in: `{token, user}`. */
  async function account(label = "bench") {
    const email = `${label}-${Date.now()}@example.com`;
    const password = "benchmark password";
    await json("/api/v1/auth/register", { method: "POST", body: JSON.stringify({ user: { email, full_name: "Bench", password, password_confirmation: password } }) });
    const { data } = await json("/api/v1/dev/outbox");
    const token = /confirm-email\?token=([\w-]+)/.exec(data.find((m) => m.to === email).text)[1];
    await json("/api/v1/auth/confirm-email", { method: "POST", body: JSON.stringify({ token }) });
    return json("/api/v1/auth/login", { method: "POST", body: JSON.stringify({ email, password }) });
  }

  /** Resolves once the app answers. */
  async function ready(timeoutMs = 120_000) {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      try {
        if ((await fetch(`${base}/api/v1/auth/config`)).ok) return;
      } catch {}
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error("server did not start");
  }

  return { json, account, ready };
}
