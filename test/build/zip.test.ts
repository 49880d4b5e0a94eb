import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { dist } from "./dist";

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

describe("dist/bout.zip", () => {
  it("unpacks to the installable folder: the same files with the same bytes, manifest at the root", () => {
    const entries = unzipSync(readFileSync(dist("../bout.zip")));
    const root = dist();
    const files = listFiles(root).map((f) => relative(root, f).split("\\").join("/")).sort();
    expect(Object.keys(entries).sort()).toEqual(files);
    for (const file of files) expect(Buffer.from(entries[file]!).equals(readFileSync(join(root, file))), file).toBe(true);
    expect(JSON.parse(Buffer.from(entries["system.json"]!).toString("utf8")).id).toBe("bout");
  });
});
