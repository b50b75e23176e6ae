import { useSyncExternalStore } from "react";
import type { SpeakerDto } from "../../../common/transcript";
import { Menu } from "../components/Menu";
import { openSession, subscribeSessions } from "../editor/model/open-sessions";
import { mergeSpeakersFromUi } from "../editor/model/speaker-merge-action";

/** A speaker's actions menu in the Speakers panel: "Merge into <speaker>" for every other speaker. */
export function SpeakerMergeMenu({ fileId, speaker, speakers }: { fileId: string; speaker: SpeakerDto; speakers: readonly SpeakerDto[] }) {
  const session = useSyncExternalStore(subscribeSessions, () => openSession(fileId));
  const others = speakers.filter((s) => s.id !== speaker.id);
  // Merges go through the open editor's save queue; without one (or anyone to merge into) there is no menu.
  if (!session || others.length === 0) return null;
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
