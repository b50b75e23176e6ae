// Inline icons: no icon font or emoji font is needed to render them.
const base = {
  width: 16,
  height: 16,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
} as const;

export const FolderIcon = () => (
  // biome-ignore lint/a11y/noSvgWithoutTitle: decorative, aria-hidden comes with `base`
  <svg {...base}>
    <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
  </svg>
);

export const VolumeIcon = () => (
  // biome-ignore lint/a11y/noSvgWithoutTitle: decorative, aria-hidden comes with `base`
  <svg {...base}>
    <path d="M11 5 6 9H3v6h3l5 4z" />
    <path d="M15.5 8.5a5 5 0 0 1 0 7" />
  </svg>
);

export const CommentIcon = () => (
  // biome-ignore lint/a11y/noSvgWithoutTitle: decorative, aria-hidden comes with `base`
  <svg {...base}>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
  </svg>
);

export const HighlightIcon = () => (
  // biome-ignore lint/a11y/noSvgWithoutTitle: decorative, aria-hidden comes with `base`
  <svg {...base}>
    <path d="m9 11-6 6v3h9l3-3" />
    <path d="m22 12-4.6 4.6a2 2 0 0 1-2.8 0l-5.2-5.2a2 2 0 0 1 0-2.8L14 4" />
  </svg>
);
