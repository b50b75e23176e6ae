import { useMemo } from "react";
import type { AudioFileDto } from "../../../common/library";
import { Modal } from "../components/Modal";
import { AskBox } from "./AskBox";
import { ASK_TEXTS } from "./ask-texts";

/** "Ask your library": a question about every file of the workspace; a source opens its file. */
export function AskLibraryDialog({ files, onClose }: { files: readonly AudioFileDto[]; onClose: () => void }) {
  const names = useMemo(() => new Map(files.map((f) => [f.id, f.name])), [files]);
  return (
    <Modal title={ASK_TEXTS.libraryTitle} onClose={onClose} wide>
      <AskBox label={ASK_TEXTS.libraryLabel} placeholder={ASK_TEXTS.libraryPlaceholder} fileNames={names} onOpenCitation={onClose} />
    </Modal>
  );
}
