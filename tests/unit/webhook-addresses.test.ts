// Where a webhook may send and a link import may fetch (worker/webhooks/addresses.ts): https to a
// public host only; in development also this machine. `development` is false below unless a test
// says otherwise: these are the production rules.
import ipaddr from "ipaddr.js";
import { describe, expect, it } from "vitest";
import { WEBHOOK_MESSAGES } from "../../common/webhooks";
import { embeddedV4, isPublicAddress, urlProblem } from "../../worker/webhooks/addresses";

const refused = (urls: string[]) => {
  for (const url of urls) expect(urlProblem(url, false), url).toBe(WEBHOOK_MESSAGES.urlNotPublic);
};

describe("webhook addresses", () => {
  it("accept https to public hosts and addresses", () => {
    for (const url of [
      "https://hooks.example.com/in",
      "https://hooks.example.com./in",
      "https://bücher.example/in",
      "https://93.184.216.34/x",
      "https://[2606:4700::1111]/x",
      "https://[2a00:1450:4001:80b::200e]/x",
      "https://a.b.c:8443/p?q=1",
    ])
      expect(urlProblem(url, false), url).toBeNull();
  });

  it("refuse loopback, private, link-local, shared, metadata and reserved addresses in every spelling", () => {
    refused([
      "https://127.0.0.1/x",
      "https://127.0.0.1./x",
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
      "https://198.18.0.1/x",
      "https://[::1]/x",
      "https://[::]/x",
      "https://[fd00::1]/x",
      "https://[fe80::1]/x",
      "https://[ff02::1]/x",
      "https://[2001:db8::1]/x",
    ]);
  });

  it("refuse local names with trailing dots, in any case and in any Unicode spelling", () => {
    refused([
      "https://localhost/x",
      "https://localhost./x",
      "https://LocalHost../x",
      "https://ｌｏｃａｌｈｏｓｔ/x",
      "https://localhost。/x",
      "https://api.localhost./x",
      "https://metadata.google.internal/x",
      "https://metadata.google.internal./x",
      "https://METADATA.GOOGLE.INTERNAL./x",
      "https://nas.local./x",
      "https://router.home.arpa/x",
      "https://intranet/x",
      "https://intranet./x",
      "https://./x",
    ]);
  });

  it("refuse IPv6 forms that carry or stand for another address: 6to4, Teredo, site-local, mapped, compatible, NAT64", () => {
    refused([
      // 6to4 (2002::/16) around 127.0.0.1, 169.254.169.254 and a public address
      "https://[2002:7f00:1::1]/x",
      "https://[2002:a9fe:a9fe::1]/x",
      "https://[2002:808:808::1]/x",
      // Teredo (2001::/32): client 127.0.0.1 (inverted 80ff:fffe), and a public client
      "https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/x",
      "https://[2001:0:4136:e378:8000:63bf:f7f7:f7f7]/x",
      // site-local (fec0::/10)
      "https://[fec0::1]/x",
      "https://[feff::1]/x",
      // IPv4-mapped, translated and compatible
      "https://[::ffff:127.0.0.1]/x",
      "https://[::ffff:a9fe:a9fe]/x",
      "https://[::ffff:8.8.8.8]/x",
      "https://[::ffff:0:127.0.0.1]/x",
      "https://[::127.0.0.1]/x",
      "https://[::10.0.0.1]/x",
      "https://[::8.8.8.8]/x",
      // NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48)
      "https://[64:ff9b::127.0.0.1]/x",
      "https://[64:ff9b::a9fe:a9fe]/x",
      "https://[64:ff9b::8.8.8.8]/x",
      "https://[64:ff9b:1::a00:1]/x",
      // other special-purpose IPv6 blocks
      "https://[100::1]/x",
      "https://[2001:2::1]/x",
      "https://[2001:20::1]/x",
      "https://[3fff::1]/x",
      "https://[5f00::1]/x",
    ]);
  });

  it("find the IPv4 address inside each IPv6 form, Teredo's client inverted", () => {
    const inside = (v6: string) => embeddedV4(ipaddr.IPv6.parse(v6)).map(String);
    expect(inside("2002:7f00:1::1")).toEqual(["127.0.0.1"]);
    expect(inside("2001:0:4136:e378:8000:63bf:80ff:fffe")).toEqual(["65.54.227.120", "127.0.0.1"]);
    expect(inside("::ffff:a9fe:a9fe")).toEqual(["169.254.169.254"]);
    expect(inside("::ffff:0:a00:1")).toEqual(["10.0.0.1"]);
    expect(inside("::a00:1")).toEqual(["10.0.0.1"]);
    expect(inside("64:ff9b::c0a8:101")).toEqual(["192.168.1.1"]);
    expect(inside("2606:4700::1111")).toEqual([]);
  });

  it("classify resolved addresses by the same rule", () => {
    expect(["8.8.8.8", "2606:4700::1111"].map(isPublicAddress)).toEqual([true, true]);
    expect(["10.0.0.1", "::ffff:10.0.0.1", "2002:a00:1::", "fec0::1", "fe80::1%eth0", "not an address"].map(isPublicAddress)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("refuse http, other schemes and credentials; allow this machine in development only", () => {
    expect(urlProblem("http://hooks.example.com/x", false)).toBe(WEBHOOK_MESSAGES.urlInvalid);
    expect(urlProblem("ftp://hooks.example.com/x", false)).toBe(WEBHOOK_MESSAGES.urlInvalid);
    expect(urlProblem("https://u:p@hooks.example.com/x", false)).toBe(WEBHOOK_MESSAGES.urlCredentials);
    expect(urlProblem("http://127.0.0.1:9000/hook", true)).toBeNull();
    expect(urlProblem("http://localhost:9000/hook", true)).toBeNull();
    expect(urlProblem("http://localhost.:9000/hook", true)).toBeNull();
    expect(urlProblem("http://127.0.0.1:9000/hook", false)).toBe(WEBHOOK_MESSAGES.urlInvalid);
    expect(urlProblem("https://localhost./hook", false)).toBe(WEBHOOK_MESSAGES.urlNotPublic);
    expect(urlProblem("http://10.0.0.1/hook", true)).toBe(WEBHOOK_MESSAGES.urlInvalid);
  });

  it("tell the ranges apart at their edges", () => {
    expect(["172.15.255.255", "172.16.0.0", "172.32.0.0"].map(isPublicAddress)).toEqual([true, false, true]);
    expect(["100.63.255.255", "100.64.0.0", "100.128.0.0"].map(isPublicAddress)).toEqual([true, false, true]);
    expect(["2001:db8::1", "2001:4860::1", "1fff:ffff::1", "2000::1", "3fff:fff::1", "4000::1"].map(isPublicAddress)).toEqual([
      false,
      true,
      false,
      true,
      false,
      false,
    ]);
  });
});
