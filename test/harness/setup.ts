// Shell tests import modules from src/ that extend Foundry classes at load time:
// give this realm a connected GM client's globals before any test file runs.
import { installGlobalClient } from "./world";

installGlobalClient();
