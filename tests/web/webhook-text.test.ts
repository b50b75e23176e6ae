import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENTS } from "../../common/webhooks";
import { deliveryOutcome, webhookState, withEvent } from "../../web/src/teams/webhook-text";

describe("withEvent", () => {
  it("turns one event on or off and keeps the others, in the API's order, each once", () => {
    const event = fc.constantFrom(...WEBHOOK_EVENTS);
    fc.assert(
      fc.property(fc.array(event), event, fc.boolean(), (events, changed, on) => {
        const next = withEvent(events, changed, on);
        expect(next.includes(changed)).toBe(on);
        for (const other of WEBHOOK_EVENTS) if (other !== changed) expect(next.includes(other)).toBe(events.includes(other));
        expect(next).toEqual(WEBHOOK_EVENTS.filter((e) => next.includes(e)));
      }),
    );
  });
});

describe("webhookState", () => {
  it("says whether it is on, how many deliveries failed in a row and why it turned itself off", () => {
    expect(webhookState({ enabled: true, failure_count: 0, disabled_reason: null })).toBe("On");
    expect(webhookState({ enabled: true, failure_count: 1, disabled_reason: null })).toBe("On · 1 failed delivery in a row");
    expect(webhookState({ enabled: false, failure_count: 20, disabled_reason: "Turned off after 20 failed deliveries in a row" })).toBe(
      "Off · 20 failed deliveries in a row · Turned off after 20 failed deliveries in a row",
    );
    expect(webhookState({ enabled: false, failure_count: 0, disabled_reason: null })).toBe("Off");
  });
});

describe("deliveryOutcome", () => {
  it("counts only a 2xx as a success", () => {
    expect(deliveryOutcome({ status_code: 200, error: null })).toEqual({ ok: true, text: "200" });
    expect(deliveryOutcome({ status_code: 204, error: null })).toEqual({ ok: true, text: "204" });
    expect(deliveryOutcome({ status_code: 302, error: "redirect" })).toEqual({ ok: false, text: "302" });
    expect(deliveryOutcome({ status_code: 500, error: "receiver down" })).toEqual({ ok: false, text: "500" });
    expect(deliveryOutcome({ status_code: null, error: "timeout" })).toEqual({ ok: false, text: "No answer" });
  });
});
