// The numbers typed in a source file's code, for the static checks of issue 32 (shell-numbers.test.ts, table-numbers.test.ts).

/** The code without comments and without the text of strings (a lang key or a message may hold digits). */
function code(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:])\/\/.*$/gm, "$1")
    .replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`(?:\\.|[^`\\])*`/g, '""');
}

/** The numeric literals of a file's code, other than 0 and 1. */
export function numbersIn(source: string): string[] {
  return [...code(source).matchAll(/(?<![\w.$])\d[\d_]*(?:\.\d+)?(?![\w$])/g)].map((m) => m[0]).filter((n) => n !== "0" && n !== "1");
}
