// What many shell tests share: letting the harness's queued work run, and
// scripting Foundry's dice draw by draw.

/** Lets queued hooks, queries and writes finish. */
export const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
};

/** Scripted draws for a client's dice: each entry is [face, faces]; when they run out, 1 on a d10. */
export function scriptDraws(client: { CONFIG: any }, draws: readonly (readonly [number, number])[]) {
  const queue = [...draws];
  client.CONFIG.Dice.randomUniform = () => {
    const [face, faces] = queue.shift() ?? [1, 10];
    return (face - 0.5) / faces;
  };
}

/** A world under a ruleset with the GM and two players, Alice and Bob, connected; `own(user)` gives that player an actor. */
export async function tableOfThree(ruleset: string) {
  const { dist } = await import("../build/dist");
  const { ROLES } = await import("../harness/server");
  const { TestWorld } = await import("../harness/world");
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }, { name: "Bob", role: ROLES.PLAYER }] });
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", ruleset);
  const alice = await world.connect("Alice");
  const bob = await world.connect("Bob");
  await settle();
  const own = (user: string) => ({ default: 0, [world.userId(user)]: 3 });
  return { world, gm, alice, bob, own, Actor: gm.CONFIG.Actor.documentClass };
}
