// The word-edit diffing lives in common/ since replace all applies it on the server too.
export * from "../../../../common/word-diff";
