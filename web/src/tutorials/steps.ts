// The four tutorials (docs/product.md#tutorials-and-shortcuts) and what each step teaches. A step points
// at an element by its data-tutorial attribute; a step whose element is not on
// the page is passed over.
import type { TUTORIAL_IDS } from "../../../common/preferences";

export type TutorialId = (typeof TUTORIAL_IDS)[number];

export interface TutorialStep {
  /** The `data-tutorial` value of the element the step points at. */
  target: string;
  title: string;
  body: string;
}

/** docs/product.md#tutorials-and-shortcuts: delays before a tutorial starts once its condition is met. */
export const START_DELAYS_MS: Record<TutorialId, number> = {
  "transcript-editing": 1_500,
  "transcript-tools": 0,
  "media-player": 1_000,
  "empty-dashboard": 1_000,
};

export const TUTORIAL_STEPS: Record<TutorialId, TutorialStep[]> = {
  "empty-dashboard": [
    {
      target: "upload-area",
      title: "Upload a recording",
      body: "Drop audio or video files here, or click to choose them. Transcription starts by itself; you can watch its progress live.",
    },
    {
      target: "new-folder",
      title: "Keep things in folders",
      body: "Create folders for projects or clients. Files without a folder live in Common.",
    },
    {
      target: "preferences",
      title: "Make it yours",
      body: "Preferences hold your transcription and layout settings; the moon button switches light and dark.",
    },
  ],
  "media-player": [
    {
      target: "player-play",
      title: "Play the recording",
      body: "Press Tab (when nothing else has focus) to play or pause. The transcript follows the playing word.",
    },
    {
      target: "player-skip",
      title: "Jump back and forth",
      body: "Go back or forward 10 seconds here, or with the ← and → keys when you are not typing.",
    },
    { target: "player-speed", title: "Listen faster or slower", body: "Choose from 0.5× to 2×; slower speeds help with fast talkers." },
  ],
  "transcript-editing": [
    {
      target: "utterance-text",
      title: "Correct words in place",
      body: "Click a word to jump the player there, then type to fix it. Edits save on their own about a second after you stop; timings stay with each word.",
    },
    {
      target: "utterance-text",
      title: "Split and merge",
      body: "Press Enter to split an utterance at the cursor; press Backspace at the start of one to merge it into the previous.",
    },
    {
      target: "utterance-speaker",
      title: "Who is speaking",
      body: "Click a speaker name to give the utterance to another speaker, or to a new one.",
    },
    { target: "transcript-search", title: "Find anything", body: "Search the transcript; Enter and Shift+Enter move between matches." },
    {
      target: "low-confidence",
      title: "Review uncertain words",
      body: "Step through words the service was unsure of; Ctrl/Cmd+I marks the current one as reviewed.",
    },
    {
      target: "history-buttons",
      title: "Undo anything",
      body: "Ctrl/Cmd+Z undoes and Ctrl/Cmd+Shift+Z redoes, even after a reload. Edit History in the tools sidebar lists every change.",
    },
    {
      target: "save-status",
      title: "Never lose an edit",
      body: "This shows whether your edits are saved. Edits made offline are kept and sent when you are back.",
    },
  ],
  "transcript-tools": [
    {
      target: "tools-nav",
      title: "Every tool one step away",
      body: "The tools come in groups: a button here opens its group. Click a group's heading to fold it; this browser remembers which are open.",
    },
    {
      target: "speakers-panel",
      title: "Name the speakers",
      body: "Click a speaker to give a name and role; every utterance shows it at once. Speakers with no utterances can be deleted.",
    },
    {
      target: "summary-editor",
      title: "Summary and notes",
      body: "Write a summary (or generate one when a language model is configured) and notes; Ctrl/Cmd+Enter saves.",
    },
    {
      target: "tools-edit-history",
      title: "Edit history",
      body: "Every change to the transcript, speakers, summary and notes, with undo and redo.",
    },
    {
      target: "export-options",
      title: "Export what you see",
      body: "Download PDF, Word, subtitles (SRT, VTT) or plain text, with exactly the names, words and notes on screen.",
    },
  ],
};
