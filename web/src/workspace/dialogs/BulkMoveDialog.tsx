import type { FolderDto } from "../../../../common/library";
import { countLabel } from "../../lib/file-list-view";
import { MoveToFolderDialog } from "./MoveDialog";

/** Where the selected files go: Common or one of the user's folders. */
export function BulkMoveDialog({
  count,
  ...rest
}: {
  count: number;
  folders: FolderDto[];
  onMove: (folderId: string | null) => Promise<void>;
  onClose: () => void;
}) {
  return <MoveToFolderDialog title={`Move ${countLabel(count)}`} {...rest} />;
}
