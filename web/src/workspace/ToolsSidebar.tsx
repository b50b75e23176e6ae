import { useQueryClient } from "@tanstack/react-query";
import { Suspense, startTransition, useEffect, useLayoutEffect, useState } from "react";
import { useSnapshot } from "valtio";
import type { AudioFileDto } from "../../../common/library";
import { whenIdle } from "../lib/idle";
import { MOBILE_LAYOUT, useMediaQuery } from "../lib/useMediaQuery";
import { CollapsedSidebar } from "./CollapsedSidebar";
import { tutorials } from "../tutorials/tutorials";
import { prefetchFile } from "./file-prefetch";
import { TranscriptPanel } from "./lazy-views";
import { toggleToolsSidebar, uiState } from "./ui-state";
import { VocabularySuggestion } from "./VocabularySuggestion";

/**
 * The file whose other tools may draw: a file just opened gets them once the browser is idle, in a
 * render that yields to keys, so the transcript's first screenful paints first (decision 030).
 */
function useIdleFile(fileId: string | undefined): string | undefined {
  const [idleFor, setIdleFor] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (fileId) return whenIdle(() => startTransition(() => setIdleFor(fileId)));
  }, [fileId]);
  return idleFor;
}

export function ToolsSidebar({ file }: { file: AudioFileDto | null }) {
  const ui = useSnapshot(uiState);
  const idleFile = useIdleFile(file?.id);
  const queryClient = useQueryClient();
  // A file opened without its row pointed at (an address, a reload): its details are read with its
  // utterances (one read the editor takes too), and the panel's code with the file view's, so the
  // summary, notes and speakers draw with the first screenful. A layout effect: before the editor's.
  const readId = file?.status === "ready" && file.hasTranscript ? file.id : null;
  useLayoutEffect(() => {
    if (readId) prefetchFile(queryClient, { id: readId, hasTranscript: true });
  }, [readId, queryClient]);
  // Off screen on a phone until opened: out of the Tab order and of screen readers too.
  const offScreen = useMediaQuery(MOBILE_LAYOUT) && !ui.mobileToolsOpen;
  if (ui.toolsCollapsed) {
    return (
      <CollapsedSidebar
        side="tools"
        label="Transcript Tools"
        mobileOpen={ui.mobileToolsOpen}
        expandLabel="Expand transcript tools"
        arrow="«"
        onExpand={toggleToolsSidebar}
      />
    );
  }
  return (
    <aside
      className={`sidebar sidebar--tools${ui.mobileToolsOpen ? " is-mobile-open" : ""}`}
      aria-label="Transcript Tools"
      inert={offScreen}
    >
      <div className="sidebar-head">
        <h2>Transcript Tools</h2>
        <button type="button" className="icon-button desktop-only" aria-label="Collapse transcript tools" onClick={toggleToolsSidebar}>
          »
        </button>
      </div>
      <div className="sidebar-scroll" onScroll={() => tutorials.toolsScrolled()}>
        <VocabularySuggestion />
        {file ? (
          <Suspense fallback={null}>
            <TranscriptPanel key={file.id} file={file} rest={idleFile === file.id} />
          </Suspense>
        ) : (
          <p className="muted">Select a file to view transcription tools and options.</p>
        )}
      </div>
    </aside>
  );
}
