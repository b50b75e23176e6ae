// Summaries from a language model, for any length of transcript: a transcript
// that fits one request is summarised directly; a longer one (a 3-hour meeting
// is ~170,000 characters) is cut at utterance boundaries into parts, each part
// is condensed to notes, and the notes are combined into the summary asked for.
import type { SummaryType } from "../../core/transcript";

export interface ChatMessage {
  role: "system" | "user";
  content: string;
}

/** A text model (Workers AI or an OpenAI-compatible server). */
export interface ChatModel {
  /** Recorded as the transcript's summaryModel. */
  name: string;
  complete(messages: ChatMessage[], maxTokens: number): Promise<string>;
  /**
   * The answer's text as the model writes it, chunk by chunk (chat-models.ts); `signal` aborts
   * the model's call. Throws ModelOutputError when what arrives is not a chat stream.
   */
  stream(messages: ChatMessage[], maxTokens: number, signal?: AbortSignal): AsyncIterable<string>;
}

/** Characters of transcript per request: ~3,000 tokens, well inside small models' context. */
export const CHUNK_CHARS = 12_000;
/** Parts are condensed in parallel, a few at a time (chapter windows too). */
export const PARALLEL = 4;

const STYLE: Record<SummaryType, { ask: string; maxTokens: number }> = {
  bullets: { ask: 'Summarise it as 3 to 7 short bullet points, each starting with "- ".', maxTokens: 400 },
  bullets_verbose: {
    ask: 'Summarise it as 5 to 12 bullet points, each starting with "- " and one or two full sentences long, keeping names, numbers and decisions.',
    maxTokens: 900,
  },
  paragraph: { ask: "Summarise it in one paragraph of 4 to 7 sentences.", maxTokens: 500 },
  gist: { ask: "Give its gist in one sentence.", maxTokens: 120 },
  headline: { ask: "Give it a headline of at most 12 words, without quotes.", maxTokens: 60 },
};

const SYSTEM =
  "You summarise transcripts of recordings. Use only what the transcript says; never invent names, facts or numbers. " +
  "Answer in the language of the transcript, with the summary only: no preamble.";

export interface TranscriptLine {
  speaker: string;
  text: string;
}

/** Lines of at most `max` characters each, never splitting an utterance unless it alone is longer. */
export function chunkLines(lines: readonly TranscriptLine[], max = CHUNK_CHARS): string[] {
  const chunks: string[] = [];
  let current = "";
  const push = (text: string) => {
    if (current && current.length + 1 + text.length > max) {
      chunks.push(current);
      current = "";
    }
    current = current ? `${current}\n${text}` : text;
  };
  for (const line of lines) {
    const text = `${line.speaker}: ${line.text}`;
    if (text.length <= max) push(text);
    else for (let i = 0; i < text.length; i += max) push(text.slice(i, i + max));
  }
  if (current) chunks.push(current);
  return chunks;
}

/** Strips what small models add around an answer (a "Summary:" preface, code fences, quotes on a headline). */
export function cleanAnswer(text: string, type: SummaryType): string {
  let out = text
    .trim()
    .replace(/^```[a-z]*\n?|```$/g, "")
    .trim();
  out = out
    .replace(/^(here is|here's)[^\n]*:\s*\n/i, "")
    .replace(/^summary:\s*/i, "")
    .trim();
  if (type === "headline" || type === "gist") out = out.replace(/^["'“”]+|["'“”]+$/g, "").trim();
  return out;
}

export async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!, i);
      }
    }),
  );
  return results;
}

/** The summary of a transcript, or null when it has no words. */
export async function summarize(model: ChatModel, lines: readonly TranscriptLine[], type: SummaryType): Promise<string | null> {
  const chunks = chunkLines(lines.filter((l) => l.text.trim()));
  if (chunks.length === 0) return null;
  const style = STYLE[type];
  if (chunks.length === 1) {
    const answer = await model.complete(
      [
        { role: "system", content: SYSTEM },
        { role: "user", content: `${style.ask}\n\nTranscript:\n${chunks[0]}` },
      ],
      style.maxTokens,
    );
    return cleanAnswer(answer, type) || null;
  }
  const notes = await mapLimited(chunks, PARALLEL, async (chunk, i) =>
    cleanAnswer(
      await model.complete(
        [
          { role: "system", content: SYSTEM },
          {
            role: "user",
            content: `This is part ${i + 1} of ${chunks.length} of a transcript. Write concise notes (at most 8 bullet points) of what is said in this part: topics, decisions, numbers, names.\n\nTranscript part:\n${chunk}`,
          },
        ],
        400,
      ),
      "bullets",
    ),
  );
  const combined = notes.map((n, i) => `Part ${i + 1}:\n${n}`).join("\n\n");
  const answer = await model.complete(
    [
      { role: "system", content: SYSTEM },
      {
        role: "user",
        content: `These are notes on consecutive parts of one transcript. ${style.ask} Cover the whole recording.\n\nNotes:\n${combined}`,
      },
    ],
    style.maxTokens,
  );
  return cleanAnswer(answer, type) || null;
}
