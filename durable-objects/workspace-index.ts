import { DurableObject } from "cloudflare:workers";
import { answer } from "../core/refusal";
import { askPassages } from "./workspace-index/ask";
import { applyFeed, dropFile, type IndexFeed } from "./workspace-index/feed";
import { migrateIndex } from "./workspace-index/schema";
import { searchIndex } from "./workspace-index/search";

/**
 * One instance per workspace (named by its id): what spans the workspace's files — library
 * search and Ask's retrieval — over an index the files' transcript rooms feed (decision 053).
 * It holds only texts to find; each transcript stays whole in its own room.
 */
export class WorkspaceIndex extends DurableObject<Env> {
  #migrated = false;

  private get sql(): SqlStorage {
    if (!this.#migrated) {
      migrateIndex(this.ctx.storage);
      this.#migrated = true;
    }
    return this.ctx.storage.sql;
  }

  /** RPC: a room's texts, whole or what changed. */
  async feed(fileId: string, feed: IndexFeed): Promise<void> {
    void this.sql;
    applyFeed(this.ctx.storage, fileId, feed);
  }

  /** RPC: a file deleted or moved out: none of its texts are found here any more. */
  async dropFile(fileId: string): Promise<void> {
    void this.sql;
    dropFile(this.ctx.storage, fileId);
  }

  /** RPC: library search (the Worker adds D1's file names, folders and order). */
  async search(match: string, opts: { speaker?: string | undefined; minScore: number; limit: number }) {
    return searchIndex(this.sql, match, opts);
  }

  /** RPC: Ask's retrieval: the utterances best matching a question's terms, with their neighbours. */
  async askPassages(terms: string[], opts: { fileId?: string | undefined; limit: number; neighbours: number }) {
    return answer(() => askPassages(this.sql, terms, opts));
  }

  /** RPC: the index's SQLite size in bytes (benchmarks, operators). */
  async indexSize(): Promise<number> {
    return this.sql.databaseSize;
  }
}
