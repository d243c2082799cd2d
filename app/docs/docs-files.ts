import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

const DIR = path.join(process.cwd(), "docs");

/** The Markdown guides in docs/, by name without `.md`. */
export async function docNames(): Promise<string[]> {
  return (await readdir(DIR))
    .filter((f) => f.endsWith(".md"))
    .map((f) => f.slice(0, -3))
    .sort();
}

/** A guide's text, or null for a name that is not one of them (no paths from the URL reach the disk). */
export async function docText(name: string): Promise<string | null> {
  if (!(await docNames()).includes(name)) return null;
  return readFile(path.join(DIR, `${name}.md`), "utf8");
}
