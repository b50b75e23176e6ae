/** The narrow strip a sidebar shrinks to, with its expand button. */
export function CollapsedSidebar(props: {
  side: "files" | "tools";
  label: string;
  mobileOpen: boolean;
  expandLabel: string;
  arrow: string;
  onExpand: () => void;
}) {
  return (
    <aside className={`sidebar sidebar--${props.side} is-collapsed${props.mobileOpen ? " is-mobile-open" : ""}`} aria-label={props.label}>
      <button type="button" className="icon-button" aria-label={props.expandLabel} onClick={props.onExpand}>
        {props.arrow}
      </button>
    </aside>
  );
}
