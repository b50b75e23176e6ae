import { Suspense } from "react";
import { useSnapshot } from "valtio";
import type { AudioFileDto } from "../../../common/library";
import { MOBILE_LAYOUT, useMediaQuery } from "../lib/useMediaQuery";
import { CollapsedSidebar } from "./CollapsedSidebar";
import { tutorials } from "../tutorials/tutorials";
import { TranscriptPanel } from "./lazy-views";
import { toggleToolsSidebar, uiState } from "./ui-state";
import { VocabularySuggestion } from "./VocabularySuggestion";

export function ToolsSidebar({ file }: { file: AudioFileDto | null }) {
  const ui = useSnapshot(uiState);
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
            <TranscriptPanel key={file.id} file={file} />
          </Suspense>
        ) : (
          <p className="muted">Select a file to view transcription tools and options.</p>
        )}
      </div>
    </aside>
  );
}
