// The others whose caret is in an utterance, drawn at the end of its row's meta line. Drawn
// by hand, not by a component per row: a row nobody is in costs one listener and no element,
// so a 3-hour transcript opens as fast as before, and a caret's move redraws the two rows it
// leaves and enters (the roster tells only those).
import { listed, type Person, presence } from "../../live/presence";

function marks(people: readonly Person[]): HTMLElement {
  const wrap = document.createElement("span");
  wrap.className = "presence-marks";
  wrap.dataset.testid = "presence-marks";
  const said = document.createElement("span");
  said.className = "visually-hidden";
  said.textContent = `${listed(people.map((p) => p.name))} ${people.length === 1 ? "is" : "are"} here`;
  wrap.append(said);
  for (const p of people) {
    const badge = document.createElement("span");
    badge.className = "person-badge person-badge--small";
    badge.style.background = p.colour;
    badge.title = p.name;
    badge.setAttribute("aria-hidden", "true");
    badge.textContent = p.initials;
    wrap.append(badge);
  }
  return wrap;
}

/** Keeps `utteranceId`'s people drawn at the end of `line`; the answer stops and removes them. */
export function watchPresence(line: HTMLElement, utteranceId: string): () => void {
  let drawn: HTMLElement | null = null;
  const draw = () => {
    drawn?.remove();
    const people = presence.at(utteranceId);
    drawn = people.length ? marks(people) : null;
    if (drawn) line.append(drawn);
  };
  draw();
  const unsubscribe = presence.subscribeUtterance(utteranceId, draw);
  return () => {
    unsubscribe();
    drawn?.remove();
  };
}
