/**
 * Which of the fight's commands are a fighter's own decisions, that its
 * player may send for it (the active GM checks the sender owns that
 * combatant's fighter, and the machine checks the rest: whose turn, what is
 * left to spend, which phase). Every other command is the GM's: a step of the
 * fight, a ruling the seeds leave to the GM (higher footing, light, surprise,
 * a penalty, a pool set by hand), or a result only a card's resolution writes.
 * Issue 32 shell audit: the list lived in the GM's query handler.
 */

/** The commands a player may send, by machine: a phased round's act; a bout's spend and whom to face (seed 000 "Multiple Opponents"); action points' spend, hold and pass; a turn's act, end and Prepare; a pulse's end of turn, first-or-last choice and declared action. */
export const PLAYER_COMMANDS: ReadonlySet<string> = new Set(["act", "endTurn", "spend", "hold", "pass", "chooseOrder", "prepare", "declareAction", "face"]);

/** May a fighter's player send this command for it (the machine still decides whether it stands)? */
export const isPlayerCommand = (type: unknown): boolean => typeof type === "string" && PLAYER_COMMANDS.has(type);
