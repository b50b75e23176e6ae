// The export button's states and timings (docs/product.md), headless, and when a finished export
// still needs its "ready to download" message.
import { describe, expect, it } from "vitest";
import { DEFAULT_EXPORT_OPTIONS, EXPORT_POLL, type ExportDto, type ExportStatus } from "../../common/exports";
import { downloadedHere, exportCompleted, onExportCompleted } from "../../web/src/tools/export-events";
import { ExportFlow, exportButtonLabel, SETTLE_MS, type ExportTransport } from "../../web/src/tools/export-flow";
import { FakeClock } from "./fake-clock";

const row = (status: ExportStatus, id = "e1"): ExportDto => ({
  id,
  audio_file_id: "f1",
  format: "pdf",
  status,
  options: DEFAULT_EXPORT_OPTIONS,
  language: null,
  filename: "take.pdf",
  download_url: null,
  size_bytes: null,
  error: status === "failed" ? "boom" : null,
  attempts: 0,
  created_at: "",
  updated_at: "",
  completed_at: null,
});

function setup(statuses: (ExportStatus | Error)[], requestFails = false, id = "e1") {
  const clock = new FakeClock();
  const saved: string[] = [];
  const logs: string[] = [];
  const calls = { request: 0, get: 0, download: 0 };
  const transport: ExportTransport = {
    request: async () => {
      calls.request++;
      if (requestFails) throw new Error("Network Error");
      return row("pending", id);
    },
    get: async () => {
      const next = statuses[Math.min(calls.get++, statuses.length - 1)]!;
      if (next instanceof Error) throw next;
      return row(next, id);
    },
    download: async () => {
      calls.download++;
      return { download_url: "https://r2.example/take.pdf?sig", filename: "take.pdf" };
    },
  };
  const flow = new ExportFlow({
    transport,
    clock,
    saveFile: (url, name) => saved.push(`${name} ${url}`),
    onDownloaded: downloadedHere,
    log: (m) => logs.push(m),
  });
  const labels: string[] = [];
  flow.subscribe(() => {
    const label = exportButtonLabel(flow.getState(), "PDF");
    if (labels.at(-1) !== label) labels.push(label);
  });
  return { clock, flow, saved, logs, calls, labels };
}

describe("export button", () => {
  it("goes Requesting → Queuing → Generating → Downloading, downloads once, then is idle", async () => {
    const t = setup(["pending", "processing", "completed"]);
    void t.flow.start("pdf", DEFAULT_EXPORT_OPTIONS);
    await t.clock.advance(0);
    expect(t.labels).toEqual(["Requesting...", "Queuing"]);
    expect(t.calls.get).toBe(0);
    await t.clock.advance(EXPORT_POLL.intervalMs - 1);
    expect(t.calls.get).toBe(0);
    await t.clock.advance(1);
    expect(t.calls.get).toBe(1);
    await t.clock.advance(EXPORT_POLL.intervalMs * 2);
    expect(t.labels).toEqual(["Requesting...", "Queuing", "Generating", "Downloading"]);
    expect(t.saved).toEqual(["take.pdf https://r2.example/take.pdf?sig"]);
    await t.clock.advance(SETTLE_MS.downloaded);
    expect(t.labels.at(-1)).toBe("PDF");
    expect(t.flow.busy).toBe(false);
  });

  it("shows 'Failed' when the export failed and 'X Failed' when the request did", async () => {
    const failed = setup(["failed"]);
    void failed.flow.start("pdf", DEFAULT_EXPORT_OPTIONS);
    await failed.clock.advance(EXPORT_POLL.intervalMs);
    expect(failed.labels).toEqual(["Requesting...", "Queuing", "Failed"]);
    expect(failed.logs).toContain("Export failed");
    await failed.clock.advance(SETTLE_MS.failed);
    expect(failed.labels.at(-1)).toBe("PDF");

    const refused = setup([], true);
    void refused.flow.start("pdf", DEFAULT_EXPORT_OPTIONS);
    await refused.clock.advance(0);
    expect(refused.labels).toEqual(["Requesting...", "X Failed"]);
    expect(refused.saved).toEqual([]);
  });

  it("gives up after 60 polls, logs a timeout and returns to idle", async () => {
    const t = setup(["processing"]);
    void t.flow.start("pdf", DEFAULT_EXPORT_OPTIONS);
    await t.clock.advance(EXPORT_POLL.intervalMs * (EXPORT_POLL.maxPolls + 5));
    expect(t.calls.get).toBe(EXPORT_POLL.maxPolls);
    expect(t.logs.some((m) => /timed out/.test(m))).toBe(true);
    expect(t.labels.at(-1)).toBe("PDF");
    expect(t.clock.pendingTimers).toBe(0);
  });

  it("keeps polling through a failed status check", async () => {
    const t = setup([new Error("Network Error"), "completed"]);
    void t.flow.start("pdf", DEFAULT_EXPORT_OPTIONS);
    await t.clock.advance(EXPORT_POLL.intervalMs * 2);
    expect(t.saved).toHaveLength(1);
    expect(t.logs).toContain("Export status check failed");
  });

  it("a live export_completed skips the wait; one for another export is ignored", async () => {
    const t = setup(["completed"]);
    void t.flow.start("pdf", DEFAULT_EXPORT_OPTIONS);
    await t.clock.advance(0);
    await t.flow.completed("other");
    expect(t.calls.get).toBe(0);
    await t.flow.completed("e1");
    await t.clock.advance(0);
    expect(t.saved).toHaveLength(1);
    // The scheduled poll was cancelled: no second download.
    await t.clock.advance(EXPORT_POLL.intervalMs * 3);
    expect(t.calls.download).toBe(1);
  });

  it("ignores clicks while busy and stops everything when disposed", async () => {
    const t = setup(["processing"]);
    void t.flow.start("pdf", DEFAULT_EXPORT_OPTIONS);
    void t.flow.start("pdf", DEFAULT_EXPORT_OPTIONS);
    await t.clock.advance(0);
    expect(t.calls.request).toBe(1);
    t.flow.dispose();
    await t.clock.advance(EXPORT_POLL.intervalMs * 3);
    expect(t.calls.get).toBe(0);
  });
});

describe("the message that a finished export is ready to download", () => {
  it("is not needed for an export this tab's button downloads, nor after it settled or its panel closed", async () => {
    // Told by the live channel while the button waits.
    const live = setup(["completed"], false, "live-1");
    const off = onExportCompleted((id) => live.flow.completed(id));
    void live.flow.start("pdf", DEFAULT_EXPORT_OPTIONS);
    await live.clock.advance(0);
    expect(exportCompleted("live-1")).toBe(true);
    await live.clock.advance(0);
    expect(live.saved).toHaveLength(1);
    // The button settles and its panel closes; the same news again (a reconnect) still needs none.
    await live.clock.advance(SETTLE_MS.downloaded);
    off();
    live.flow.dispose();
    expect(exportCompleted("live-1")).toBe(true);

    // Found by the button's own poll before the live channel told.
    const polled = setup(["completed"], false, "poll-1");
    const offPolled = onExportCompleted((id) => polled.flow.completed(id));
    void polled.flow.start("pdf", DEFAULT_EXPORT_OPTIONS);
    await polled.clock.advance(EXPORT_POLL.intervalMs);
    expect(polled.saved).toHaveLength(1);
    expect(exportCompleted("poll-1")).toBe(true);
    expect(polled.calls.download).toBe(1);
    offPolled();
  });

  it("still offers an export that finished while away, or one the button gave up on", async () => {
    expect(exportCompleted("started-elsewhere")).toBe(false);
    const t = setup(["processing"], false, "slow-1");
    const off = onExportCompleted((id) => t.flow.completed(id));
    void t.flow.start("pdf", DEFAULT_EXPORT_OPTIONS);
    await t.clock.advance(EXPORT_POLL.intervalMs * (EXPORT_POLL.maxPolls + 1));
    expect(t.labels.at(-1)).toBe("PDF");
    expect(exportCompleted("slow-1")).toBe(false);
    expect(t.saved).toEqual([]);
    off();
  });
});
