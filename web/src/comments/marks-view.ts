// The open file's comment marks in the text: the commented words underlined through the editor's
// own drawing of words (word-dom.ts), and a marker on the meta line of each utterance where open
// threads start. A change of comments draws again only the rows whose marks changed; a marker is
// drawn by hand like the presence marks, so a row without comments costs one listener.
import { utteranceElements, setCommentedWords } from "../editor/view/word-dom";
import { allMarkedWords, changedMarks, type CommentMarks, NO_MARKS, type ThreadPlace } from "./comment-marks";
import { showThread } from "./comments-state";

let shown: { fileId: string; marks: CommentMarks } = { fileId: "", marks: NO_MARKS };
const listeners = new Set<() => void>();
const markerListeners = new Map<string, Set<() => void>>();
const NO_PLACES: ReadonlyMap<string, ThreadPlace> = new Map();

export function showCommentMarks(fileId: string, marks: CommentMarks): void {
  const before = shown.fileId === fileId ? shown.marks : NO_MARKS;
  if (before === marks) return;
  const changed = changedMarks(before, marks);
  shown = { fileId, marks };
  const rows = changed.words.map((id) => utteranceElements.get(id)).filter((el): el is HTMLElement => !!el);
  setCommentedWords(allMarkedWords(marks), rows);
  for (const id of changed.markers) for (const listener of markerListeners.get(id) ?? []) listener();
  for (const listener of listeners) listener();
}

export function clearCommentMarks(fileId: string): void {
  if (shown.fileId === fileId) showCommentMarks(fileId, NO_MARKS);
}

/** Where each thread of the file is in the open editor (empty while it is not open). */
export const threadPlaces = (fileId: string): ReadonlyMap<string, ThreadPlace> =>
  shown.fileId === fileId ? shown.marks.places : NO_PLACES;

export function subscribeMarks(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function marker(threadIds: readonly string[]): HTMLElement {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "comment-marker";
  button.dataset.testid = "comment-marker";
  const count = threadIds.length;
  button.setAttribute("aria-label", `${count} ${count === 1 ? "comment" : "comments"}: show in the Comments panel`);
  button.title = count === 1 ? "1 comment" : `${count} comments`;
  // A drawn speech bubble: an emoji shows as an empty box where no emoji font is installed.
  const icon = svgElement("svg", { "aria-hidden": "true", viewBox: "0 0 16 16", width: "12", height: "12", class: "comment-marker-icon" });
  icon.append(
    svgElement("path", {
      d: "M2 3h12v8H7l-3 3v-3H2z",
      fill: "none",
      stroke: "currentColor",
      "stroke-width": "1.5",
      "stroke-linejoin": "round",
    }),
  );
  const number = document.createElement("span");
  number.setAttribute("aria-hidden", "true");
  number.textContent = String(count);
  button.append(icon, number);
  button.addEventListener("click", () => showThread(threadIds[0]!));
  return button;
}

/** Keeps the marker of `utteranceId`'s open threads on its meta line; the answer stops and removes it. */
export function watchCommentMarker(line: HTMLElement, utteranceId: string): () => void {
  let drawn: HTMLElement | null = null;
  const draw = () => {
    drawn?.remove();
    const threads = shown.marks.threads.get(utteranceId);
    drawn = threads?.length ? marker(threads) : null;
    // Before the presence marks, which keep the end of the line.
    if (drawn) line.insertBefore(drawn, line.querySelector(".presence-marks"));
  };
  draw();
  const set = markerListeners.get(utteranceId) ?? new Set();
  markerListeners.set(utteranceId, set);
  set.add(draw);
  return () => {
    set.delete(draw);
    if (!set.size) markerListeners.delete(utteranceId);
    drawn?.remove();
  };
}

function svgElement(tag: string, attributes: Record<string, string>): SVGElement {
  const element = document.createElementNS("http://www.w3.org/2000/svg", tag) as SVGElement;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}
