#!/usr/bin/env node
/**
 * Builds the compendium sources (packs/_source/{weapons,armor,maneuvers,skills,npcs,party})
 * from tools/armory/catalog.json (names, pictures, descriptions, each fighter's kit;
 * pictures of maneuvers and skills under `pictures`, every one evidenced in icons.json)
 * and one figure table per ruleset (tools/armory/<ruleset>.json). Ids are hashed from the
 * pack and slug, so regenerating keeps every id and every link.
 *
 * Run `npm run armory` after changing a table. Edits made inside Foundry go back
 * to packs/_source with `npm run packs:extract`; regenerating overwrites them, so
 * carry such edits into the tables first. `node tools/armory/generate.mjs --check`
 * writes nothing and fails when the committed sources differ from the tables.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");
const RULESETS = ["steel", "phases", "actionpoints", "opposed", "pulse"];
const SCHEMA_VERSION = 2;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A 16-character Foundry id derived from a stable name. */
export function stableId(name) {
  const bytes = createHash("sha256").update(`bout:${name}`).digest();
  let id = "";
  for (let i = 0; i < 16; i++) id += ALPHABET[bytes[i] % ALPHABET.length];
  return id;
}

const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));
const catalog = readJson(join(here, "catalog.json"));
// Pictures are core Foundry icons that another public system's packs cite (tools/armory/icons.json lists the evidence):
// a path without evidence may not exist in Foundry's icon library, so generating with one fails.
const EVIDENCED = new Set(Object.keys(readJson(join(here, "icons.json")).icons));
/** A picture from the catalog, checked against the evidence. */
function picture(path, where) {
  if (!EVIDENCED.has(path)) throw new Error(`armory: ${where}: the picture ${path} is not in tools/armory/icons.json (add where a public system's packs use it)`);
  return path;
}
/** A maneuver's or skill's picture: the catalog's for its slug. */
const pictureOf = (section, slug) => picture(catalog.pictures?.[section]?.[slug] ?? "", `${section}.${slug}`);
const tables = Object.fromEntries(
  RULESETS.map((id) => {
    const path = join(here, `${id}.json`);
    return [id, existsSync(path) ? readJson(path) : {}];
  }),
);

/** Figures of one entry for every ruleset, and where each came from. */
function figures(section, slug) {
  const system = {};
  const figureSource = {};
  for (const id of RULESETS) {
    const entry = tables[id][section]?.[slug];
    system[id] = entry?.stats ?? {};
    figureSource[id] = entry?.source === "seed" ? "seed" : "default";
  }
  return { system, figureSource };
}

function itemDoc({ pack, slug, name, img, type, description, section, parentId, equipped, quantity }) {
  const _id = stableId(parentId ? `${parentId}:${slug}` : `${pack}:${slug}`);
  const { system, figureSource } = figures(section, slug);
  const equippable = ["weapon", "armor", "shield"].includes(type);
  return {
    _id,
    _key: parentId ? `!actors.items!${parentId}.${_id}` : `!items!${_id}`,
    name,
    type,
    img: picture(img, `${type} ${slug}`),
    system: {
      schemaVersion: SCHEMA_VERSION,
      ...(equippable ? { equipped: Boolean(equipped) } : {}),
      // Weapons keep how many are carried (the schema's default, 1, unless the catalog says).
      ...(type === "weapon" ? { quantity: quantity ?? 1 } : {}),
      ...system,
      figureSource,
      description: `<p>${description}</p>`,
    },
    effects: [],
    folder: null,
    sort: 0,
    ownership: { default: 0 },
    flags: {},
  };
}

function write(pack, docs) {
  const dir = join(root, "packs/_source", pack);
  rmSync(dir, { recursive: true, force: true });
  // No folder for an empty pack: git would drop it and the manifest would name nothing.
  if (docs.length === 0) return 0;
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of files(docs)) writeFileSync(join(dir, name), text);
  return docs.length;
}

const weapons = Object.entries(catalog.weapons).map(([slug, c]) => itemDoc({ pack: "weapons", slug, ...c, type: "weapon", section: "weapons" }));
const armor = [
  ...Object.entries(catalog.armor).map(([slug, c]) => itemDoc({ pack: "armor", slug, ...c, type: "armor", section: "armor" })),
  ...Object.entries(catalog.shields).map(([slug, c]) => itemDoc({ pack: "armor", slug, ...c, type: "shield", section: "shields" })),
];

// Maneuvers and skills come from the rulesets that have them; names from their tables.
function ownedBy(section, type, pack) {
  const slugs = new Map();
  for (const id of RULESETS) for (const [slug, entry] of Object.entries(tables[id][section] ?? {})) if (!slugs.has(slug)) slugs.set(slug, entry);
  return [...slugs].map(([slug, entry]) =>
    itemDoc({ pack, slug, name: entry.name ?? slug, img: pictureOf(section, slug), type, description: entry.description ?? "", section }),
  );
}
const maneuvers = ownedBy("maneuvers", "maneuver", "maneuvers");
const skills = ownedBy("skills", "skill", "skills");

/** The rulesets whose rules roll skill items (the others give skills no figures). */
const SKILL_RULESETS = RULESETS.filter((id) => Object.keys(tables[id].skills ?? {}).length > 0);

/**
 * A fighter's skills: one for each weapon's skill (actionpoints names them), Dodge,
 * Shield Play with a shield, and the catalog's own list. Every skill carries
 * figures for every ruleset that rolls skills: the skill's defaults, at the
 * fighter's level in actionpoints (`skillLevel`) and with the fighter's advances
 * in opposed (melee, ranged or dodge, by the skill's characteristic).
 */
function fighterSkills(parentId, entries, items, extra) {
  const wanted = new Set(extra);
  const bySkillName = new Map(Object.entries(tables.actionpoints.skills ?? {}).map(([s, e]) => [String(e.name ?? s).toLowerCase(), s]));
  for (const i of items) if (i.type === "weapon") {
    const s = bySkillName.get(String(i.system.actionpoints?.skill ?? "").toLowerCase());
    if (s) wanted.add(s);
  }
  for (const [s, e] of Object.entries(tables.actionpoints.skills ?? {})) if (e.stats?.kind === "dodge" || (e.stats?.kind === "shieldPlay" && items.some((i) => i.type === "shield"))) wanted.add(s);
  return [...wanted].sort().map((s) => {
    const entry = SKILL_RULESETS.map((id) => tables[id].skills[s]).find(Boolean);
    if (!entry) throw new Error(`armory: no ruleset has the skill "${s}"`);
    const doc = itemDoc({ pack: "npcs", slug: `skill-${s}`, name: entry.name ?? s, img: pictureOf("skills", s), type: "skill", description: entry.description ?? "", section: "skills", parentId });
    for (const id of SKILL_RULESETS) {
      const own = tables[id].skills[s];
      if (!own) throw new Error(`armory: skill "${s}" has no ${id} figures`);
      doc.system[id] = { ...own.stats };
      doc.system.figureSource[id] = own.source === "seed" ? "seed" : "default";
    }
    const level = entries.actionpoints?.skillLevel;
    if (level) doc.system.actionpoints = { ...doc.system.actionpoints, ...level };
    const o = entries.opposed?.stats;
    if (o) {
      const c = doc.system.opposed.characteristic;
      doc.system.opposed.advances = s === "dodge" ? o.dodgeAdvances : c === "bs" ? o.rangedAdvances : c === "ws" ? o.meleeAdvances : 0;
    }
    return doc;
  });
}

const HEAD = (slug) => catalog.armor[slug]?.slot === "head";

/**
 * One fighter's kit as its concept says: the weapon in hand (equipped), the
 * others carried (not equipped), at most one body armour and one helm (worn),
 * at most one shield (carried on the arm). Every piece has figures in every
 * ruleset, so the fighter is the same fighter whichever ruleset the table plays.
 */
function kitItems(where, parentId, c) {
  const problems = [];
  const weapons = [c.inHand, ...(c.carried ?? [])];
  if (!c.inHand) problems.push("no weapon in hand");
  if ((c.armor ?? []).filter((a) => !HEAD(a)).length > 1) problems.push("more than one body armour");
  if ((c.armor ?? []).filter(HEAD).length > 1) problems.push("more than one helm");
  if (c.shield && tables.pulse.weapons?.[c.inHand]?.stats?.twoHanded) problems.push(`a shield with the two-handed ${c.inHand}`);
  const pieces = [
    ...weapons.map((s, i) => ["weapon", "weapons", catalog.weapons, s, i === 0]),
    ...(c.armor ?? []).map((s) => ["armor", "armor", catalog.armor, s, true]),
    ...(c.shield ? [["shield", "shields", catalog.shields, c.shield, true]] : []),
  ];
  const items = pieces.map(([type, section, list, s, equipped]) => {
    if (!list[s]) problems.push(`no ${type} "${s}" in the catalog`);
    for (const id of RULESETS) if (Object.keys(tables[id][section]?.[s]?.stats ?? {}).length === 0) problems.push(`${type} "${s}" has no ${id} figures`);
    return itemDoc({ pack: "npcs", slug: s, ...list[s], type, section, parentId, equipped });
  });
  if (problems.length) throw new Error(`armory: ${where}: ${problems.join("; ")}`);
  return items;
}

/** An actor (an NPC, or a character of the ready-made party) with its kit and skills. */
function actorDoc(pack, type, section, slug, c) {
  const _id = stableId(`${pack}:${slug}`);
  const system = { schemaVersion: SCHEMA_VERSION, biography: `<p>${c.description}</p>` };
  const entries = {};
  const styles = {};
  for (const id of RULESETS) {
    const entry = tables[id][section]?.[slug];
    if (!entry) throw new Error(`armory: ${section} "${slug}" has no ${id} figures`);
    for (const key of ["weapons", "armor", "shields"]) if (key in entry) throw new Error(`armory: ${id}.json ${section}.${slug} lists ${key}: the kit is the catalog's, one for every ruleset`);
    if ("style" in entry && typeof entry.style !== "string") throw new Error(`armory: ${id}.json ${section}.${slug} has a style that is not a name`);
    entries[id] = entry;
    system[id] = entry.stats ?? {};
    // The fighting style the GM's NPC fights by in this ruleset (a test checks each is one of the ruleset's).
    if (entry.style) styles[id] = entry.style;
  }
  if (Object.keys(styles).length) system.styles = styles;
  const items = kitItems(`${section}.${slug}`, _id, c);
  items.push(...fighterSkills(_id, entries, items, c.skills ?? []));
  const character = type === "character";
  return {
    _id,
    _key: `!actors!${_id}`,
    name: c.name,
    type,
    img: picture(c.img, `${section}.${slug}`),
    system,
    items,
    effects: [],
    prototypeToken: character
      ? { name: c.name, actorLink: true, disposition: 1, bar1: { attribute: "vitality" }, displayBars: 20 }
      : { name: c.name, actorLink: false, bar1: { attribute: "vitality" }, displayBars: 20 },
    folder: null,
    sort: 0,
    ownership: { default: 0 },
    flags: {},
  };
}

const npcs = Object.entries(catalog.npcs).map(([slug, c]) => actorDoc("npcs", "npc", "npcs", slug, c));
const party = Object.entries(catalog.party ?? {}).map(([slug, c]) => actorDoc("party", "character", "party", slug, c));

const built = { weapons, armor, maneuvers, skills, npcs, party };

/** What each pack's folder holds: file name to text. */
function files(docs) {
  const out = new Map();
  for (const doc of docs) {
    const slug = doc.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
    out.set(`${slug}.json`, `${JSON.stringify(doc, null, 2)}\n`);
  }
  return out;
}

if (process.argv.includes("--check")) {
  // The committed sources must be what the tables make: list every difference.
  const differences = [];
  for (const [pack, docs] of Object.entries(built)) {
    const dir = join(root, "packs/_source", pack);
    const want = files(docs);
    const have = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json")) : [];
    for (const f of have) if (!want.has(f)) differences.push(`${pack}/${f}: not made by the tables`);
    for (const [f, text] of want) {
      const path = join(dir, f);
      if (!existsSync(path)) differences.push(`${pack}/${f}: missing`);
      else if (readFileSync(path, "utf8") !== text) differences.push(`${pack}/${f}: differs`);
    }
  }
  if (differences.length) {
    console.error(`armory: packs/_source differs from the tables (run npm run armory):\n${differences.join("\n")}`);
    process.exit(1);
  }
  console.log("armory: packs/_source matches the tables");
} else {
  const counts = Object.fromEntries(Object.entries(built).map(([pack, docs]) => [pack, write(pack, docs)]));
  console.log(Object.entries(counts).map(([k, n]) => `${k}: ${n}`).join(", "));
}
