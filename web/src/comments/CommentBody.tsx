import type { CommentPerson } from "../../../common/comments";
import { bodyParts } from "./mentions";

/** A comment's text as plain text (line breaks kept by CSS), the mentioned people's `@Name` emphasised. */
export function CommentBody({ body, mentions }: { body: string; mentions: readonly CommentPerson[] }) {
  return (
    <p className="comment-body" data-testid="comment-body">
      {bodyParts(body, mentions).map((part, i) =>
        part.mention ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order
          <strong key={i} className="mention">
            {part.text}
          </strong>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
