import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSnapshot } from "valtio";
import type { AudioFileDto } from "../../../common/library";
import { api, call } from "../api/client";
import { authState } from "../auth/store";
import { toast } from "../lib/toasts";
import { openFileSocket } from "./file-socket";
import { cableUrl } from "./live-channel";
import { fileChangeHandlers } from "./file-changes";

/**
 * While a file is open, its socket: the file's changes (the user's own channel carries only
 * notifications) and who else has it open. Personal and team files alike: the other tabs of the
 * same person are told the same way.
 */
export function useFileSocket(file: Pick<AudioFileDto, "id">): void {
  const userId = useSnapshot(authState).user?.id ?? null;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const { catchUp, ...handlers } = fileChangeHandlers(queryClient);
    return openFileSocket({
      fileId: file.id,
      selfId: userId,
      url: async () => cableUrl(location.origin, (await call(api.cable.ticket.$post())).ticket, file.id),
      ...handlers,
      onReconnected: () => catchUp(file.id),
      // A missing file's 404 is what a removed member gets; a failed request says nothing.
      stillMember: async () => {
        const answer: Response = await api.audio_files[":id"].$get({ param: { id: file.id } });
        return answer.status !== 404;
      },
      onAccessEnded: (why) =>
        toast(
          why === "removed"
            ? "You are no longer a member of this file's workspace: its changes and people are not shown"
            : "This file is no longer available to you: its changes and people are not shown",
          "error",
        ),
    });
  }, [file.id, userId, queryClient]);
}
