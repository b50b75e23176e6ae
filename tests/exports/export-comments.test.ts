// Comment threads in exports: where each thread sits, Word comments on the anchored words in a
// DOCX, numbered notes under the utterance in a PDF, bracketed notes in TXT, none in captions.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import JSZip from "jszip";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import type { CommentDto } from "../../common/comments";
import { DEFAULT_EXPORT_OPTIONS, type ExportOptions } from "../../common/exports";
import { buildExportDocument } from "../../worker/exports/document";
import { renderDocx } from "../../worker/exports/formats/docx";
import { renderPdf } from "../../worker/exports/formats/pdf";
import { renderSrt } from "../../worker/exports/formats/srt";
import { renderTxt } from "../../worker/exports/formats/txt";
import { renderVtt } from "../../worker/exports/formats/vtt";
import { speakers, utterances } from "./export-fixture";

const fonts = {
  regular: new Uint8Array(readFileSync("node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
  bold: new Uint8Array(readFileSync("node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
};

const WITH_COMMENTS: ExportOptions = { ...DEFAULT_EXPORT_OPTIONS, include_comments: true };
const ana = { id: "user-ana", full_name: "Ana Ortiz" };
const ben = { id: "user-ben", full_name: "Ben <b>Bold</b>" };

/** Word `j` of utterance `i` in the fixture. */
const word = (i: number, j: number) => utterances[i]!.transcriptWords[j]!;
const allWords = utterances.flatMap((u) => u.transcriptWords);
/** The words from one to another, as the API gives an anchor's text. */
const wordsBetween = (from: [number, number], to: [number, number]) =>
  allWords
    .slice(allWords.indexOf(word(...from)), allWords.indexOf(word(...to)) + 1)
    .map((w) => w.text)
    .join(" ");

let seq = 0;
function thread(
  from: [number, number],
  to: [number, number],
  body: string,
  extra: Partial<CommentDto> & { removed?: boolean; text?: string } = {},
): CommentDto {
  const [start, end] = [word(...from), word(...to)];
  const { removed = false, text, ...rest } = extra;
  return {
    id: `c${++seq}`,
    body,
    author: ana,
    created_at: "2026-11-21T09:30:00.000Z",
    updated_at: "2026-11-21T09:30:00.000Z",
    resolved: false,
    resolved_by: null,
    resolved_at: null,
    mentions: [],
    anchor: {
      start_word_id: start.id,
      end_word_id: end.id,
      start_time: start.startTime,
      end_time: end.endTime,
      text: text ?? wordsBetween(from, to),
      removed,
    },
    replies: [],
    ...rest,
  };
}

/** A thread whose words were all deleted: ids no longer in the transcript, its last time kept. */
function removedThread(time: number, body: string, text: string): CommentDto {
  const t = thread([0, 0], [0, 0], body, { removed: true, text });
  return { ...t, anchor: { ...t.anchor, start_word_id: "gone-1", end_word_id: "gone-2", start_time: time, end_time: time + 0.5 } };
}

const reply = (body: string, author = ben) => ({
  id: `r${++seq}`,
  body,
  author,
  created_at: "2026-11-21T10:00:00.000Z",
  updated_at: "2026-11-21T10:00:00.000Z",
  mentions: [],
});

/** Threads as the API lists them: in text order. */
const threads = (): CommentDto[] => [
  thread([0, 3], [0, 4], "Is “corrected show” right?", { replies: [reply("Yes, <i>checked</i>.")] }),
  // Across a split: starts in the first half, ends in the second.
  thread([2, 3], [3, 1], "Cut this part.\nAll of it.", { author: ben, resolved: true, resolved_by: ana }),
  removedThread(16, "Was there a name here?", "Jane Doe"),
];

const docWith = (comments: CommentDto[]) =>
  buildExportDocument(
    { name: "Team sync (final).mp3", createdAt: "2026-11-20T10:00:00.000Z" },
    { duration: 3725, summary: null, notes: null },
    speakers,
    utterances,
    comments,
  );

async function unzip(bytes: Uint8Array) {
  const zip = await JSZip.loadAsync(bytes);
  const read = async (name: string) => (await zip.file(name)?.async("string")) ?? null;
  return {
    document: (await read("word/document.xml"))!,
    comments: await read("word/comments.xml"),
    extended: await read("word/commentsExtended.xml"),
    read,
  };
}

/** Each Word comment: id, author, date and its paragraphs' text. */
function wordComments(xml: string) {
  return [...xml.matchAll(/<w:comment ([^>]*)>([\s\S]*?)<\/w:comment>/g)].map(([, attrs, inner]) => ({
    id: Number(/w:id="(\d+)"/.exec(attrs!)![1]),
    author: fromXml(/w:author="([^"]*)"/.exec(attrs!)![1]!),
    date: /w:date="([^"]*)"/.exec(attrs!)![1],
    text: [...inner!.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((p) => textOf(p[0])).join("\n"),
  }));
}

const fromXml = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
const textOf = (xml: string) => fromXml([...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(""));

/** The document's text between a comment's range start and end (across paragraphs, joined by a new line). */
function rangeText(document: string, id: number): string | null {
  const start = document.indexOf(`<w:commentRangeStart w:id="${id}"/>`);
  const end = document.indexOf(`<w:commentRangeEnd w:id="${id}"/>`);
  if (start < 0 || end < start) return null;
  return document
    .slice(start, end)
    .split(/<\/w:p>/)
    .map(textOf)
    .join("\n");
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  return pages.join(" ").replace(/\s+/g, " ");
}

function expectInOrder(text: string, pieces: string[]) {
  let from = 0;
  for (const piece of pieces) {
    const at = text.indexOf(piece, from);
    expect(at, `"${piece}" after offset ${from} in:\n${text.slice(from, from + 400)}`).toBeGreaterThanOrEqual(0);
    from = at + piece.length;
  }
}

describe("comments in exports", () => {
  it("places each thread on its words, a removed one at its time, numbered in text order", () => {
    const [a, b, c] = threads();
    // Listed out of order: the document still numbers them as they read.
    const doc = docWith([c!, a!, b!]);
    expect(doc.comments.map((t) => [t.number, t.body, t.start, t.end, t.removed])).toEqual([
      [1, a!.body, { utterance: 0, gap: 3 }, { utterance: 0, gap: 5 }, false],
      [2, b!.body, { utterance: 2, gap: 3 }, { utterance: 3, gap: 2 }, false],
      // 16 s is in the fifth utterance (15 s on, 0.4 s a word): before its fourth word.
      [3, c!.body, { utterance: 4, gap: 3 }, { utterance: 4, gap: 3 }, true],
    ]);
    // Past the end: the nearest utterance, after its last word.
    const late = docWith([removedThread(9_999, "late", "x")]).comments[0]!;
    expect([late.start, late.end]).toEqual([
      { utterance: 4, gap: utterances[4]!.transcriptWords.length },
      { utterance: 4, gap: utterances[4]!.transcriptWords.length },
    ]);
    // Without comments asked for, the document has none.
    expect(docWith([]).comments).toEqual([]);
  });

  it("DOCX: a Word comment per thread and reply, around the anchored words, with author, date and resolved state", async () => {
    const { document, comments, extended } = await unzip(await renderDocx(docWith(threads()), WITH_COMMENTS));
    expect(comments).not.toBeNull();
    const list = wordComments(comments!);
    expect(list.map((c) => [c.author, c.text])).toEqual([
      ["Ana Ortiz", "Is “corrected show” right?"],
      ["Ben <b>Bold</b>", "Yes, <i>checked</i>."],
      ["Ben <b>Bold</b>", "(resolved) Cut this part.\nAll of it."],
      ["Ana Ortiz", "(text removed: “Jane Doe”) Was there a name here?"],
    ]);
    expect(list[0]!.date).toBe("2026-11-21T09:30:00.000Z");
    expect(list[1]!.date).toBe("2026-11-21T10:00:00.000Z");
    const [first, firstReply, split, removed] = list.map((c) => c.id);

    // The thread and its reply cover exactly the anchored words; the split one runs across two paragraphs.
    expect(rangeText(document, first!)).toBe("corrected show");
    expect(rangeText(document, firstReply!)).toBe("corrected show");
    // (taking in the next paragraph's speaker and time, as a selection in Word would).
    expect(rangeText(document, split!)).toBe("a split.\nDr. Ana Łukasiewicz [0:11]Second half");
    // A removed anchor is a point where its words were.
    expect(rangeText(document, removed!)).toBe("");
    for (const id of [first, firstReply, split, removed]) {
      expect(document).toContain(`<w:commentReference w:id="${id}"/>`);
      expect(document.indexOf(`<w:commentRangeEnd w:id="${id}"/>`)).toBeLessThan(document.indexOf(`<w:commentReference w:id="${id}"/>`));
    }
    // Word's own threading and resolved flag.
    expect(extended).not.toBeNull();
    const entries = [...extended!.matchAll(/<w15:commentEx ([^>]*)\/>/g)].map((m) => m[1]!);
    expect(entries).toHaveLength(4);
    expect(entries[1]).toMatch(/w15:paraIdParent="/);
    expect(entries[2]).toContain('w15:done="1"');
    expect(entries[0]).toContain('w15:done="0"');

    // The utterances' text reads as before.
    const paragraphs = [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((p) => textOf(p[0]));
    expect(paragraphs).toContain("Dr. Ana Łukasiewicz [0:00]Welcome to the corrected show about café crème.");
  });

  it("DOCX without the option, or with no threads, has no comments part", async () => {
    for (const [doc, options] of [
      [docWith(threads()), DEFAULT_EXPORT_OPTIONS],
      [docWith([]), WITH_COMMENTS],
    ] as const) {
      const { document, comments } = await unzip(await renderDocx(doc, options));
      expect(comments).toBeNull();
      expect(document).not.toContain("commentRange");
    }
  });

  it("DOCX: every thread's range holds exactly its anchored words, whatever the anchors", async () => {
    const positions = utterances.flatMap((u, i) => u.transcriptWords.map((_, j) => [i, j] as [number, number]));
    const flat = positions.map(([i, j]) => word(i, j).text);
    const anchor = fc
      .tuple(fc.nat(positions.length - 1), fc.nat(positions.length - 1))
      .map(([x, y]) => [Math.min(x, y), Math.max(x, y)] as const);
    await fc.assert(
      fc.asyncProperty(fc.array(anchor, { minLength: 1, maxLength: 6 }), async (anchors) => {
        const list = anchors.map(([x, y]) => thread(positions[x]!, positions[y]!, `on ${x}-${y}`));
        const textOnly = { ...WITH_COMMENTS, include_speakers: false, include_timestamps: false };
        const { document, comments } = await unzip(await renderDocx(docWith(list), textOnly));
        for (const c of wordComments(comments!)) {
          const [x, y] = c.text.slice(3).split("-").map(Number) as [number, number];
          // Words of one utterance are joined by spaces, utterances by a paragraph break.
          const expected = positions
            .slice(x, y + 1)
            .map(([i], k) => (k > 0 && positions[x + k - 1]![0] !== i ? "\n" : k > 0 ? " " : "") + flat[x + k])
            .join("");
          expect(rangeText(document, c.id)).toBe(expected);
        }
      }),
      { numRuns: 25 },
    );
  });

  it("PDF: numbered markers after the utterance, the notes and replies under it", async () => {
    const text = await pdfText(await renderPdf(docWith(threads()), WITH_COMMENTS, fonts));
    expectInOrder(text, [
      "Welcome to the corrected show about café crème. [1]",
      "[1] On “corrected show” — Ana Ortiz: Is “corrected show” right?",
      "Ben <b>Bold</b>: Yes, <i>checked</i>.",
      "Καλημέρα σας",
      "First half of a split. [2]",
      "[2] On “a split. Second half” (resolved) — Ben <b>Bold</b>: Cut this part.",
      "All of it.",
      "Second half after the split",
      "word39 done. [3]",
      "[3] On “Jane Doe” (text removed) — Ana Ortiz: Was there a name here?",
    ]);
    const without = await pdfText(await renderPdf(docWith(threads()), DEFAULT_EXPORT_OPTIONS, fonts));
    expect(without).not.toContain("[1]");
    expect(without).not.toContain("Ana Ortiz");
  });

  it("TXT: bracketed notes after the utterance line, replies after their thread", () => {
    const text = renderTxt(docWith(threads()), WITH_COMMENTS);
    expect(text).toContain(
      [
        "Welcome to the corrected show about café crème.",
        "[Comment on “corrected show” — Ana Ortiz: Is “corrected show” right?]",
        "[Reply — Ben <b>Bold</b>: Yes, <i>checked</i>.]",
        "",
      ].join("\n"),
    );
    expect(text).toContain(
      "First half of a split.\n[Comment on “a split. Second half” (resolved) — Ben <b>Bold</b>: Cut this part.\n  All of it.]\n",
    );
    expect(text).toContain("word39 done.\n[Comment on “Jane Doe” (text removed) — Ana Ortiz: Was there a name here?]\n");
    const without = renderTxt(docWith(threads()), DEFAULT_EXPORT_OPTIONS);
    expect(without).not.toContain("[Comment");
    expect(without).toBe(renderTxt(docWith([]), WITH_COMMENTS));
  });

  it("captions never carry comments", () => {
    const doc = docWith(threads());
    expect(renderSrt(doc, WITH_COMMENTS)).toBe(renderSrt(doc, DEFAULT_EXPORT_OPTIONS));
    expect(renderVtt(doc, WITH_COMMENTS)).toBe(renderVtt(doc, DEFAULT_EXPORT_OPTIONS));
    expect(renderSrt(doc, WITH_COMMENTS)).not.toContain("Ana Ortiz");
  });

  it("a long anchor is quoted shortened in the notes", () => {
    const long = thread([4, 0], [4, 40], "Too long?", { text: utterances[4]!.transcriptWords.map((w) => w.text).join(" ") });
    const text = renderTxt(docWith([long]), WITH_COMMENTS);
    const quote = /\[Comment on “([^”]*)”/.exec(text)![1]!;
    expect(quote.length).toBeLessThanOrEqual(61);
    expect(quote.endsWith("…")).toBe(true);
    expect(quote.startsWith("A long turn word0")).toBe(true);
  });
});
