// The smallest useful import: a client, with nothing else from the public surface.
export { createChatClient } from "../src/client/client.js";
