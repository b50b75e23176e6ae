/** Text without the characters XML 1.0 cannot hold (Word refuses the file otherwise). */
export const xmlText = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "");
