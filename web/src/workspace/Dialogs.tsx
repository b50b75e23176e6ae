import { useQueryClient } from "@tanstack/react-query";
import { useSnapshot } from "valtio";
import type { AudioFileDto, FolderDto } from "../../../common/library";
import { fileNameSchema, folderBodySchema } from "../../../common/library";
import { BulkMoveDialog } from "./dialogs/BulkMoveDialog";
import { ConfirmDialog } from "./dialogs/ConfirmDialog";
import { MoveDialog } from "./dialogs/MoveDialog";
import { MoveToWorkspaceDialog } from "./dialogs/MoveToWorkspaceDialog";
import { NameDialog } from "./dialogs/NameDialog";
import { PreferencesDialog } from "./dialogs/PreferencesDialog";
import { ApiTokensDialog } from "./dialogs/ApiTokensDialog";
import { WorkspacesDialog } from "../teams/WorkspacesDialog";
import { RetranscribeDialog } from "./dialogs/RetranscribeDialog";
import { closeDialog, dialogState } from "./dialog-state";
import { countLabel } from "../lib/file-list-view";
import * as commands from "./library-commands";
import { useNavigate } from "react-router";
import { useWorkspaces } from "../api/workspaces";
import { workspaceOf } from "../api/library";
import { moveTargets } from "./current-workspace";
import { useCurrentWorkspace } from "./useCurrentWorkspace";
import { useSelection } from "./useSelection";

const folderNameSchema = folderBodySchema.shape.folder.shape.name;

/** Renders the open dialog and performs its action with the spec's toasts. */
export function Dialogs({ folders, files }: { folders: FolderDto[]; files: AudioFileDto[] }) {
  const { open } = useSnapshot(dialogState);
  const client = useQueryClient();
  const { fileId, folderId, selectFolder, clear } = useSelection();
  const current = useCurrentWorkspace();
  const workspaces = useWorkspaces();
  const navigate = useNavigate();
  if (!open) return null;
  const ctx: commands.LibraryContext = {
    client,
    workspaceId: current.id,
    fileId,
    folderId,
    selectFolder,
    followFile: (file) => navigate(current.pathIn(`/dashboard/file/${file.id}`, workspaceOf(file))),
    clearSelection: clear,
  };

  switch (open.kind) {
    case "new-folder":
      return (
        <NameDialog
          title="New folder"
          label="Folder name"
          initial=""
          submitLabel="Create"
          schema={folderNameSchema}
          onClose={closeDialog}
          onSave={(name) => commands.createFolder(ctx, name)}
        />
      );
    case "rename-folder":
      return (
        <NameDialog
          title="Rename folder"
          label="Folder name"
          initial={open.folder.name}
          submitLabel="Rename"
          schema={folderNameSchema}
          onClose={closeDialog}
          onSave={(name) => commands.renameFolder(ctx, open.folder as FolderDto, name)}
        />
      );
    case "delete-folder": {
      const folder = open.folder;
      const count = files.filter((f) => f.folderId === folder.id).length;
      return (
        <ConfirmDialog
          title="Delete folder"
          confirmLabel="Delete folder"
          onClose={closeDialog}
          onConfirm={() => commands.deleteFolder(ctx, folder as FolderDto, files)}
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
        <NameDialog
          title="Rename file"
          label="File name"
          initial={open.file.name}
          submitLabel="Rename"
          schema={fileNameSchema}
          onClose={closeDialog}
          onSave={(name) => commands.renameFile(ctx, open.file as AudioFileDto, name)}
        />
      );
    case "move-file": {
      const file = open.file;
      return (
        <MoveDialog
          file={file as AudioFileDto}
          folders={folders}
          onClose={closeDialog}
          onMove={(target) => commands.moveFile(ctx, file as AudioFileDto, target, folders)}
        />
      );
    }
    case "move-workspace": {
      const file = open.file as AudioFileDto;
      return (
        <MoveToWorkspaceDialog
          file={file}
          targets={moveTargets(workspaces.data ?? [], current.id)}
          onClose={closeDialog}
          onMove={(target, name) => commands.moveToWorkspace(ctx, file, target, name)}
        />
      );
    }
    case "delete-file": {
      const file = open.file;
      return (
        <ConfirmDialog
          title="Delete file"
          confirmLabel="Delete"
          onClose={closeDialog}
          onConfirm={() => commands.deleteFile(ctx, file as AudioFileDto)}
        >
          <p>
            Are you sure you want to delete <strong>{file.name}</strong>? This action cannot be undone.
          </p>
        </ConfirmDialog>
      );
    }
    case "cancel-transcription": {
      const file = open.file;
      return (
        <ConfirmDialog
          title="Cancel transcription"
          confirmLabel="Stop transcribing"
          busyLabel="Stopping..."
          onClose={closeDialog}
          onConfirm={() => commands.cancelTranscription(ctx, file as AudioFileDto)}
        >
          <p>
            Stop transcribing <strong>{file.name}</strong>? The file stays, and you can transcribe it again later.
          </p>
        </ConfirmDialog>
      );
    }
    case "bulk-move": {
      const chosen = open.files as AudioFileDto[];
      return (
        <BulkMoveDialog
          count={chosen.length}
          folders={folders}
          onClose={closeDialog}
          onMove={(target) => commands.moveFiles(ctx, chosen, target, folders)}
        />
      );
    }
    case "bulk-delete": {
      const chosen = open.files as AudioFileDto[];
      return (
        <ConfirmDialog
          title={`Delete ${countLabel(chosen.length)}`}
          confirmLabel={`Delete ${countLabel(chosen.length)}`}
          onClose={closeDialog}
          onConfirm={() => commands.deleteFiles(ctx, chosen)}
        >
          <p>
            Are you sure you want to delete <strong>{countLabel(chosen.length)}</strong> with their recordings and transcripts? This action
            cannot be undone.
          </p>
        </ConfirmDialog>
      );
    }
    case "retranscribe":
      return <RetranscribeDialog file={open.file as AudioFileDto} onClose={closeDialog} />;
    case "preferences":
      return <PreferencesDialog onClose={closeDialog} />;
    case "workspaces":
      return <WorkspacesDialog onClose={closeDialog} />;
    case "api-tokens":
      return <ApiTokensDialog onClose={closeDialog} />;
  }
}
