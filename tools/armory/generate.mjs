#!/usr/bin/env node
/**
 * Builds the compendium sources (packs/_source/{weapons,armor,maneuvers,npcs}) from
 * tools/armory/catalog.json (names, pictures, descriptions, NPC equipment) and one
 * figure table per ruleset (tools/armory/<ruleset>.json). Ids are hashed from the
 * pack and slug, so regenerating keeps every id and every link.
 *
 * Run `npm run armory` after changing a table. Edits made inside Foundry go back
 * to packs/_source with `npm run packs:extract`; regenerating overwrites them, so
 * carry such edits into the tables first.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");
const RULESETS = ["steel", "phases", "actionpoints", "opposed", "pulse"];
const SCHEMA_VERSION = 1;
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

function itemDoc({ pack, slug, name, img, type, description, section, parentId, equipped }) {
  const _id = stableId(parentId ? `${parentId}:${slug}` : `${pack}:${slug}`);
  const { system, figureSource } = figures(section, slug);
  const equippable = ["weapon", "armor", "shield"].includes(type);
  return {
    _id,
    _key: parentId ? `!actors.items!${parentId}.${_id}` : `!items!${_id}`,
    name,
    type,
    img,
    system: {
      schemaVersion: SCHEMA_VERSION,
      ...(equippable ? { equipped: Boolean(equipped) } : {}),
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
  for (const doc of docs) {
    const slug = doc.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
    writeFileSync(join(dir, `${slug}.json`), `${JSON.stringify(doc, null, 2)}\n`);
  }
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
    itemDoc({ pack, slug, name: entry.name ?? slug, img: type === "skill" ? "icons/svg/book.svg" : "icons/svg/combat.svg", type, description: entry.description ?? "", section }),
  );
}
const maneuvers = ownedBy("maneuvers", "maneuver", "maneuvers");
const skills = ownedBy("skills", "skill", "skills");

/**
 * The skills an NPC fights with, for the rulesets that roll skills: one for each
 * carried weapon's skill, Dodge, and Shield Play with a shield, at the NPC's
 * own level (`skillLevel` in the ruleset's npc entry) over the skill's defaults.
 */
function npcSkills(parentId, slug, items) {
  const out = [];
  for (const id of RULESETS) {
    const table = tables[id].skills ?? {};
    const level = tables[id].npcs?.[slug]?.skillLevel;
    if (!level) continue;
    const bySkillName = new Map(Object.entries(table).map(([s, e]) => [String(e.name ?? s).toLowerCase(), s]));
    const wanted = new Set(items.filter((i) => i.type === "weapon").map((i) => String(i.system[id]?.skill ?? "").toLowerCase()).filter((n) => bySkillName.has(n)).map((n) => bySkillName.get(n)));
    for (const [s, e] of Object.entries(table)) if (e.stats?.kind === "dodge" || (e.stats?.kind === "shieldPlay" && items.some((i) => i.type === "shield"))) wanted.add(s);
    for (const s of [...wanted].sort()) {
      if (out.some((x) => x.name === (table[s].name ?? s))) continue;
      const doc = itemDoc({ pack: "npcs", slug: `skill-${s}`, name: table[s].name ?? s, img: "icons/svg/book.svg", type: "skill", description: table[s].description ?? "", section: "skills", parentId });
      // itemDoc looked the figures up under the prefixed slug: take the skill's own, at the NPC's level.
      doc.system[id] = { ...(table[s].stats ?? {}), ...level };
      out.push(doc);
    }
  }
  return out;
}

const npcs = Object.entries(catalog.npcs).map(([slug, c]) => {
  const _id = stableId(`npcs:${slug}`);
  const system = { schemaVersion: SCHEMA_VERSION, biography: `<p>${c.description}</p>` };
  const kit = { weapons: new Set(c.weapons), armor: new Set(c.armor), shields: new Set(c.shields) };
  for (const id of RULESETS) {
    const entry = tables[id].npcs?.[slug];
    system[id] = entry?.stats ?? {};
    for (const key of ["weapons", "armor", "shields"]) for (const s of entry?.[key] ?? []) kit[key].add(s);
  }
  const sections = { weapons: ["weapon", catalog.weapons], armor: ["armor", catalog.armor], shields: ["shield", catalog.shields] };
  const items = Object.entries(kit).flatMap(([key, set]) =>
    [...set].filter((s) => sections[key][1][s]).map((s) => itemDoc({ pack: "npcs", slug: s, ...sections[key][1][s], type: sections[key][0], section: key, parentId: _id, equipped: true })),
  );
  items.push(...npcSkills(_id, slug, items));
  return {
    _id,
    _key: `!actors!${_id}`,
    name: c.name,
    type: "npc",
    img: c.img,
    system,
    items,
    effects: [],
    prototypeToken: { name: c.name, actorLink: false, bar1: { attribute: "vitality" }, displayBars: 20 },
    folder: null,
    sort: 0,
    ownership: { default: 0 },
    flags: {},
  };
});

const counts = {
  weapons: write("weapons", weapons),
  armor: write("armor", armor),
  maneuvers: write("maneuvers", maneuvers),
  skills: write("skills", skills),
  npcs: write("npcs", npcs),
};
console.log(Object.entries(counts).map(([k, n]) => `${k}: ${n}`).join(", "));
