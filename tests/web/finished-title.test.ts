import { describe, expect, it } from "vitest";
import { FinishedTitle, titleWithCount, type TitleHost } from "../../web/src/lib/finished-title";

function fakeWindow(title: string) {
  let focused = false;
  const listeners = new Set<() => void>();
  const host: TitleHost = {
    document: { title, hasFocus: () => focused },
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  return {
    host,
    focus() {
      focused = true;
      for (const l of [...listeners]) l();
    },
    blur() {
      focused = false;
    },
    listeners,
  };
}

describe("the tab title counts finished transcriptions until the tab is focused", () => {
  it("puts the count in front of the title, replacing an earlier one", () => {
    expect(titleWithCount("Transcribe", 1)).toBe("(1) Transcribe");
    expect(titleWithCount("(1) Transcribe", 2)).toBe("(2) Transcribe");
    expect(titleWithCount("(12) Transcribe", 0)).toBe("Transcribe");
    expect(titleWithCount("(draft) notes", 0)).toBe("(draft) notes");
  });

  it("counts while the tab is not focused and clears on focus", () => {
    const win = fakeWindow("Transcribe");
    const title = new FinishedTitle(win.host);
    title.finished();
    title.finished();
    expect(win.host.document.title).toBe("(2) Transcribe");
    expect(title.getCount()).toBe(2);
    win.focus();
    expect(win.host.document.title).toBe("Transcribe");
    expect(title.getCount()).toBe(0);
    // Looking at the tab: the toast is enough.
    title.finished();
    expect(win.host.document.title).toBe("Transcribe");
    win.blur();
    title.finished();
    expect(win.host.document.title).toBe("(1) Transcribe");
    title.dispose();
    expect(win.listeners.size).toBe(0);
  });
});
