import { useEffect, useId, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import type { SearchHit } from "../../../common/search";
import { useLibrarySearch } from "../api/search";
import { dispatch } from "../commands/commands";
import { groupHits, hitLabel, hitLink, isLibraryQuery, snippetParts } from "../lib/library-search";
import { useCurrentWorkspace } from "./useCurrentWorkspace";

const DEBOUNCE_MS = 200;

/**
 * The files sidebar's search box: it filters the tree by file and folder names (the parent
 * does that with `value`) and, from 2 characters, lists hits in every transcript, file name,
 * speaker name, summary and notes, grouped by file (a combobox with a listbox).
 */
export function LibrarySearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const enabled = isLibraryQuery(query);
  const { id: workspaceId, pathIn } = useCurrentWorkspace();
  const result = useLibrarySearch(query, enabled, workspaceId);
  const hits = useMemo(() => result.data?.pages.flatMap((p) => p.data) ?? [], [result.data]);
  const groups = useMemo(() => groupHits(hits), [hits]);
  // Options in display order (grouped), so the arrows follow what is seen.
  const ordered = useMemo(() => groups.flatMap((g) => g.hits), [groups]);
  const [active, setActive] = useState(-1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query starts from no chosen hit
  useEffect(() => setActive(-1), [query]);
  const open = enabled && isLibraryQuery(value);
  const optionId = (i: number) => `${listId}-hit-${i}`;

  const choose = (hit: SearchHit | undefined) => {
    if (hit) navigate(pathIn(hitLink(hit, query)));
  };

  return (
    <div className="library-search">
      <input
        className="search"
        type="search"
        placeholder="Search files, folders and transcripts"
        aria-label="Search files, folders and transcripts"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) =>
          dispatch("library", e, {
            library: {
              move: (d) =>
                ordered.length && setActive((i) => (i < 0 && d < 0 ? ordered.length - 1 : (i + d + ordered.length) % ordered.length)),
              open: () => choose(ordered[Math.max(active, 0)]),
              close: () => onChange(""),
            },
          })
        }
      />
      {open && (
        <div className="library-search-panel" data-testid="library-search">
          <p className="muted small library-search-status" role="status">
            {result.isPending
              ? "Searching transcripts…"
              : result.isError
                ? "Search failed. Try again."
                : hits.length === 0
                  ? "No transcript matches."
                  : `${hits.length}${result.hasNextPage ? "+" : ""} ${hits.length === 1 ? "match" : "matches"} in ${groups.length} ${groups.length === 1 ? "file" : "files"}`}
          </p>
          <div id={listId} role="listbox" aria-label="Search results" className="library-search-results">
            {groups.map((group) => (
              <div key={group.fileId} role="group" aria-label={group.fileName} className="library-search-group">
                <div className="library-search-file" aria-hidden="true">
                  {group.fileName}
                </div>
                {group.hits.map((hit) => {
                  const i = ordered.indexOf(hit);
                  return (
                    // Keys are handled by the combobox (aria-activedescendant); a click chooses too.
                    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
                    <div
                      key={`${hit.kind}-${hit.utterance_id ?? hit.speaker ?? ""}-${i}`}
                      id={optionId(i)}
                      role="option"
                      tabIndex={-1}
                      aria-selected={i === active}
                      className={`library-search-hit${i === active ? " is-active" : ""}`}
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => {
                        setActive(i);
                        choose(hit);
                      }}
                    >
                      <span className="library-search-where">{hitLabel(hit)}</span>
                      <span className="library-search-snippet">
                        {snippetParts(hit).map((part, k) =>
                          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positions in one fixed snippet
                          part.marked ? <mark key={k}>{part.text}</mark> : <span key={k}>{part.text}</span>,
                        )}
                      </span>
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
          {result.hasNextPage && (
            <button
              type="button"
              className="link-button small"
              disabled={result.isFetchingNextPage}
              onClick={() => void result.fetchNextPage()}
            >
              {result.isFetchingNextPage ? "Loading…" : "More results"}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
