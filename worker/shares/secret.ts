import { randomToken } from "../../common/ids";
import { sha256Hex } from "../lib/random";

/** 32 bytes from the CSPRNG (256 bits), URL-safe: the part of a share link's path that opens it. */
export const newSecret = () => randomToken(32);

/** Only this hash is stored; a lookup hashes what the visitor sent. */
export const hashSecret = (secret: string) => sha256Hex(`share:${secret}`);
