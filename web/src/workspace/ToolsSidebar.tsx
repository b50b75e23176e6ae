import { useSnapshot } from "valtio";
import type { AudioFileDto } from "../../../common/library";
import { TranscriptPanel } from "./TranscriptDetails";
import { toggleToolsSidebar, uiState } from "./ui-state";

export function ToolsSidebar({ file }: { file: AudioFileDto | null }) {
  const ui = useSnapshot(uiState);
  if (ui.toolsCollapsed) {
    return (
      <aside className={`sidebar sidebar--tools is-collapsed${ui.mobileToolsOpen ? " is-mobile-open" : ""}`} aria-label="Transcript Tools">
        <button type="button" className="icon-button" aria-label="Expand transcript tools" onClick={toggleToolsSidebar}>
          «
        </button>
      </aside>
    );
  }
  return (
    <aside className={`sidebar sidebar--tools${ui.mobileToolsOpen ? " is-mobile-open" : ""}`} aria-label="Transcript Tools">
      <div className="sidebar-head">
        <h2>Transcript Tools</h2>
        <button type="button" className="icon-button desktop-only" aria-label="Collapse transcript tools" onClick={toggleToolsSidebar}>
          »
        </button>
      </div>
      <div className="sidebar-scroll">
        {file ? <TranscriptPanel key={file.id} file={file} /> : <p className="muted">Select a file to view transcription tools and options.</p>}
      </div>
    </aside>
  );
}
