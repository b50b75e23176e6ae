import type { SpeakerDto } from "../../../core/transcript";
import { Menu } from "../components/Menu";
import type { EditorSession } from "../editor/session/editor-session";
import { mergeSpeakersFromUi } from "../editor/session/speaker-merge-action";

/** A speaker's actions menu in the Speakers panel: "Merge into <speaker>" for every other speaker. */
export function SpeakerMergeMenu({
  session,
  speaker,
  speakers,
}: {
  session: EditorSession;
  speaker: SpeakerDto;
  speakers: readonly SpeakerDto[];
}) {
  const others = speakers.filter((s) => s.id !== speaker.id);
  // Nobody to merge into: no menu.
  if (others.length === 0) return null;
  return (
    <Menu
      label={`Actions for ${speaker.displayName}`}
      items={others.map((into) => ({
        label: `Merge into ${into.displayName}`,
        onSelect: () => void mergeSpeakersFromUi(session.editor, speaker, into),
      }))}
    />
  );
}
