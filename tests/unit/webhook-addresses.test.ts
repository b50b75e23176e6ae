// Where a webhook may send (worker/webhooks/addresses.ts): https to a public host only; in
// development also this machine.
import { describe, expect, it } from "vitest";
import { WEBHOOK_MESSAGES } from "../../common/webhooks";
import { isPrivateV4, isPrivateV6, urlProblem } from "../../worker/webhooks/addresses";

describe("webhook addresses", () => {
  it("accept https to public hosts and addresses", () => {
    for (const url of [
      "https://hooks.example.com/in",
      "https://93.184.216.34/x",
      "https://[2606:4700::1111]/x",
      "https://a.b.c:8443/p?q=1",
    ])
      expect(urlProblem(url, false), url).toBeNull();
  });

  it("refuse loopback, private, link-local, shared, metadata and reserved addresses in every spelling", () => {
    for (const url of [
      "https://127.0.0.1/x",
      "https://127.1/x",
      "https://2130706433/x",
      "https://0x7f000001/x",
      "https://0177.0.0.1/x",
      "https://10.1.2.3/x",
      "https://172.16.0.1/x",
      "https://172.31.255.255/x",
      "https://192.168.0.10/x",
      "https://100.64.0.1/x",
      "https://169.254.169.254/latest",
      "https://0.0.0.0/x",
      "https://224.0.0.1/x",
      "https://255.255.255.255/x",
      "https://[::1]/x",
      "https://[::]/x",
      "https://[::ffff:127.0.0.1]/x",
      "https://[::ffff:a9fe:a9fe]/x",
      "https://[fd00::1]/x",
      "https://[fe80::1]/x",
      "https://[64:ff9b::a00:1]/x",
      "https://localhost/x",
      "https://api.localhost/x",
      "https://metadata.google.internal/x",
      "https://nas.local/x",
      "https://intranet/x",
    ])
      expect(urlProblem(url, false), url).toBe(WEBHOOK_MESSAGES.urlNotPublic);
  });

  it("refuse http, other schemes and credentials; allow this machine in development only", () => {
    expect(urlProblem("http://hooks.example.com/x", false)).toBe(WEBHOOK_MESSAGES.urlInvalid);
    expect(urlProblem("ftp://hooks.example.com/x", false)).toBe(WEBHOOK_MESSAGES.urlInvalid);
    expect(urlProblem("https://u:p@hooks.example.com/x", false)).toBe(WEBHOOK_MESSAGES.urlCredentials);
    expect(urlProblem("http://127.0.0.1:9000/hook", true)).toBeNull();
    expect(urlProblem("http://localhost:9000/hook", true)).toBeNull();
    expect(urlProblem("http://127.0.0.1:9000/hook", false)).toBe(WEBHOOK_MESSAGES.urlInvalid);
    expect(urlProblem("http://10.0.0.1/hook", true)).toBe(WEBHOOK_MESSAGES.urlInvalid);
  });

  it("tell the ranges apart at their edges", () => {
    expect([isPrivateV4("172.15.255.255"), isPrivateV4("172.16.0.0"), isPrivateV4("172.32.0.0")]).toEqual([false, true, false]);
    expect([isPrivateV4("100.63.255.255"), isPrivateV4("100.64.0.0"), isPrivateV4("100.128.0.0")]).toEqual([false, true, false]);
    expect([isPrivateV6("[2001:db8::1]"), isPrivateV6("[2001:4860::1]")]).toEqual([true, false]);
  });
});
