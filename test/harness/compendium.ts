/**
 * Compendium packs for the harness, as far as v13 CompendiumCollection goes for
 * a system editing one: `game.packs` built from the world's pack metadata, each
 * pack a collection of its documents loaded on demand by `getDocuments()` (a
 * round trip to the server, as v13's database request), `locked` read from the
 * `core.compendiumConfiguration` world setting (a world pack is unlocked unless
 * set so; a system's or module's is locked), and writes sent with `{pack}` that
 * land in the pack and never in the world. A locked pack refuses a write before
 * it is sent; the server refuses a pack write from a user who is not a GM (v13
 * world packs: players OBSERVER, assistants OWNER).
 */
import type { AnyObject } from "./utils";

export interface PackMetadata {
  readonly id: string;
  readonly label: string;
  /** The document type it holds ("Item"). */
  readonly type: string;
  readonly packageType: "world" | "system" | "module";
}

/** The server's copy of a pack: its metadata and stored document sources. */
export interface ServerPack {
  readonly metadata: PackMetadata;
  readonly documents: AnyObject[];
}

/** The message v13 gives when a locked compendium is written to. */
export const lockedPackError = (id: string) => new Error(`You may not modify the ${id} Compendium which is currently locked.`);

export function createCompendiumCollection(
  Base: new (documentName: string) => Map<string, any>,
  env: {
    /** The stored sources of the pack, fetched from the server. */
    fetch(id: string): Promise<AnyObject[]>;
    /** The world setting core.compendiumConfiguration as this client holds it. */
    configuration(): Record<string, { locked?: boolean }> | undefined;
    /** A document of the pack's type, built in this client. */
    build(documentName: string, source: AnyObject, pack: string): any;
  },
) {
  return class CompendiumCollection extends Base {
    readonly metadata: PackMetadata;

    constructor(metadata: PackMetadata) {
      super(metadata.type);
      this.metadata = metadata;
    }

    /** v13 CompendiumCollection#collection: the pack's id ("world.weapons"). */
    get collection(): string {
      return this.metadata.id;
    }

    get title(): string {
      return this.metadata.label;
    }

    /** v13 CompendiumCollection#locked: the configured lock, else locked unless it is a world pack. */
    get locked(): boolean {
      return env.configuration()?.[this.metadata.id]?.locked ?? this.metadata.packageType !== "world";
    }

    /** v13 CompendiumCollection#getDocuments: every document of the pack, loaded into the collection. */
    async getDocuments(): Promise<any[]> {
      const sources = await env.fetch(this.metadata.id);
      return sources.map((source) => {
        const doc = env.build(this.metadata.type, source, this.metadata.id);
        this.set(doc.id, doc);
        return doc;
      });
    }
  };
}
