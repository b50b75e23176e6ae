import { useCallback, useSyncExternalStore } from "react";
import { listed, presence } from "../../live/presence";

/**
 * The others whose caret is in this utterance. Each row listens to its own people only, so a
 * caret's move redraws the two rows it leaves and enters, and a row nobody is in draws nothing.
 */
export function PresenceMarks({ utteranceId }: { utteranceId: string }) {
  const people = useSyncExternalStore(
    useCallback((notify) => presence.subscribeUtterance(utteranceId, notify), [utteranceId]),
    () => presence.at(utteranceId),
  );
  if (!people.length) return null;
  const said = `${listed(people.map((p) => p.name))} ${people.length === 1 ? "is" : "are"} here`;
  return (
    <span className="presence-marks" data-testid="presence-marks">
      <span className="visually-hidden">{said}</span>
      {people.map((p) => (
        <span
          key={p.userId}
          className="person-badge person-badge--small"
          style={{ background: p.colour }}
          title={p.name}
          aria-hidden="true"
        >
          {p.initials}
        </span>
      ))}
    </span>
  );
}
