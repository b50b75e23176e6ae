// The uploads in flight: one queue per workspace, in plain TypeScript with the
// transfer and the clock injected, so the view only renders its state.
import { proxy } from "valtio";
import type { AudioFileDto } from "../../../common/library";
import { systemClock, type EditorClock } from "../editor/model/clock";

export interface UploadItem {
  id: number;
  name: string;
  progress: number;
  state: "uploading" | "done" | "failed";
  error: string | null;
}

export interface UploadTransport {
  upload(file: File, folderId: string | null, onProgress: (fraction: number) => void): Promise<AudioFileDto>;
  uploaded(file: AudioFileDto, name: string): void;
  failed(name: string, reason: string): void;
  describe(error: unknown): string;
}

/** How long a finished upload stays in the list. */
export const DONE_VISIBLE_MS = 4000;

export class UploadQueue {
  readonly state = proxy<{ items: UploadItem[] }>({ items: [] });
  private nextId = 1;

  constructor(
    private readonly transport: UploadTransport,
    private readonly clock: EditorClock = systemClock,
  ) {}

  /** Starts every file at once; each reports its own progress and outcome. `problemOf` says why a file cannot go. */
  async add(files: File[], folderId: string | null, problemOf: (file: File) => string | null): Promise<void> {
    await Promise.all(files.map((file) => this.start(file, folderId, problemOf(file))));
  }

  dismiss(id: number): void {
    this.state.items = this.state.items.filter((i) => i.id !== id);
  }

  private async start(file: File, folderId: string | null, problem: string | null): Promise<void> {
    const id = this.nextId++;
    this.state.items.push({ id, name: file.name, progress: 0, state: "uploading", error: null });
    const item = this.state.items.find((i) => i.id === id)!;
    try {
      if (problem) throw new Error(problem);
      const created = await this.transport.upload(file, folderId, (fraction) => {
        item.progress = fraction;
      });
      item.state = "done";
      item.progress = 1;
      this.transport.uploaded(created, file.name);
      this.clock.setTimeout(() => this.dismiss(id), DONE_VISIBLE_MS);
    } catch (error) {
      const reason = this.transport.describe(error);
      item.state = "failed";
      item.error = reason;
      this.transport.failed(file.name, reason);
    }
  }
}
