import { useQuery } from "@tanstack/react-query";
import type { ShareCreateInput, ShareUpdateInput } from "../../../common/share-schemas";
import { api, call } from "./client";

export const shareKeys = { ofFile: (audioFileId: string) => ["shares", audioFileId] as const };

/** The owner's share links (the workspace side; the shared page has its own small client). */
export const shareApi = {
  list: async (audioFileId: string) => (await call(api.audio_files[":id"].shares.$get({ param: { id: audioFileId } }))).data,
  create: async (audioFileId: string, options: Partial<ShareCreateInput>) =>
    (await call(api.audio_files[":id"].shares.$post({ param: { id: audioFileId }, json: options }), "Could not create the link")).data,
  update: async (id: string, changes: Partial<ShareUpdateInput>) =>
    (await call(api.shares[":id"].$patch({ param: { id }, json: changes }), "Could not change the link")).data,
  revoke: async (id: string) => call(api.shares[":id"].$delete({ param: { id } }), "Could not revoke the link"),
};

export function useShares(audioFileId: string) {
  return useQuery({ queryKey: shareKeys.ofFile(audioFileId), queryFn: () => shareApi.list(audioFileId) });
}
