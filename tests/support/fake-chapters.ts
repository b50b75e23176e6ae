// The fake chat model's chapters (fake-openai.ts dispatches a prompt that starts "Chapters of
// utterances"): four chapters a window, one every quarter of its lines (every 3 lines at
// least), titled by the first three words of the line it starts at, summary "About: <its
// next five words>". Markers in the text:
//   "chapters-malformed"       every answer is not JSON,
//   "chapters-malformed-once"  the first answer for that prompt is not JSON, then the ordinary one,
//   "chapters-fail"            500,
//   "chapters-none"            an empty list.

const seen = new Set<string>();

export function fakeChapters(ask: string, model: string): Response {
  if (ask.includes("chapters-fail"))
    return Response.json({ error: { message: "The model is overloaded", type: "server_error" } }, { status: 500 });
  const once = ask.includes("chapters-malformed-once");
  const malformed = once ? !seen.has(ask) : ask.includes("chapters-malformed");
  if (once) seen.add(ask);
  const lines = [...ask.matchAll(/^(\d+) \[[\d:.]+\] [^:\n]*: ([^\n]*)$/gm)].map((m) => ({ n: Number(m[1]), words: m[2]!.split(/\s+/) }));
  const chapters = ask.includes("chapters-none")
    ? []
    : lines
        .filter((_, i) => i % Math.max(3, Math.ceil(lines.length / 4)) === 0)
        .map((l) => ({ start: l.n, title: l.words.slice(0, 3).join(" "), summary: `About: ${l.words.slice(3, 8).join(" ")}` }));
  const content = malformed ? "Here are the chapters: 1. Intro" : JSON.stringify({ chapters });
  return Response.json({
    id: "chatcmpl-test",
    object: "chat.completion",
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
  });
}
