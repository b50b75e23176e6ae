// DOCX with real styles (Title, Heading 1, and named paragraph and character
// styles for utterances, speakers and timestamps), so the user restyles the
// whole transcript in Word by editing a style, not every paragraph.
import { AlignmentType, Document, Footer, HeadingLevel, Packer, PageNumber, Paragraph, type ParagraphChild, TextRun } from "docx";
import type { ExportOptions } from "../../../common/exports";
import { documentBlocks, speakerLabel, type Block, type ExportDocument } from "../document";
import { markedRuns, type WordComments, wordComments } from "./docx-comments";
import { xmlText as clean } from "./xml-text";

const STYLE = {
  utterance: "Utterance",
  meta: "Metadata",
  speakerList: "SpeakerListItem",
  speaker: "SpeakerName",
  timestamp: "Timestamp",
} as const;

function paragraphFor(block: Block, doc: ExportDocument, comments: WordComments | null): Paragraph {
  switch (block.kind) {
    case "title":
      return new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(clean(block.text))] });
    case "meta":
      return new Paragraph({ style: STYLE.meta, children: [new TextRun(clean(`${block.label}: ${block.text}`))] });
    case "heading":
      return new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(clean(block.text))] });
    case "chapter":
      return new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(clean(`${block.timestamp} ${block.title}`))] });
    case "speaker":
      return new Paragraph({ style: STYLE.speakerList, children: [new TextRun(clean(speakerLabel(block.name, block.role)))] });
    case "paragraph":
      return new Paragraph({ children: [new TextRun(clean(block.text))] });
    case "utterance": {
      const runs: ParagraphChild[] = [];
      if (block.speaker) runs.push(new TextRun({ text: clean(block.speaker), style: STYLE.speaker }));
      if (block.timestamp) runs.push(new TextRun({ text: `${block.speaker ? " " : ""}[${block.timestamp}]`, style: STYLE.timestamp }));
      if (runs.length) runs.push(new TextRun({ text: "", break: 1 }));
      const marks = comments?.marks.get(block.index);
      runs.push(
        ...(marks
          ? markedRuns(
              doc.utterances[block.index]!.words.map((w) => w.text),
              marks,
            )
          : [new TextRun(clean(block.text))]),
      );
      return new Paragraph({ style: STYLE.utterance, children: runs });
    }
  }
}

export async function renderDocx(doc: ExportDocument, options: ExportOptions): Promise<Uint8Array> {
  const comments = options.include_comments && doc.comments.length ? wordComments(doc.comments) : null;
  const document = new Document({
    title: clean(doc.title),
    ...(comments ? { comments: { children: comments.comments } } : {}),
    creator: "Transcribe",
    styles: {
      default: { document: { run: { font: "Calibri", size: 22 } } },
      paragraphStyles: [
        {
          id: STYLE.utterance,
          name: "Utterance",
          basedOn: "Normal",
          next: STYLE.utterance,
          quickFormat: true,
          paragraph: { spacing: { before: 160, after: 80 } },
        },
        { id: STYLE.meta, name: "Metadata", basedOn: "Normal", quickFormat: true, run: { color: "5F6673", size: 20 } },
        { id: STYLE.speakerList, name: "Speaker List Item", basedOn: "Normal", quickFormat: true, paragraph: { indent: { left: 360 } } },
      ],
      characterStyles: [
        { id: STYLE.speaker, name: "Speaker Name", basedOn: "DefaultParagraphFont", quickFormat: true, run: { bold: true } },
        { id: STYLE.timestamp, name: "Timestamp", basedOn: "DefaultParagraphFont", quickFormat: true, run: { color: "5F6673", size: 19 } },
      ],
    },
    sections: [
      {
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [new TextRun({ children: ["Page ", PageNumber.CURRENT, " of ", PageNumber.TOTAL_PAGES] })],
              }),
            ],
          }),
        },
        children: documentBlocks(doc, options).map((block) => paragraphFor(block, doc, comments)),
      },
    ],
  });
  return new Uint8Array(await Packer.toArrayBuffer(document));
}
