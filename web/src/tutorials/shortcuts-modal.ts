import { proxy } from "valtio";

/** Whether the Keyboard Shortcuts modal is open: its button is in the top bar, the modal in the tutorial layer. */
export const shortcutsModal = proxy({ open: false });
