// The socket of an open file (`/cable?token=…&file=<id>`): the same reconnecting channel as the
// main socket, carrying that file's transcript changes (the main socket carries only the person's
// notifications) and who else has it open, and taking this tab's caret.
import { SOCKET_CLOSE_CODES } from "../../../common/live-messages";
import type { TranscriptChangedMessage } from "../../../core/live-change";
import { CaretSender } from "./caret-sender";
import { LiveChannel, type LiveChannelOptions } from "./live-channel";
import { presence, type PresenceRoster } from "./presence";

export interface FileSocketOptions {
  fileId: string;
  /** The signed-in user, left out of the people shown. */
  selfId: string;
  /** Asked before every attempt (each needs a fresh single-use ticket). */
  url: LiveChannelOptions["url"];
  /** The main socket's handler, so the editor's catch-up stays the one path for remote changes. */
  onTranscriptChanged: (event: TranscriptChangedMessage) => void;
  /** The file's comment threads changed. */
  onCommentsChanged?: LiveChannelOptions["onCommentsChanged"];
  /** The file's highlights changed. */
  onHighlightsChanged?: LiveChannelOptions["onHighlightsChanged"];
  /** Back after a drop: what changed meanwhile was not heard. */
  onReconnected: () => void;
  /**
   * The socket is not opened again: the user was removed from the file's workspace ("removed",
   * code 4003), or a retry found the file gone for them ("gone": removed while offline, or deleted).
   */
  onAccessEnded: (why: "removed" | "gone") => void;
  /**
   * Asked before an attempt that follows a failed one: a removed member's upgrade is refused
   * (404), which a browser does not let the page read, so retries would go on for ever.
   */
  stillMember?: () => Promise<boolean>;
  roster?: PresenceRoster;
  createSocket?: LiveChannelOptions["createSocket"];
}

/** Where the caret is now (an utterance id, or null), kept for a socket that opens later. */
let caretNow: string | null = null;
let sender: CaretSender | null = null;

/** The editor's caret moved into an utterance, or out of the transcript (null). */
export function reportCaret(utteranceId: string | null): void {
  caretNow = utteranceId;
  sender?.set(utteranceId);
}

/** Opens the file's socket; the answer closes it (leaving the file). */
export function openFileSocket(options: FileSocketOptions): () => void {
  const roster = options.roster ?? presence;
  roster.open(options.fileId, options.selfId);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    channel.stop();
    caret.stop();
    if (sender === caret) sender = null;
    roster.close();
  };
  const end = (why: "removed" | "gone") => {
    stop();
    options.onAccessEnded(why);
  };
  /** Attempts since the last open: the first after a drop goes ahead, the next asks first. */
  let attempts = 0;
  const channel = new LiveChannel({
    url: async () => {
      if (attempts++ > 0 && options.stillMember && !(await options.stillMember())) {
        end("gone");
        throw new Error("No longer a member of the file's workspace");
      }
      return options.url();
    },
    createSocket: options.createSocket,
    onPresence: (message) => roster.receive(message),
    onTranscriptChanged: (event) => {
      if (event.file_id === options.fileId) options.onTranscriptChanged(event);
    },
    onCommentsChanged: (event) => {
      if (event.file_id === options.fileId) options.onCommentsChanged?.(event);
    },
    onHighlightsChanged: (event) => {
      if (event.file_id === options.fileId) options.onHighlightsChanged?.(event);
    },
    onConnected: ({ reconnected }) => {
      attempts = 0;
      caret.connected();
      if (reconnected) options.onReconnected();
    },
    endsOn: [SOCKET_CLOSE_CODES.accessEnded],
    onEnded: () => end("removed"),
  });
  const caret = new CaretSender((data) => channel.send(data));
  sender = caret;
  if (caretNow !== null) caret.set(caretNow);
  channel.start();
  return stop;
}
