// Ask's retrieval (decision 045): the question's key terms in the store's FTS5 index (BM25; the
// store leaves out terms too common to rank by), in one file or in every file of a workspace,
// only files D1 says are in the workspace asked (as library search: a store can still hold files
// moved elsewhere), the relevant ones, fitted to the model's context budget. Runs before any
// model is called.
import { ASK_LIMITS } from "../../common/ask";
import { fitPassages, questionTerms, relevantHits } from "../../common/ask-retrieval";
import type { StorePassage } from "../../durable-objects/transcript-store/ask";
import { readAskPassages } from "../transcripts/store";

export type AskScope = { fileId: string; storeId: string } | { workspaceId: string };

export interface Passage extends StorePassage {
  /** The file's name, when the question was asked of the library. */
  file_name?: string;
}

const NEIGHBOURS = { neighbours: ASK_LIMITS.neighbours };

/** The passages to give the model, most relevant first; none when nothing matched. */
export async function retrievePassages(env: Env, question: string, scope: AskScope): Promise<Passage[]> {
  const terms = questionTerms(question);
  if (!terms.length) return [];
  const ranked = "fileId" in scope ? await inFile(env, terms, scope) : await inWorkspace(env, terms, scope.workspaceId);
  return fitPassages(relevantHits(ranked));
}

function inFile(env: Env, terms: string[], scope: { fileId: string; storeId: string }): Promise<StorePassage[]> {
  return readAskPassages(env, scope.storeId, terms, { fileId: scope.fileId, limit: ASK_LIMITS.passages, ...NEIGHBOURS });
}

async function inWorkspace(env: Env, terms: string[], workspaceId: string): Promise<Passage[]> {
  // Usually one store (the workspace's own); files moved in keep theirs (decision 039).
  const stores = await env.DB.prepare("SELECT DISTINCT store_id FROM audio_files WHERE workspace_id = ?")
    .bind(workspaceId)
    .all<{ store_id: string }>();
  const found = await Promise.all(
    stores.results.map((s) => readAskPassages(env, s.store_id, terms, { limit: ASK_LIMITS.passages * 2, ...NEIGHBOURS })),
  );
  const hits = found.flat();
  if (!hits.length) return [];
  const files = await env.DB.prepare("SELECT id, name FROM audio_files WHERE workspace_id = ? AND id IN (SELECT value FROM json_each(?))")
    .bind(workspaceId, JSON.stringify([...new Set(hits.map((h) => h.file_id))]))
    .all<{ id: string; name: string }>();
  const names = new Map(files.results.map((f) => [f.id, f.name]));
  return hits
    .filter((h) => names.has(h.file_id))
    .sort((a, b) => a.score - b.score)
    .map((h) => ({ ...h, file_name: names.get(h.file_id)! }));
}
