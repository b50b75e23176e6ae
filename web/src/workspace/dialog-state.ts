import { proxy } from "valtio";
import type { AudioFileDto, FolderDto } from "../../../common/library";

export type Dialog =
  | { kind: "new-folder" }
  | { kind: "rename-folder"; folder: FolderDto }
  | { kind: "delete-folder"; folder: FolderDto }
  | { kind: "rename-file"; file: AudioFileDto }
  | { kind: "move-file"; file: AudioFileDto }
  | { kind: "move-workspace"; file: AudioFileDto }
  | { kind: "delete-file"; file: AudioFileDto }
  | { kind: "bulk-move"; files: AudioFileDto[] }
  | { kind: "bulk-delete"; files: AudioFileDto[] }
  | { kind: "retranscribe"; file: AudioFileDto }
  | { kind: "cancel-transcription"; file: AudioFileDto }
  | { kind: "preferences" }
  | { kind: "workspaces" }
  | { kind: "api-tokens" };

/** At most one modal is open at a time. */
export const dialogState = proxy<{ open: Dialog | null }>({ open: null });

export const openDialog = (dialog: Dialog) => {
  dialogState.open = dialog;
};
export const closeDialog = () => {
  dialogState.open = null;
};
