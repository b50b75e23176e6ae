import { type KeyboardEvent, useSyncExternalStore } from "react";
import { formatTimestamp } from "../../../core/timestamps";
import { openSession } from "../editor/session/open-sessions";
import { type Person, presence } from "../live/presence";

const subscribe = (listener: () => void) => presence.subscribe(listener);
const people = () => presence.people();

/** Where a person's caret is, as the editor shows it (null: in no utterance this tab has). */
function whereIs(fileId: string, person: Person): number | null {
  if (person.utteranceId === null) return null;
  return openSession(fileId)?.store.utterance(person.utteranceId)?.startTime ?? null;
}

/** Brings a person's utterance into view; focus stays where it is. */
function show(utteranceId: string) {
  document.querySelector(`[data-utterance-id="${CSS.escape(utteranceId)}"]`)?.scrollIntoView({ block: "center" });
}

/** A hover or focus tip goes away with Escape (WCAG 1.4.13), until the pointer or focus leaves. */
function hideTip(e: KeyboardEvent<HTMLButtonElement>) {
  if (e.key === "Escape") e.currentTarget.dataset.tip = "hidden";
}
const restoreTip = (el: HTMLElement) => delete el.dataset.tip;

/**
 * The others with this file open: initials in their colour, the name in a tip and in the
 * button's label with the utterance they are in; pressing one shows that utterance. Arrivals
 * and departures are announced politely by the roster (live/presence.ts), never focused.
 */
export function PresenceBar({ fileId }: { fileId: string }) {
  const list = useSyncExternalStore(subscribe, people);
  if (!list.length) return null;
  return (
    <ul className="presence-bar" aria-label="Also here" data-testid="presence-bar">
      {list.map((person) => {
        const at = whereIs(fileId, person);
        const label = at === null ? `${person.name}: has this file open` : `${person.name}: in the utterance at ${formatTimestamp(at)}`;
        return (
          <li key={person.userId}>
            <button
              type="button"
              className="person-badge"
              style={{ background: person.colour }}
              aria-label={label}
              aria-disabled={at === null || undefined}
              data-testid="presence-person"
              data-user-id={person.userId}
              onClick={() => at !== null && person.utteranceId && show(person.utteranceId)}
              onKeyDown={hideTip}
              onBlur={(e) => restoreTip(e.currentTarget)}
              onMouseLeave={(e) => restoreTip(e.currentTarget)}
            >
              <span aria-hidden="true">{person.initials}</span>
              <span className="person-tip" aria-hidden="true">
                {person.name}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
