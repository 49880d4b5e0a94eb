/** Identifiers shared by the Foundry shell. */
export const SYSTEM_ID = "bout";

/** Path of a Handlebars template shipped with the system. */
export function templatePath(relative: string): string {
  return `systems/${SYSTEM_ID}/templates/${relative}`;
}
