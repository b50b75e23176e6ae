// The tab title counts transcriptions that finished (ready or failed) while the
// tab was not focused, e.g. "(2) Transcribe", until the tab is focused again.

const COUNT_PREFIX = /^\(\d+\) /;

/** The title with the count in front (none for 0); any earlier count is replaced. */
export function titleWithCount(title: string, count: number): string {
  const base = title.replace(COUNT_PREFIX, "");
  return count > 0 ? `(${count}) ${base}` : base;
}

/** What the counter needs of the window (injected in tests). */
export interface TitleHost {
  document: { title: string; hasFocus(): boolean };
  addEventListener(type: "focus", listener: () => void): void;
  removeEventListener(type: "focus", listener: () => void): void;
}

export class FinishedTitle {
  private count = 0;

  constructor(private readonly host: TitleHost) {
    host.addEventListener("focus", this.onFocus);
  }

  /** A transcription finished: counted unless the user is looking at this tab. */
  finished(): void {
    if (this.host.document.hasFocus()) return;
    this.count++;
    this.host.document.title = titleWithCount(this.host.document.title, this.count);
  }

  getCount(): number {
    return this.count;
  }

  dispose(): void {
    this.host.removeEventListener("focus", this.onFocus);
  }

  private onFocus = () => {
    if (this.count === 0) return;
    this.count = 0;
    this.host.document.title = titleWithCount(this.host.document.title, 0);
  };
}

let shared: FinishedTitle | null = null;
/** The page's one counter. */
export function finishedTitle(): FinishedTitle {
  shared ??= new FinishedTitle(window);
  return shared;
}
