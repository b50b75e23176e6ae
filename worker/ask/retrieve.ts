// Ask's retrieval (decision 045): the question's key terms in the workspace index's FTS5 index
// (BM25; the index leaves out terms too common to rank by), in one file or in every file of the
// workspace, the relevant ones, fitted to the model's context budget. Runs before any model is
// called.
import { ASK_LIMITS } from "../../common/ask";
import { fitPassages, questionTerms, relevantHits } from "../../common/ask-retrieval";
import type { IndexPassage } from "../../durable-objects/workspace-index/ask";
import { readAskPassages } from "../transcripts/store";

export type AskScope = { fileId: string; workspaceId: string } | { workspaceId: string };

export interface Passage extends IndexPassage {
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

function inFile(env: Env, terms: string[], scope: { fileId: string; workspaceId: string }): Promise<IndexPassage[]> {
  return readAskPassages(env, scope.workspaceId, terms, { fileId: scope.fileId, limit: ASK_LIMITS.passages, ...NEIGHBOURS });
}

async function inWorkspace(env: Env, terms: string[], workspaceId: string): Promise<Passage[]> {
  const hits = await readAskPassages(env, workspaceId, terms, { limit: ASK_LIMITS.passages * 2, ...NEIGHBOURS });
  if (!hits.length) return [];
  // Names from D1, and only files D1 still has in the workspace (the index may lag a deletion by a moment).
  const files = await env.DB.prepare("SELECT id, name FROM audio_files WHERE workspace_id = ? AND id IN (SELECT value FROM json_each(?))")
    .bind(workspaceId, JSON.stringify([...new Set(hits.map((h) => h.file_id))]))
    .all<{ id: string; name: string }>();
  const names = new Map(files.results.map((f) => [f.id, f.name]));
  return hits.filter((h) => names.has(h.file_id)).map((h) => ({ ...h, file_name: names.get(h.file_id)! }));
}
