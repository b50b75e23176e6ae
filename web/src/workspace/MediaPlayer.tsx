import { useQuery } from "@tanstack/react-query";
import type { AudioFileDto } from "../../../common/library";
import { fileApi, keys } from "../api/library";
import type { PlaybackController } from "../editor/model/playback-controller";
import { MediaControls } from "../player/MediaControls";

/** The owner's player of a file, with the file's own media link. */
export function MediaPlayer({ file, playback }: { file: AudioFileDto; playback: PlaybackController | null }) {
  // A redaction rewrites the media into a new object (decision 058): its state is part of the key.
  const link = useQuery({
    queryKey: [...keys.download(file.id), file.redactedAt, file.mediaRedaction],
    queryFn: () => fileApi.download(file.id),
    staleTime: 6 * 3600_000,
  });
  return <MediaControls link={link} contentType={file.contentType} durationSeconds={file.durationSeconds} playback={playback} />;
}
