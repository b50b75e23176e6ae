// How the SPA reads a streamed answer and shows its citations (web/src/ask).
import { describe, expect, it } from "vitest";
import { findMarks, parseSearchQuery } from "../../common/search-query";
import { answerParts, citationLink } from "../../web/src/ask/answer-parts";
import { takeEvents } from "../../web/src/ask/sse";

describe("the SPA's answer", () => {
  it("links only citations of given passages", () => {
    expect(answerParts("Noon [1]. Later [2, 3] and [9].", 3)).toEqual([
      { text: "Noon " },
      { cite: [1] },
      { text: ". Later " },
      { cite: [2, 3] },
      { text: " and [9]." },
    ]);
    expect(answerParts("", 2)).toEqual([]);
  });

  it("opens a citation at its utterance and time, highlighting its words even when the passage was cut", () => {
    const citation = { file_id: "f 1", utterance_id: "n7-abc", start_time: 12.8, end_time: 15, text: "The zeppelin, landed at no…" };
    const url = new URL(citationLink(citation), "http://x");
    expect(url.pathname).toBe("/dashboard/file/f%201");
    expect(url.searchParams.get("u")).toBe("n7-abc");
    expect(url.searchParams.get("t")).toBe("12.8");
    const said = "The zeppelin, landed at noon.";
    expect(findMarks(said, parseSearchQuery(url.searchParams.get("q")!)).map((m) => said.slice(m.start, m.end))).toEqual([
      "The zeppelin, landed at",
    ]);
  });

  it("reads server-sent events split anywhere between chunks", () => {
    const stream = 'event: citations\ndata: {"citations":[]}\n\nevent: token\ndata: {"text":"a"}\n\nevent: done\ndata: {}\n\n';
    for (let cut = 0; cut <= stream.length; cut++) {
      const first = takeEvents(stream.slice(0, cut));
      const second = takeEvents(first.rest + stream.slice(cut));
      expect([...first.events, ...second.events].map((e) => e.event)).toEqual(["citations", "token", "done"]);
      expect(second.rest).toBe("");
    }
  });
});
