// Server-sent events read from a fetch body (the browser's EventSource cannot POST): blocks
// separated by a blank line, each with an `event:` and `data:` lines.
export interface SseEvent {
  event: string;
  data: string;
}

/** The complete events in `buffer`, and what is left of an incomplete one. */
export function takeEvents(buffer: string): { events: SseEvent[]; rest: string } {
  const blocks = buffer.replace(/\r\n?/g, "\n").split("\n\n");
  const rest = blocks.pop() ?? "";
  const events = blocks.flatMap((block) => {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    return data.length ? [{ event, data: data.join("\n") }] : [];
  });
  return { events, rest };
}
