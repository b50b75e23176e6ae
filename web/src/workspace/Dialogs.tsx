import { useQueryClient } from "@tanstack/react-query";
import { useSnapshot } from "valtio";
import type { AudioFileDto, FolderDto } from "../../../common/library";
import { fileNameSchema, folderBodySchema } from "../../../common/library";
import { dropFilesFromCache, fileApi, folderApi, keys, putFileInCache, putFolderInCache } from "../api/library";
import { describeError } from "../api/errors";
import { folderName } from "../lib/library";
import { toast } from "../lib/toasts";
import { ConfirmDialog } from "./dialogs/ConfirmDialog";
import { MoveDialog } from "./dialogs/MoveDialog";
import { NameDialog } from "./dialogs/NameDialog";
import { PreferencesDialog } from "./dialogs/PreferencesDialog";
import { closeDialog, dialogState } from "./dialog-state";
import { useSelection } from "./useSelection";

const folderNameSchema = folderBodySchema.shape.folder.shape.name;

/** Renders the open dialog and performs its action with the spec's toasts. */
export function Dialogs({ folders, files }: { folders: FolderDto[]; files: AudioFileDto[] }) {
  const { open } = useSnapshot(dialogState);
  const client = useQueryClient();
  const { fileId, folderId, selectFolder, clear } = useSelection();
  if (!open) return null;

  switch (open.kind) {
    case "new-folder":
      return (
        <NameDialog title="New folder" label="Folder name" initial="" submitLabel="Create" schema={folderNameSchema} onClose={closeDialog}
          onSave={async (name) => {
            const folder = await folderApi.create(name);
            putFolderInCache(client, folder);
            selectFolder(folder.id);
          }}
        />
      );
    case "rename-folder":
      return (
        <NameDialog title="Rename folder" label="Folder name" initial={open.folder.name} submitLabel="Rename" schema={folderNameSchema} onClose={closeDialog}
          onSave={async (name) => putFolderInCache(client, await folderApi.rename(open.folder.id, name))}
        />
      );
    case "delete-folder": {
      const folder = open.folder;
      const count = files.filter((f) => f.folderId === folder.id).length;
      return (
        <ConfirmDialog title="Delete folder" confirmLabel="Delete folder" onClose={closeDialog}
          onConfirm={async () => {
            try {
              await folderApi.remove(folder.id);
              client.setQueryData<FolderDto[]>(keys.folders, (list = []) => list.filter((f) => f.id !== folder.id));
              dropFilesFromCache(client, (f) => f.folderId === folder.id);
              if (folderId === folder.id || files.some((f) => f.id === fileId && f.folderId === folder.id)) clear();
              toast(`Deleted folder ${folder.name}`, "success");
            } catch (error) {
              toast(`Failed to delete folder: ${describeError(error)}`, "error");
            }
          }}
        >
          <p>
            This will permanently delete the folder <strong>{folder.name}</strong> and ALL files inside it ({count}{" "}
            {count === 1 ? "file" : "files"}). This action cannot be undone.
          </p>
        </ConfirmDialog>
      );
    }
    case "rename-file":
      return (
        <NameDialog title="Rename file" label="File name" initial={open.file.name} submitLabel="Rename" schema={fileNameSchema} onClose={closeDialog}
          onSave={async (name) => putFileInCache(client, await fileApi.rename(open.file.id, name))}
        />
      );
    case "move-file": {
      const file = open.file;
      return (
        <MoveDialog file={file as AudioFileDto} folders={folders} onClose={closeDialog}
          onMove={async (target) => {
            try {
              putFileInCache(client, await fileApi.move(file.id, target));
              toast(`Moved ${file.name} to ${folderName(folders, target)}`, "success");
            } catch (error) {
              toast(`Failed to move file: ${describeError(error)}`, "error");
            }
          }}
        />
      );
    }
    case "delete-file": {
      const file = open.file;
      return (
        <ConfirmDialog title="Delete file" confirmLabel="Delete" onClose={closeDialog}
          onConfirm={async () => {
            try {
              await fileApi.remove(file.id);
              dropFilesFromCache(client, (f) => f.id === file.id);
              if (fileId === file.id) clear();
              toast(`Deleted ${file.name}`, "success");
            } catch (error) {
              toast(`Failed to delete file: ${describeError(error)}`, "error");
            }
          }}
        >
          <p>
            Are you sure you want to delete <strong>{file.name}</strong>? This action cannot be undone.
          </p>
        </ConfirmDialog>
      );
    }
    case "preferences":
      return <PreferencesDialog onClose={closeDialog} />;
  }
}
