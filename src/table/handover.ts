/**
 * When the active GM changes (at start-up, a GM leaving or joining), the new
 * active GM's client has none of the old one's memory: it strikes the secret
 * choices it does not hold so their fighters are asked again, and every other
 * client greets it (binding its pass, grants.ts) and asks its user again for
 * whatever is still to choose.
 */
import type { BoutCombat } from "../documents/combat";
import { greetGM } from "./grants";
import { forgetDeclarations, promptDeclarations, recoverDeclarations } from "./declarations";
import { activeGM } from "./query";

let knownGM: string | null | undefined;

async function promptAll(): Promise<void> {
  for (const combat of (game.combats?.contents ?? []) as BoutCombat[]) void promptDeclarations(combat);
}

async function activeGmChanged(): Promise<void> {
  const now = activeGM()?.id ?? null;
  if (now === knownGM) return;
  knownGM = now;
  if (game.user?.isActiveGM) await recoverDeclarations();
  else {
    forgetDeclarations();
    void greetGM();
  }
  await promptAll();
}

export function registerHandover(): void {
  Hooks.once("ready", () => void activeGmChanged());
  Hooks.on("userConnected", () => void activeGmChanged());
}
