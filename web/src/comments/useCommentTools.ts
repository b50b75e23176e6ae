import { useEffect, useMemo } from "react";
import type { CommentDto } from "../../../common/comments";
import type { EditableUtterance } from "../editor/model/transcript-store";
import { useWordMarks } from "../editor/view/useWordMarks";
import { usePageCommand } from "../editor/view/usePageCommand";
import { useComments } from "./comments-api";
import type { EditorSession } from "../editor/session/editor-session";
import type { PlaybackController } from "../editor/model/playback-controller";
import { focusUtterance } from "../editor/view/UtteranceCard";
import { utteranceElements } from "../editor/view/word-dom";
import { commentMarks } from "./comment-marks";
import { startComment } from "./comments-state";
import { registerJump } from "./jump";
import { clearCommentMarks, showCommentMarks } from "./marks-view";
import type { SelectedWords } from "../editor/view/word-selection";
import { useSelectionTool } from "../editor/view/useSelectionTool";

const startOn = (session: EditorSession, words: SelectedWords) => startComment({ fileId: session.audioFileId, ...words });

const showMarks = (fileId: string, utterances: readonly EditableUtterance[], data: readonly CommentDto[]) =>
  showCommentMarks(fileId, commentMarks(utterances, data));

export interface CommentTools {
  /** Starts a comment on the selected words (or the word at the caret). */
  add(): void;
  /** The selected words now, or else the word at a point, for a menu opened on them. */
  selected(at?: { x: number; y: number }): SelectedWords | null;
  /** Starts a comment on words found earlier. */
  addOn(words: SelectedWords): void;
  /** Notes the selection as focus leaves the text (a button pressed from the keyboard takes it next). */
  noteSelection(): void;
}

/**
 * The comments of the open file in its editor: the commented words underlined and the markers
 * (worked out again per comments list and once edits settle), the panel's jumps to a thread's
 * words, and starting a comment on the selected words. Null where the user may not comment.
 */
export function useCommentTools(
  session: EditorSession | null,
  playback: PlaybackController | null,
  canComment: boolean,
): CommentTools | null {
  const fileId = session?.audioFileId ?? "";
  const comments = useComments(fileId, !!session);
  const data = comments.data;

  useWordMarks(session, data, showMarks, clearCommentMarks);

  useEffect(() => {
    if (!session) return;
    const store = session.store;
    return registerJump(session.audioFileId, (anchor) => {
      let target: { utteranceId: string; offset: number } | null = null;
      if (!anchor.removed) {
        for (const u of store.utterances()) {
          const index = u.transcriptWords.findIndex((w) => w.id === anchor.start_word_id);
          if (index < 0) continue;
          target = { utteranceId: u.id, offset: u.transcriptWords.slice(0, index).reduce((n, w) => n + w.text.length + 1, 0) };
          break;
        }
      }
      // Words gone: the utterance at the thread's time.
      if (!target) {
        const list = store.utterances();
        const at = list.find((u) => u.endTime >= anchor.start_time) ?? list.at(-1);
        if (at) target = { utteranceId: at.id, offset: 0 };
      }
      if (target) {
        utteranceElements.get(target.utteranceId)?.closest("li")?.scrollIntoView({ block: "center" });
        focusUtterance(target.utteranceId, target.offset);
      }
      playback?.seek(anchor.start_time);
    });
  }, [session, playback]);

  const tools = useSelectionTool(session, canComment, startOn, { selectFirst: "Select the words to comment on", caretWord: "first" });

  const context = useMemo(() => (tools ? { comment: tools } : null), [tools]);
  usePageCommand(context);

  return tools;
}
