// What the model is asked (decision 045): the passages numbered [1]…[n], each with the words
// around it, and the rule to answer only from them and cite them by number.
import { formatTimestamp } from "../../core/timestamps";
import type { ChatMessage } from "../summaries/summarize";
import type { Passage } from "./retrieve";

const SYSTEM =
  "You answer questions about recordings using only the numbered passages from their transcripts. " +
  "After every statement, cite the passages it comes from by number in square brackets, like [1] or [2, 3]. " +
  "Cite only the numbers given. If the passages do not answer the question, say so in one sentence. " +
  "Answer concisely in the language of the question, without preamble.";

function block(p: Passage, n: number): string {
  const where = `${p.speaker} at ${formatTimestamp(p.start_time)}${p.file_name === undefined ? "" : ` in "${p.file_name}"`}`;
  return [
    `[${n}] ${where}`,
    ...p.before.map((t) => `Before: ${t}`),
    `Said: ${p.speaker}: ${p.text}`,
    ...p.after.map((t) => `After: ${t}`),
  ].join("\n");
}

export function askMessages(question: string, passages: readonly Passage[]): ChatMessage[] {
  return [
    { role: "system", content: SYSTEM },
    { role: "user", content: `Passages:\n\n${passages.map((p, i) => block(p, i + 1)).join("\n\n")}\n\nQuestion: ${question}` },
  ];
}
