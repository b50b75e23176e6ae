// Translating utterance texts with a model, aligned by utterance (decision 048): every text
// comes back as exactly one translation, so each keeps its utterance's times. A chat model gets
// a batch as numbered JSON items and must answer the same ids (checked with zod); Workers AI's
// translation model takes one text per call. An answer that cannot be read is asked for once
// more, then the translation fails with a clear message.
import * as z from "zod";
import { languageName } from "../../common/languages";
import { TRANSLATION_LIMITS } from "../../common/translations";
import type { Config } from "../config";
import { chatModel } from "../summaries/chat-models";
import { ModelOutputError } from "../summaries/chat-stream";
import type { ChatMessage, ChatModel } from "../summaries/summarize";

/** Workers AI's translation model, used when no chat model is configured (toolchain notes). */
export const WORKERS_AI_TRANSLATION_MODEL = "@cf/meta/m2m100-1.2b";
/** The start of a chat request for a batch (the tests' stand-in recognises it). */
export const TRANSLATE_PROMPT_START = "Translate into ";

/** A batch's answer could not be read twice: the translation fails (no retry of the job helps). */
export class TranslationUnreadable extends Error {}

export interface Translator {
  name: string;
  /** Batches translated at once. */
  parallel: number;
  /** One translation per text, in order. */
  translate(texts: readonly string[], from: string | null, to: string): Promise<string[]>;
}

/** The model translations are made with here, or null when there is none (the request answers 409). */
export function translationModelName(config: Config): string | null {
  if (config.OPENAI_CHAT_MODEL && config.OPENAI_BASE_URL) return config.OPENAI_CHAT_MODEL;
  if (config.ENVIRONMENT === "production" || config.WORKERS_AI_REMOTE) return WORKERS_AI_TRANSLATION_MODEL;
  return null;
}

export function translatorFor(env: Env, config: Config): Translator | null {
  const name = translationModelName(config);
  if (name === WORKERS_AI_TRANSLATION_MODEL) return workersAiTranslator(env);
  const model = name ? chatModel(env, config) : null;
  return model ? chatTranslator(model) : null;
}

/** Consecutive items of at most `maxChars` characters of text each (an item longer alone is a batch of its own). */
export function batchesOf<T extends { text: string }>(items: readonly T[], maxChars = TRANSLATION_LIMITS.batchChars): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let chars = 0;
  for (const item of items) {
    if (current.length && chars + item.text.length > maxChars) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push(item);
    chars += item.text.length;
  }
  if (current.length) batches.push(current);
  return batches;
}

const languageOf = (code: string | null) => (code ? `${languageName(code)} (${code})` : "the language it is in");

export function translationMessages(texts: readonly string[], from: string | null, to: string): ChatMessage[] {
  const items = texts.map((text, i) => ({ id: i + 1, text }));
  return [
    {
      role: "system",
      content:
        "You translate transcripts of recordings, one item at a time: each item is what one person said. " +
        "Translate every item's text; keep names and numbers; never merge, split, add or leave out items. " +
        'Answer with JSON only, no code fences: {"items": [{"id": <the item\'s id>, "text": "<its translation>"}]} with exactly the ids given, in order.',
    },
    {
      role: "user",
      content: `${TRANSLATE_PROMPT_START}${languageOf(to)} from ${languageOf(from)}.\nItems:\n${JSON.stringify({ items })}`,
    },
  ];
}

const answerSchema = z.object({ items: z.array(z.object({ id: z.number().int(), text: z.string() })) });

/** The translations in the order of the ids sent (1…count); ModelOutputError when the answer is not exactly that. */
export function readTranslationAnswer(answer: string, count: number): string[] {
  const body = answer.trim().replace(/^```[a-z]*\n?|```$/g, "");
  const from = body.indexOf("{");
  const to = body.lastIndexOf("}");
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.slice(from, to + 1));
  } catch {
    throw new ModelOutputError("The translation is not JSON");
  }
  const items = answerSchema.safeParse(parsed);
  if (!items.success) throw new ModelOutputError("The translation is not a list of items");
  const texts = new Map(items.data.items.map((item) => [item.id, item.text]));
  const expected = Array.from({ length: count }, (_, i) => i + 1);
  if (items.data.items.length !== count || expected.some((id) => !texts.has(id)))
    throw new ModelOutputError("The translation's ids are not the ids sent");
  return expected.map((id) => texts.get(id)!.trim());
}

/** Asks twice at most when the answer cannot be read; the model's own failures go to the caller (the job retries them). */
async function readTwice<T>(ask: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ask();
    } catch (error) {
      if (!(error instanceof ModelOutputError)) throw error;
      console.error(`Translation: an answer could not be read (attempt ${attempt})`, error.message);
      if (attempt === 2) throw new TranslationUnreadable(error.message);
    }
  }
}

function chatTranslator(model: ChatModel): Translator {
  return {
    name: model.name,
    parallel: TRANSLATION_LIMITS.parallel,
    translate: (texts, from, to) => {
      const chars = texts.reduce((n, t) => n + t.length, 0);
      return readTwice(async () =>
        readTranslationAnswer(await model.complete(translationMessages(texts, from, to), Math.ceil(chars / 2) + 400), texts.length),
      );
    },
  };
}

const workersAiAnswer = z.object({ translated_text: z.string() });

/** One call per text (the model takes one), a few at once; Workers AI's codes are the plain ones ("pt", not "pt-BR"). */
function workersAiTranslator(env: Env): Translator {
  const base = (code: string) => code.split("-")[0]!.toLowerCase();
  const one = (text: string, from: string | null, to: string) =>
    readTwice(async () => {
      const inputs = { text, target_lang: base(to), ...(from ? { source_lang: base(from) } : {}) };
      const answer = workersAiAnswer.safeParse(await env.AI.run(WORKERS_AI_TRANSLATION_MODEL, inputs));
      if (!answer.success) throw new ModelOutputError("Workers AI answered without a translation");
      return answer.data.translated_text.trim();
    });
  return {
    name: WORKERS_AI_TRANSLATION_MODEL,
    parallel: 1,
    translate: (texts, from, to) => inParallel(texts, TRANSLATION_LIMITS.parallel, (text) => one(text, from, to)),
  };
}

/** `fn` over the items, `limit` at a time; the first failure stops taking new items and is thrown. */
export async function inParallel<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (!failed && next < items.length) {
        const i = next++;
        try {
          results[i] = await fn(items[i]!, i);
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    }),
  );
  return results;
}
