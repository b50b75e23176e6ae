// The fake chat model's translations (worker/translations/translate.ts asks with a batch of
// numbered items and wants the same ids back as JSON). Deterministic: into Spanish a tiny word
// map, and any word it lacks (or any word into another language) prefixed with the target's
// code, "[es]word"; punctuation and a capital first letter kept. Markers in an item's text:
//   "translate-malformed"       an answer that is not JSON, every time,
//   "translate-malformed-once"  that once for the batch, then the ordinary answer,
//   "translate-drop"            the answer leaves out the last item,
//   "translate-fail"            500.
// Every translation request is recorded: GET /fake/translations answers them, oldest first,
// as {target, texts}, so tests count the requests and see what each carried.

const SPANISH: Record<string, string> = {
  good: "buenos",
  morning: "días",
  everyone: "todos",
  thanks: "gracias",
  for: "por",
  joining: "unirse",
  "let's": "vamos",
  begin: "empezar",
  first: "primero",
  item: "punto",
  so: "así",
  the: "el",
  quarterly: "trimestral",
  budget: "presupuesto",
  looks: "parece",
  fine: "bien",
  but: "pero",
  we: "nosotros",
  should: "deberíamos",
  talk: "hablar",
  about: "sobre",
  hiring: "contratación",
  plans: "planes",
  before: "antes",
  next: "próxima",
  review: "revisión",
  hello: "hola",
  is: "es",
  new: "nuevo",
};

const requests: { target: string; texts: string[] }[] = [];
const malformedOnce = new Set<string>();

function translateWord(token: string, target: string): string {
  const [, lead, word, trail] = /^(\W*)(.*?)(\W*)$/u.exec(token) ?? ["", "", token, ""];
  if (!word) return token;
  const known = target === "es" ? SPANISH[word.toLowerCase()] : undefined;
  const capital = word[0] !== word[0]!.toLowerCase();
  const out = known ? (capital ? known[0]!.toUpperCase() + known.slice(1) : known) : `[${target}]${word}`;
  return `${lead}${out}${trail}`;
}

export const fakeTranslation = (text: string, target: string) =>
  text
    .split(" ")
    .map((token) => translateWord(token, target))
    .join(" ");

const completion = (model: string, content: string) =>
  Response.json({
    id: "chatcmpl-test",
    object: "chat.completion",
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
  });

/**
 * GET /fake/translations, and chat completions: a translation request is answered here, any
 * other goes on to `otherwise` (the summaries' and Ask's fake).
 */
export async function fakeTranslate(request: Request, otherwise: (request: Request) => Promise<Response>): Promise<Response> {
  if (request.method === "GET") return Response.json(requests);
  if (request.method !== "POST") return Response.json({ error: { message: "Unknown path" } }, { status: 404 });
  const body = (await request
    .clone()
    .json()
    .catch(() => null)) as { model?: string; messages?: { role: string; content: string }[] } | null;
  const ask = body?.messages?.find((m) => m.role === "user")?.content ?? "";
  const prompt = /^Translate into [^\n]*\((\S+)\) from [^\n]*\nItems:\n([\s\S]*)$/.exec(ask);
  if (!prompt) return otherwise(request);
  const target = prompt[1]!;
  const items = (JSON.parse(prompt[2]!) as { items: { id: number; text: string }[] }).items;
  const texts = items.map((i) => i.text);
  requests.push({ target, texts });
  const all = texts.join("\n");
  const model = body?.model ?? "fake";
  if (all.includes("translate-fail")) return Response.json({ error: { message: "The model is overloaded" } }, { status: 500 });
  const once = all.includes("translate-malformed-once");
  if ((once && !malformedOnce.has(all)) || (!once && all.includes("translate-malformed"))) {
    malformedOnce.add(all);
    return completion(model, `Sure! Here are the translations: ${texts.map((t) => fakeTranslation(t, target)).join(" / ")}`);
  }
  const answered = all.includes("translate-drop") ? items.slice(0, -1) : items;
  return completion(model, JSON.stringify({ items: answered.map((i) => ({ id: i.id, text: fakeTranslation(i.text, target) })) }));
}
