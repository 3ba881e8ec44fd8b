#!/usr/bin/env node
// Compile the Python in a zip to bytecode with the vendored Pyodide's own CPython:
//
//   node tools/pyc.mjs --alongside  IN.zip OUT.zip [MODULES]  # keep foo/bar.py, add foo/__pycache__/bar.cpython-3XY.pyc
//   node tools/pyc.mjs --sourceless IN.zip OUT.zip [MODULES]  # replace foo/bar.py by foo/bar.pyc
//
// MODULES: a text file of dotted module names, one a line (# comments): only those are
// compiled, every other module stays source. Without it, every module is compiled.
//
// Pyodide compiles every module it imports from source at every start unless a .pyc is there;
// the npm package's python_stdlib.zip holds sources only, and Python's start-up imports alone
// cost about a second of CPU. tools/dist.py therefore ships
//   * python_stdlib.zip --sourceless with tools/stdlib-startup.txt, the modules the game has
//     imported once it is ready (as Pyodide's own `pyodide py-compile` does, but only for those:
//     bytecode is bigger than deflated source, and the rest is rarely or never imported;
//     zipimport loads bar.pyc from a zip), and
//   * mortar.zip --alongside (the game's own tracebacks keep their source lines; unpacked into
//     the browser's file system, whose fresh mtimes would make timestamp pycs look stale).
// The pycs are "unchecked-hash" ones (never revalidated against a source). OUT.zip's entries
// are deflated, so the zip is small on any host, whether or not it compresses responses.
// Used by `make dist` only. Prints one line; exit code 1 on any failure.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [mode, inZip, outZip, listFile] = process.argv.slice(2);
const fail = (msg) => {
  console.log("pyc: FAILED: " + String(msg).slice(0, 500));
  process.exit(1);
};
if (!["--alongside", "--sourceless"].includes(mode) || !inZip || !outZip) {
  fail("usage: node tools/pyc.mjs --alongside|--sourceless IN.zip OUT.zip");
}

try {
  const dir = process.env.PYODIDE_DIR || path.join(REPO, "node_modules", "pyodide");
  const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
  const py = await loadPyodide({ indexURL: dir + path.sep, stdout: () => {}, stderr: () => {} });
  py.FS.writeFile("/tmp/in.zip", new Uint8Array(fs.readFileSync(inZip)));
  py.globals.set("SOURCELESS", mode === "--sourceless");
  py.globals.set("ONLY", listFile ? fs.readFileSync(listFile, "utf8") : undefined);
  const summary = py.runPython(`
import importlib._bootstrap_external as bootstrap
import importlib.util, posixpath, sys, zipfile

src = zipfile.ZipFile("/tmp/in.zip")
# Where the code will live, for tracebacks: the stdlib zip on sys.path; the package's sources
# get their real path from the import system anyway.
base = next((p for p in sys.path if p.endswith(".zip")), "/lib") if SOURCELESS else "/home/pyodide"
only = None
if ONLY is not None:
    only = set()
    for line in ONLY.splitlines():
        name = line.split("#", 1)[0].strip()
        if name:
            only.update({name.replace(".", "/") + ".py", name.replace(".", "/") + "/__init__.py"})
count = kept = 0
with zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    def put(name, data, like):
        entry = zipfile.ZipInfo(name, date_time=like.date_time)
        entry.external_attr = like.external_attr or (0o644 << 16)
        entry.compress_type = zipfile.ZIP_DEFLATED
        out.writestr(entry, data)

    for info in src.infolist():
        data = src.read(info)
        if not info.filename.endswith(".py") or (only is not None and info.filename not in only):
            put(info.filename, data, info)
            continue
        try:
            code = compile(data, posixpath.join(base, info.filename), "exec", dont_inherit=True)
        except SyntaxError:  # e.g. test data in the stdlib: keep the source as it is
            put(info.filename, data, info)
            kept += 1
            continue
        pyc = bytes(bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(data), False))
        if SOURCELESS:
            put(info.filename + "c", pyc, info)
        else:
            put(info.filename, data, info)
            folder, name = posixpath.split(info.filename)
            tag = sys.implementation.cache_tag
            put(posixpath.join(folder, "__pycache__", name[:-3] + f".{tag}.pyc"), pyc, info)
        count += 1
f"{count} modules compiled by Python {sys.version.split()[0]}" + (f", {kept} kept as source" if kept else "")
`);
  fs.writeFileSync(outZip, py.FS.readFile("/tmp/out.zip"));
  console.log("pyc: " + summary);
} catch (e) {
  fail((e && e.message) || e);
}
