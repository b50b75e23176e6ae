import { WEBHOOK_EVENTS, type WebhookEvent } from "../../../common/webhooks";
import { EVENT_LABELS, withEvent } from "./webhook-text";

/** A checkbox for each event a webhook can send. */
export function EventChoices({
  legend,
  events,
  onChange,
}: {
  legend: string;
  events: WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
}) {
  return (
    <fieldset className="webhook-events">
      <legend>{legend}</legend>
      {WEBHOOK_EVENTS.map((event) => (
        <label key={event} className="checkbox">
          <input type="checkbox" checked={events.includes(event)} onChange={(e) => onChange(withEvent(events, event, e.target.checked))} />
          {EVENT_LABELS[event]} <code>{event}</code>
        </label>
      ))}
    </fieldset>
  );
}
