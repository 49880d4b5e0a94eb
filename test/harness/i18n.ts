/** `game.i18n` for the harness, reading the system's own language file. */
import { getProperty } from "./utils";

export class Localization {
  lang = "en";
  translations: Record<string, unknown>;
  /** Every key asked for, so tests can check coverage and missing keys. */
  readonly requested = new Set<string>();
  readonly missing = new Set<string>();

  constructor(translations: Record<string, unknown>) {
    this.translations = translations;
  }

  has(key: string): boolean {
    const value = getProperty(this.translations, key) ?? this.translations[key];
    return typeof value === "string";
  }

  localize(key: string): string {
    this.requested.add(key);
    const value = getProperty(this.translations, key) ?? this.translations[key];
    if (typeof value === "string") return value;
    this.missing.add(key);
    return key;
  }

  format(key: string, data: Record<string, unknown> = {}): string {
    const template = this.localize(key);
    return template.replace(/{[^}]+}/g, (match) => {
      const name = match.slice(1, -1);
      return name in data ? String(data[name]) : match;
    });
  }
}
