import { readFileSync } from "node:fs";

export interface PackEntry {
  name: string;
  label: string;
  path: string;
  type: string;
  system?: string;
}

export interface SystemManifest {
  id: string;
  version: string;
  url: string;
  manifest: string;
  download: string;
  esmodules: string[];
  styles: string[];
  languages: { lang: string; name: string; path: string }[];
  packs: PackEntry[];
  [key: string]: unknown;
}

interface PackageJson {
  version: string;
  foundry: { url: string; manifest: string; download: string };
}

/** The manifest as shipped: version and release addresses come from package.json. */
export function buildManifest(root: string): SystemManifest {
  const pkg = JSON.parse(readFileSync(`${root}/package.json`, "utf8")) as PackageJson;
  const manifest = JSON.parse(readFileSync(`${root}/system.json`, "utf8")) as SystemManifest;
  const fill = (s: string) => s.replaceAll("{version}", pkg.version);
  return {
    ...manifest,
    version: pkg.version,
    url: fill(pkg.foundry.url),
    manifest: fill(pkg.foundry.manifest),
    download: fill(pkg.foundry.download),
  };
}
