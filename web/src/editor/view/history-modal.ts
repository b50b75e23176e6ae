import { proxy } from "valtio";

/** Whether the Edit History modal is open: opened from the editor's toolbar or the tools sidebar. */
export const historyModal = proxy({ open: false });

export const openEditHistory = () => {
  historyModal.open = true;
};
export const closeEditHistory = () => {
  historyModal.open = false;
};
