// An utterance for the editor's tests: a word for each space-separated token of `text`, a word a second.
import { utterance as build } from "../support/utterances";

export const utterance = (id: string, orderKey: string, text: string, version = 1) => build(id, text, { orderKey, version });
