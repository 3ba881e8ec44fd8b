#!/usr/bin/env node
// One case of tools/bench_records.py inside Pyodide (CPython on WebAssembly) under Node, as the
// page runs it: `node tools/bench_records.mjs --case import:string-2m` prints the seconds.
// mortar/, tools/ and build/bench-records/ (made by bench_records.py) are mounted read-only.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const at = process.argv.indexOf("--case");
if (at < 0 || !process.argv[at + 1]) {
  process.stderr.write("usage: node tools/bench_records.mjs --case KIND:INPUT\n");
  process.exit(2);
}
const pyodideDir = path.resolve(process.env.PYODIDE_DIR || path.join(REPO, "node_modules", "pyodide"));
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, packages: [] });
const FS = pyodide.FS;
// --root DIR: the tree whose mortar/ the case runs (an earlier commit, for before/after)
const rootAt = process.argv.indexOf("--root");
const tree = rootAt >= 0 ? path.resolve(process.argv[rootAt + 1]) : REPO;
for (const dir of ["mortar", "tools", "tests/data", "build/bench-records"]) {
  FS.mkdirTree(`/repo/${dir}`);
  const from = dir === "mortar" ? path.join(tree, dir) : path.join(REPO, dir);
  FS.mount(FS.filesystems.NODEFS, { root: fs.realpathSync(from) }, `/repo/${dir}`);
}
pyodide.globals.set("CASE", process.argv[at + 1]);
const out = pyodide.runPython(`
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, "/repo/tools")
import bench_records
seconds = bench_records.run_case(CASE)
"n/a" if seconds is None else f"{seconds:.6f}"
`);
process.stdout.write(out + "\n");
