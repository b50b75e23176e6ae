import { describe, expect, it } from "vitest";
import { IMPORT_MESSAGES } from "../../common/imports";
import { linkImportRequest } from "../../web/src/lib/link-import";

const target = { workspaceId: "ws-1", folderId: null };

describe("linkImportRequest", () => {
  it("sends the trimmed link to the workspace and folder the upload area points at", () => {
    expect(linkImportRequest("  https://media.example.com/talk.mp3 ", { workspaceId: "ws-1", folderId: "f-1" })).toEqual({
      input: { url: "https://media.example.com/talk.mp3", workspace_id: "ws-1", folder_id: "f-1" },
      error: null,
    });
  });

  it("carries the options chosen in the dialog", () => {
    const options = { language: "de", vocabulary: ["MoveFlow"], speakers: "detect" as const };
    expect(linkImportRequest("https://media.example.com/a.wav", target, options).input?.transcription_options).toEqual(options);
  });

  it.each(["", "   ", "not a link", "media.example.com/a.wav", `https://example.com/${"a".repeat(2_000)}`])(
    "refuses %j with the API's own text",
    (url) => {
      expect(linkImportRequest(url, target)).toEqual({ input: null, error: IMPORT_MESSAGES.urlInvalid });
    },
  );
});
