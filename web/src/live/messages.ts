// The live messages' one shape lives in common/ (shared with the Worker and the Durable Object).
export { parseLiveMessage, type LiveMessage } from "../../../common/live-messages";
