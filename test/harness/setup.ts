// Shell tests import modules from src/ that extend Foundry classes at load time:
// give this realm a connected GM client's globals before any test file runs.
// vitest runs this file again before every test file, also when the worker's module
// cache is shared (isolate: false): each file gets a fresh client and the id sequence
// from its start, as if it ran alone.
import { resetIds } from "./utils";
import { installGlobalClient, LIVE_WORLDS } from "./world";

resetIds();
// The worlds of earlier files are done with: `settle()` waits only for this file's, and none is kept alive.
LIVE_WORLDS.clear();
installGlobalClient();
