#!/usr/bin/env node
// Compile the Python in a zip to bytecode with the vendored Pyodide's own CPython:
//
//   node tools/pyc.mjs --alongside  IN.zip OUT.zip [MODULES]  # keep foo/bar.py, add foo/__pycache__/bar.cpython-3XY.pyc
//   node tools/pyc.mjs --sourceless IN.zip OUT.zip [MODULES]  # replace foo/bar.py by foo/bar.pyc
//   node tools/pyc.mjs --trim IN.zip OUT.zip MODULES KEEP     # the trimmed standard library (below)
//
// MODULES: a text file of dotted module names, one a line (# comments): only those are
// compiled, every other module stays source. Without it, every module is compiled.
//
// Pyodide compiles every module it imports from source at every start unless a .pyc is there;
// the npm package's python_stdlib.zip holds sources only, and Python's start-up imports alone
// cost about a second of CPU. tools/dist.py therefore ships
//   * python_stdlib.zip --trim with tools/stdlib-startup.txt and tools/stdlib-keep.txt: only
//     the modules of KEEP (tools/stdlib_trim.py), those of MODULES (imported once the game is
//     ready) as bytecode without docstrings nor column tables (PYTHONNODEBUGRANGES: a third
//     smaller; tracebacks through the stdlib lose their ^^^ marks, nothing else), the others as
//     source; entries STORED, so that the .br/.gz copy compresses across modules (brotli:
//     about 30 % smaller than deflating each entry); and `stdlib-trimmed.txt`, the names of the
//     modules left out, for the page's fallback (mortar/web/fallback.py);
//   * py/core.zip and py/games/*.zip --sourceless --stored --no-debug-ranges --class-docstrings
//     (bytecode only: the 4.0 MB budget; a traceback keeps file, line and function; --alongside
//     keeps the sources beside "unchecked-hash" pycs, which the browser's fresh mtimes cannot
//     stale). --class-docstrings: the modules' and the functions' docstrings left out, the
//     classes' kept (without one, a dataclass works out its signature for __doc__ at import,
//     with inspect: slower); nothing in the page reads a __doc__.
// The pycs are "unchecked-hash" ones (never revalidated against a source; sourceless, their
// source hash is zeros). Without --stored or --trim, OUT.zip's entries are deflated.
// Used by `make dist` only. Prints one line; exit code 1 on any failure.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const stored = args.includes("--stored");
const noDebugRanges = args.includes("--no-debug-ranges");
const classDocstrings = args.includes("--class-docstrings");
const flags = ["--stored", "--no-debug-ranges", "--class-docstrings"];
const [mode, inZip, outZip, listFile, keepFile] = args.filter((a) => !flags.includes(a));
const fail = (msg) => {
  console.log("pyc: FAILED: " + String(msg).slice(0, 500));
  process.exit(1);
};
const trim = mode === "--trim";
if (!["--alongside", "--sourceless", "--trim"].includes(mode) || !inZip || !outZip || (trim && !keepFile)) {
  fail("usage: node tools/pyc.mjs --alongside|--sourceless [--stored] [--no-debug-ranges] [--class-docstrings]"
       + " IN.zip OUT.zip [MODULES]\n" +
       "       node tools/pyc.mjs --trim IN.zip OUT.zip MODULES KEEP");
}

try {
  const dir = process.env.PYODIDE_DIR || path.join(REPO, "node_modules", "pyodide");
  const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
  const env = trim || noDebugRanges ? { PYTHONNODEBUGRANGES: "1" } : {};
  const py = await loadPyodide({ indexURL: dir + path.sep, env, stdout: () => {}, stderr: () => {} });
  py.FS.writeFile("/tmp/in.zip", new Uint8Array(fs.readFileSync(inZip)));
  py.globals.set("SOURCELESS", mode !== "--alongside");
  py.globals.set("TRIM", trim);
  py.globals.set("STORED", stored || trim);
  py.globals.set("CLASS_DOCSTRINGS", classDocstrings);
  py.globals.set("ONLY", listFile ? fs.readFileSync(listFile, "utf8") : undefined);
  py.globals.set("KEEP", keepFile ? fs.readFileSync(keepFile, "utf8") : undefined);
  const summary = py.runPython(`
import ast
import importlib._bootstrap_external as bootstrap
import importlib.util, posixpath, sys, zipfile

src = zipfile.ZipFile("/tmp/in.zip")
# Where the code will live, for tracebacks: the stdlib zip on sys.path; the package's sources
# get their real path from the import system anyway.
base = next((p for p in sys.path if p.endswith(".zip")), "/lib") if SOURCELESS else "/home/pyodide"


def names(text):
    return [n for n in (line.split("#", 1)[0].strip() for line in text.splitlines()) if n]


def entries(modules):
    return {e for n in modules for e in (n.replace(".", "/") + ".py", n.replace(".", "/") + "/__init__.py")}


def module_of(filename):
    parts = filename[:-3].split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def strip_docstrings(tree, kept=()):
    """Docstrings out (__doc__ is None: -OO without dropping asserts) but those of nodes of the kept
    types, line numbers unchanged."""
    for node in ast.walk(tree):
        documented = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
        if isinstance(node, documented) and not isinstance(node, kept):
            body = node.body
            first = body[0] if body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                if len(body) == 1:
                    body[0] = ast.copy_location(ast.Pass(), body[0])
                else:
                    del body[0]
    return tree


only = entries(names(ONLY)) if ONLY is not None else None
keep = entries(names(KEEP)) if KEEP is not None else None
method = zipfile.ZIP_STORED if STORED else zipfile.ZIP_DEFLATED
count = kept = 0
left_out = []
with zipfile.ZipFile("/tmp/out.zip", "w", method, compresslevel=None if STORED else 9) as out:
    def put(name, data, like):
        entry = zipfile.ZipInfo(name, date_time=like.date_time)
        entry.external_attr = like.external_attr or (0o644 << 16)
        entry.compress_type = method
        out.writestr(entry, data)

    for info in src.infolist():
        data = src.read(info)
        if keep is not None and info.filename not in keep:
            if info.filename.endswith(".py"):
                left_out.append(module_of(info.filename))
            continue
        if not info.filename.endswith(".py") or (only is not None and info.filename not in only):
            put(info.filename, data, info)
            continue
        try:
            tree = ast.parse(data, info.filename)
            if TRIM:
                tree = strip_docstrings(tree)
            elif CLASS_DOCSTRINGS:
                tree = strip_docstrings(tree, kept=(ast.ClassDef,))
            code = compile(tree, posixpath.join(base, info.filename), "exec", dont_inherit=True)
        except SyntaxError:  # e.g. test data in the stdlib: keep the source as it is
            put(info.filename, data, info)
            kept += 1
            continue
        # Sourceless, the source's hash has nothing to be checked against (the loaders read only
        # the magic and the flags of an unchecked-hash pyc): zeros, 8 bytes that brotli cannot
        # shrink, fewer in every module.
        digest = bytes(8) if SOURCELESS else importlib.util.source_hash(data)
        pyc = bytes(bootstrap._code_to_hash_pyc(code, digest, False))
        if SOURCELESS:
            put(info.filename + "c", pyc, info)
        else:
            put(info.filename, data, info)
            folder, name = posixpath.split(info.filename)
            tag = sys.implementation.cache_tag
            put(posixpath.join(folder, "__pycache__", name[:-3] + f".{tag}.pyc"), pyc, info)
        count += 1
    if keep is not None:
        put("stdlib-trimmed.txt", " ".join(sorted(left_out)).encode(), src.infolist()[0])
summary = f"{count} modules compiled by Python {sys.version.split()[0]}"
if kept:
    summary += f", {kept} kept as source"
if keep is not None:
    summary += f"; {len(left_out)} modules left out"
summary
`);
  fs.writeFileSync(outZip, py.FS.readFile("/tmp/out.zip"));
  console.log("pyc: " + summary);
} catch (e) {
  fail((e && e.message) || e);
}
