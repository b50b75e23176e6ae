import type { ExportOptions } from "../../../common/exports";
import { bodyLines, noteSubject, type ExportThread } from "../comments";
import { documentBlocks, speakerLabel, type ExportDocument } from "../document";

/** `[Comment on “…” — Name: body]`, a reply `[Reply — Name: body]`; a body's further lines indented. */
function bracketed(label: string, author: string, body: string): string {
  const [first, ...rest] = bodyLines(body);
  return `${[`[${label} — ${author}: ${first}`, ...rest.map((line) => `  ${line}`)].join("\n")}]`;
}

const threadNotes = (t: ExportThread) => [
  bracketed(`Comment ${noteSubject(t)}`, t.author, t.body),
  ...t.replies.map((r) => bracketed("Reply", r.author, r.body)),
];

/** Plain text: the same blocks as the PDF and DOCX, one utterance per paragraph under its speaker and time. */
export function renderTxt(doc: ExportDocument, options: ExportOptions): string {
  const out: string[] = [];
  for (const block of documentBlocks(doc, options)) {
    switch (block.kind) {
      case "title":
        out.push(block.text, "=".repeat(Math.min(80, Math.max(3, [...block.text].length))));
        break;
      case "meta":
        out.push(`${block.label}: ${block.text}`);
        break;
      case "heading":
        out.push("", block.text, "-".repeat(block.text.length));
        break;
      case "chapter": {
        const heading = `${block.timestamp} ${block.title}`;
        out.push("", heading, "~".repeat(Math.min(80, [...heading].length)));
        break;
      }
      case "speaker":
        out.push(`- ${speakerLabel(block.name, block.role)}`);
        break;
      case "paragraph":
        out.push(block.text);
        break;
      case "utterance": {
        // As in the PDF and DOCX: the speaker and time on a line, the words below.
        const head = [block.speaker ?? "", block.timestamp ? `[${block.timestamp}]` : ""].filter(Boolean).join(" ");
        out.push("", ...(head ? [head] : []), block.text, ...block.notes.flatMap(threadNotes));
        break;
      }
    }
  }
  return `${out.join("\n")}\n`;
}
