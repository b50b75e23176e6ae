import { MOBILE_LAYOUT, useMediaQuery } from "../lib/useMediaQuery";

/** The narrow strip a sidebar shrinks to, with its expand button. */
export function CollapsedSidebar(props: {
  side: "files" | "tools";
  label: string;
  mobileOpen: boolean;
  expandLabel: string;
  arrow: string;
  onExpand: () => void;
}) {
  // Off screen on a phone until opened: out of the Tab order and of screen readers too.
  const hidden = useMediaQuery(MOBILE_LAYOUT) && !props.mobileOpen;
  return (
    <aside
      className={`sidebar sidebar--${props.side} is-collapsed${props.mobileOpen ? " is-mobile-open" : ""}`}
      aria-label={props.label}
      inert={hidden}
    >
      <button type="button" className="icon-button" aria-label={props.expandLabel} onClick={props.onExpand}>
        {props.arrow}
      </button>
    </aside>
  );
}
