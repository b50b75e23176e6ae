// A translation shown beside the open editor's utterances (decision 048), read-only. Drawn by
// hand like the presence marks: a card registers once, and costs nothing else while no
// translation is shown (no element, no observer). Only cards in groups near the viewport draw theirs (the groups are the
// editor's off-screen-skipped chunks, watched here with one IntersectionObserver); the others
// draw when they come near, so showing a translation of a 3-hour file touches a screenful.
import type { TranslationDto } from "../../../common/translations";
import { TRANSLATION_TEXTS } from "./translation-texts";

interface Shown {
  fileId: string;
  language: string;
  texts: ReadonlyMap<string, string>;
  stale: ReadonlySet<string>;
}

interface Card {
  el: HTMLElement;
  utteranceId: string;
  group: Element | null;
  drawn: HTMLElement | null;
  /** Its drawing is out of date (drawn again when its group comes near). */
  dirty: boolean;
}

let shown: Shown | null = null;
const cards = new Set<Card>();
const groupCards = new Map<Element, Set<Card>>();
let near = new WeakSet<Element>();
let observer: IntersectionObserver | null = null;

function watchGroups(): IntersectionObserver | null {
  if (observer || typeof IntersectionObserver === "undefined") return observer;
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) {
          near.delete(entry.target);
          continue;
        }
        near.add(entry.target);
        for (const card of groupCards.get(entry.target) ?? []) if (card.dirty) draw(card);
      }
    },
    // A screenful ahead either way, so scrolling finds them drawn.
    { rootMargin: "100% 0px" },
  );
  return observer;
}

const isNear = (card: Card) => !card.group || !observer || near.has(card.group);

function draw(card: Card): void {
  card.dirty = false;
  card.drawn?.remove();
  card.drawn = null;
  const text = shown?.texts.get(card.utteranceId);
  if (!shown || text === undefined) return;
  const p = document.createElement("p");
  p.className = "utterance-translation";
  p.lang = shown.language;
  p.dataset.testid = "utterance-translation";
  const label = document.createElement("span");
  label.className = "visually-hidden";
  label.textContent = TRANSLATION_TEXTS.translationOf(shown.language);
  p.append(label, text);
  if (shown.stale.has(card.utteranceId)) {
    p.classList.add("utterance-translation--stale");
    const mark = document.createElement("span");
    mark.className = "translation-stale-mark";
    mark.textContent = TRANSLATION_TEXTS.staleMark;
    p.append(mark);
  }
  card.drawn = p;
  card.el.append(p);
}

/** Shows this translation of the file beside its utterances (null: none), replacing any shown. */
export function showTranslation(fileId: string, translation: TranslationDto | null): void {
  const before = shown;
  shown = translation
    ? {
        fileId,
        language: translation.language,
        texts: new Map(translation.utterances.map((u) => [u.utterance_id, u.text])),
        stale: new Set(translation.stale_utterance_ids),
      }
    : null;
  if (!before && !shown) return;
  // Groups are watched only while a translation is shown.
  if (!before) for (const group of groupCards.keys()) watchGroups()?.observe(group);
  if (!shown) {
    observer?.disconnect();
    observer = null;
    near = new WeakSet();
  }
  for (const card of cards) {
    card.dirty = true;
    if (isNear(card)) draw(card);
  }
}

export function hideTranslation(fileId: string): void {
  if (shown?.fileId === fileId) showTranslation(fileId, null);
}

/** Keeps `utteranceId`'s translation drawn at the end of its card while one is shown; the answer stops and removes it. */
export function watchTranslation(el: HTMLElement, utteranceId: string): () => void {
  const group = el.closest(".utterance-chunk");
  const card: Card = { el, utteranceId, group, drawn: null, dirty: true };
  cards.add(card);
  if (group) {
    const set = groupCards.get(group) ?? new Set();
    if (!set.size && shown) watchGroups()?.observe(group);
    set.add(card);
    groupCards.set(group, set);
  }
  if (shown && isNear(card)) draw(card);
  return () => {
    cards.delete(card);
    card.drawn?.remove();
    if (!group) return;
    const set = groupCards.get(group);
    set?.delete(card);
    if (set && !set.size) {
      groupCards.delete(group);
      observer?.unobserve(group);
    }
  };
}
