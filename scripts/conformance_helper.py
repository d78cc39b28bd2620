#!/usr/bin/env python3
"""The parts of scripts/conformance.sh that outgrow bash: reading MPICH's testlists and
Makefile.am files, judging each run as MPICH's runtests does, and writing the report.

Subcommands (each reads and writes plain files in the work directory; see conformance.sh):
  plan SUITE FOLDER OUTDIR TIMEOUT        what to build and run for one folder of test/mpi
  judge OUTDIR WORKDIR SUITE              the verdict and cause of each test of one folder
  osu WORKDIR                             compare the OSU benchmarks' runs
  report WORKDIR OUT COMMAND FOLDERS...   the Markdown report

Only the standard library is used.
"""

import collections
import datetime
import os
import re
import subprocess
import sys

# runtests' defaults (test/mpi/runtests): 2 processes when the testlist names none; tests whose
# mem= exceeds $g_opt{memory_total} (4 GB) are skipped.
DEFAULT_NP = 2
MEMORY_TOTAL_GB = 4.0
# Keys runtests reads from a testlist line (LoadTests).
KNOWN_KEYS = {"resultTest", "init", "timeLimit", "xfail", "lock", "mem", "arg", "mpiexecarg", "env", "strict", "hasgpu"}
RESULT_TESTS = {"TestNormal", "TestAllowWarnings", "TestStatus", "TestStatusNoErrors", "TestErrFatal", "TestBench"}

# Plan and result files are tab-separated; an empty field is written as "-" so that bash's
# `read` (which merges adjacent tabs) keeps the columns apart.
EMPTY = "-"


def field(value):
    value = str(value).replace("\t", " ").replace("\n", " ").strip()
    return value if value else EMPTY


def unfield(value):
    return "" if value == EMPTY else value


def write_tsv(path, rows):
    with open(path, "w") as out:
        for row in rows:
            out.write("\t".join(field(v) for v in row) + "\n")


def read_tsv(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [[unfield(v) for v in line.rstrip("\n").split("\t")] for line in f if line.strip()]


def read_text(path, limit=1 << 20):
    try:
        with open(path, errors="replace") as f:
            return f.read(limit)
    except FileNotFoundError:
        return ""


# ---------------------------------------------------------------------------------------------
# plan


def makefile_variables(path):
    """The assignments of an automake Makefile.am, continuation lines joined (conditionals are
    ignored: both branches' assignments are kept, the later winning)."""
    variables = {}
    if not os.path.exists(path):
        return variables
    text = read_text(path).replace("\\\n", " ")
    for line in text.splitlines():
        m = re.match(r"^\s*([A-Za-z0-9_]+)\s*\+?=\s*(.*)$", line)
        if m:
            name, value = m.group(1), m.group(2).split("#")[0].strip()
            variables[name] = (variables.get(name, "") + " " + value).strip() if "+=" in line else value
    return variables


def run_main_tests(suite):
    """Tests that define run() instead of main(): MPICH's autogen lists them in
    maint/all_mpitests.txt and links util/run_mpitests.c into each (gen_all_mpitests.py). Maps
    "folder/name" to the extra libraries listed there."""
    tests = {}
    path = os.path.join(suite, "maint", "all_mpitests.txt")
    for line in read_text(path).splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            words = line.split()
            tests[words[0]] = words[1:]
    return tests


def build_recipe(suite, directory, name, variables, run_main):
    """Sources, preprocessor flags and extra link inputs of one program, from Makefile.am."""
    canonical = re.sub(r"[^A-Za-z0-9_]", "_", name)
    sources = variables.get(canonical + "_SOURCES", name + ".c").split()
    sources = [s for s in sources if s.endswith((".c", ".cxx", ".cpp"))]
    flags = []
    for var in (canonical + "_CPPFLAGS", canonical + "_CFLAGS"):
        flags += [w for w in variables.get(var, "").split() if re.match(r"^-[DUI]", w) and "$" not in w]
    extra = []
    ldadd = variables.get(canonical + "_LDADD", "")
    if "LDADDDATA" in ldadd or "libdtypes" in ldadd:
        extra.append("dtypes")
    key = directory + "/" + name
    if key in run_main:
        extra.append("run_mpitests")
        extra += run_main[key]
    elif not run_main:
        # No maint/all_mpitests.txt (an older or trimmed tree): a source without main() but with
        # run() is a run_mpitests test.
        text = read_text(os.path.join(suite, directory, sources[0])) if sources else ""
        if not re.search(r"\bmain\s*\(", text) and re.search(r"\bint\s+run\s*\(", text):
            extra.append("run_mpitests")
    return sources, flags, extra


def testlist_path(suite, directory):
    # The committed testlist.in is the source; testlist is either committed (no conditionals) or
    # what configure made of testlist.in for someone else's MPI.
    for name in ("testlist.in", "testlist"):
        path = os.path.join(suite, directory, name)
        if os.path.exists(path):
            return path
    return None


def parse_testlist(suite, directory, default_timeout, rows):
    """Appends one row per testlist line of `directory` (recursing into subfolder entries)."""
    path = testlist_path(suite, directory)
    if path is None:
        return
    for raw in read_text(path).splitlines():
        line = re.sub(r"#.*", "", raw).strip()
        if not line or line.startswith("!"):  # "!dir:target": a make step runtests runs first
            continue
        words = line.split()
        name = words[0]
        row = {"line": line, "dir": directory, "name": name, "np": DEFAULT_NP, "kind": "run", "note": "",
               "result": "TestNormal", "timeout": default_timeout, "args": [], "envs": [], "mpiexecargs": []}
        if "@" in line:
            row.update(kind="na", note="configure-conditional line (%s), absent without MPICH's configure" %
                       re.search(r"@[^@]*@?", line).group(0))
            rows.append(row)
            continue
        if os.path.isdir(os.path.join(suite, directory, name)):
            parse_testlist(suite, os.path.join(directory, name), default_timeout, rows)
            continue
        if directory.split("/")[0] == "threads":
            row.update(kind="na", note="threads folder: configure's @threadsdir@, left out as the script's "
                       "mpitestconf.h has no thread package (THREAD_PACKAGE_NONE)")
            rows.append(row)
            continue
        if "/" in name:
            row["dir"], row["name"] = os.path.join(directory, os.path.dirname(name)), os.path.basename(name)
        if len(words) > 1:
            if not words[1].isdigit():
                row.update(kind="na", note="unreadable process count %r" % words[1])
                rows.append(row)
                continue
            row["np"] = int(words[1])
        for word in words[2:]:
            key, _, value = word.partition("=")
            if key == "arg":
                row["args"].append(value)
            elif key == "env":
                row["envs"].append(value)
            elif key == "mpiexecarg":
                row["mpiexecargs"].append(value)
            elif key == "resultTest":
                row["result"] = value if value in RESULT_TESTS else row["result"]
                if value not in RESULT_TESTS:
                    row.update(kind="na", note="unknown resultTest=%s" % value)
            elif key == "timeLimit" and value.isdigit():
                row["timeout"] = int(value)
            elif key == "xfail" and row["kind"] == "run":
                row.update(kind="xfail", note=value)
            elif key == "mem":
                try:
                    if float(value) > MEMORY_TOTAL_GB:
                        row.update(kind="na", note="needs mem=%s GB (runtests skips above %g GB)" %
                                   (value, MEMORY_TOTAL_GB))
                except ValueError:
                    row.update(kind="na", note="needs mem=%s" % value)
            elif key == "hasgpu":
                row.update(kind="na", note="needs a GPU (hasgpu=%s)" % value)
            elif key in ("strict", "lock", "init"):
                pass  # strict=false only matters to --enable-strictmpi runs; lock serialises runs
            elif key not in KNOWN_KEYS:
                row.update(kind="na", note="needs %s, a feature marker this script cannot satisfy" % word)
        rows.append(row)


def command_plan(suite, folder, outdir, timeout):
    rows = []
    parse_testlist(suite, folder, int(timeout), rows)
    if testlist_path(suite, folder) is None:
        sys.exit("conformance: %s has no testlist or testlist.in" % os.path.join(suite, folder))
    run_main = run_main_tests(suite)
    builds = {}
    for row in rows:
        if row["kind"] == "na":
            continue
        key = (row["dir"], row["name"])
        if key not in builds:
            variables = makefile_variables(os.path.join(suite, row["dir"], "Makefile.am"))
            sources, flags, extra = build_recipe(suite, row["dir"], row["name"], variables, run_main)
            builds[key] = (row["dir"], row["name"], " ".join(sources), " ".join(flags), " ".join(extra))
    os.makedirs(outdir, exist_ok=True)
    write_tsv(os.path.join(outdir, "plan.tsv"),
              [(i, r["dir"], r["name"], r["np"], r["kind"], r["note"], r["result"], r["timeout"], " ".join(r["args"]),
                " ".join(r["envs"]), " ".join(r["mpiexecargs"]), r["line"]) for i, r in enumerate(rows)])
    write_tsv(os.path.join(outdir, "builds.tsv"), builds.values())
    write_tsv(os.path.join(outdir, "runs.tsv"),
              [(i, r["dir"], r["name"], r["np"], r["timeout"], " ".join(r["args"]), " ".join(r["envs"]),
                " ".join(r["mpiexecargs"])) for i, r in enumerate(rows) if r["kind"] != "na"])


# ---------------------------------------------------------------------------------------------
# judge

MISSING_RE = re.compile(r"undefined reference to [`'‘]([A-Za-z_][A-Za-z0-9_]*)['’]")
IMPLICIT_RE = re.compile(r"implicit declaration of function [`'‘]((?:P?MPIX?)_[A-Za-z0-9_]+)['’]")
UNDECLARED_RE = re.compile(r"[`'‘]((?:P?MPIX?)_[A-Za-z0-9_]+)['’] undeclared")
TYPE_RE = re.compile(r"unknown type name [`'‘]((?:P?MPIX?)_[A-Za-z0-9_]+)['’]")
ERROR_RE = re.compile(r"^(?:.*?:\d+:\d+: )?(?:fatal )?error: (.*)$|^(.*?: No such file or directory)$")
DEFINITION_RE = re.compile(r"^[A-Za-z_][\w \t\*]*?\b([A-Za-z_]\w*)\s*\([^;]*$", re.M)
MPI_NAME_RE = re.compile(r"^P?MPIX?_")


def unique(names):
    return list(dict.fromkeys(names))


def unknown_names(log):
    """(functions, other names) the compiler did not know. An undeclared name in mixed case that
    is not a type is a function used as a value (a table of MPI_Ixxx, say): MPI constants are in
    capitals, types show as unknown type names."""
    types = TYPE_RE.findall(log)
    undeclared = UNDECLARED_RE.findall(log)
    functions = [n for n in undeclared if not n.isupper() and n not in types]
    names = types + [n for n in undeclared if n.isupper() or n in types]
    return unique(functions), unique(names)


def first_error(log):
    """The first compiler error, shortened: file:line:column: what (no hints, plain quotes)."""
    for line in log.splitlines():
        if ERROR_RE.match(line) and "ld returned" not in line:
            line = re.sub(r"^.*/", "", line.strip()).replace("‘", "'").replace("’", "'")
            line = re.sub(r" \((first use in this function|not in a function)\)|; did you mean .*$", "", line)
            return line.replace(" error: ", " ")[:240]
    return None


class SupportFile:
    """One of mtest.c, dtypes.c, dtpools' sources...: whether it compiled, and if not, what of
    MPI it lacked and which functions it would have defined (to know the tests it blocks)."""

    def __init__(self, suite, source, status, log_path):
        log = read_text(log_path)
        self.source, self.ok = source, status == "0"
        self.error = first_error(log) or last_line(log)
        functions, self.undeclared = unknown_names(log)
        self.implicit = unique(IMPLICIT_RE.findall(log) + functions)
        text = read_text(os.path.join(suite, source))
        self.defines = set(DEFINITION_RE.findall(text)) - {"if", "while", "for", "switch", "return", "sizeof"}


def support_files(work, suite):
    return [SupportFile(suite, src, status, log) for src, status, log in read_tsv(os.path.join(work, "lib", "support.tsv"))]


def build_failure(log, support):
    """(cause, missing MPI functions, undeclared MPI names) of a failed build. A test that needs a
    support file which did not compile is charged with what that file lacks as well."""
    functions, undeclared = unknown_names(log)
    missing = unique(IMPLICIT_RE.findall(log) + functions + MISSING_RE.findall(log))
    own_error = first_error(log)
    blocked = [f for f in support if not f.ok and any(n in f.defines for n in missing)]
    own_mpi = [n for n in missing if MPI_NAME_RE.match(n)]
    for f in blocked:
        missing += f.implicit
        undeclared += f.undeclared
    missing = [n for n in unique(missing) if MPI_NAME_RE.match(n)]
    undeclared = unique(undeclared)
    if own_error and "undefined reference" not in log:
        return "does not build: " + own_error, missing, undeclared
    if blocked:
        others = " and %d more support files" % (len(blocked) - 1) if len(blocked) > 1 else ""
        cause = "does not build: needs %s%s, which do%s not compile (%s)" % (
            blocked[0].source, others, "" if others else "es", blocked[0].error)
        if own_mpi:
            cause += "; the test itself needs %s%s" % (own_mpi[0], " and %d more" % (len(own_mpi) - 1)
                                                      if len(own_mpi) > 1 else "")
        return cause, missing, undeclared
    names = unique(MISSING_RE.findall(log))
    if names:
        more = " (and %d more)" % (len(names) - 1) if len(names) > 1 else ""
        return "does not build: undefined reference to %s%s" % (names[0], more), missing, undeclared
    return "does not build: " + (own_error or last_line(log)), missing, undeclared


def classify_output(text):
    """runtests' check_result: whether a ' No Errors' line was seen, 'Test Skipped' lines,
    warning lines (MPICH:, WARNING:, MPI_Abort) and stray lines (anything else)."""
    found, skipped, warnings, stray = False, False, [], []
    for line in text.splitlines():
        if re.match(r"^\s*No [Ee]rrors\s*$", line) and not found:
            found = True
        elif re.match(r"^\s*Test Skipped\s*$", line):
            skipped = True
        elif re.match(r"^(MPICH: |WARNING: |(Abort.*)?application called MPI_Abort)", line):
            warnings.append(line)
        elif re.search(r"(FORTRAN STOP|requesting checkpoint|checkpoint completed)\s*$", line):
            pass
        else:
            stray.append(line)
    return found, skipped, warnings, stray


def first_line(text):
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:200]
    return "(no output)"


def last_line(text):
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1].strip()[:200] if lines else "(nothing on stderr)"


def judge_run(result, timeout, status, out, err):
    """(passed, skipped, cause) by the rule runtests applies for `result`. runtests reads stdout
    and stderr merged (`2>&1`); `timeout` exits 124 when the limit is reached, which the status
    rules count as non-zero as runtests counts mpiexec's MPIEXEC_TIMEOUT kill."""
    merged = out + ("\n" if out and not out.endswith("\n") else "") + err
    found, skipped, warnings, stray = classify_output(merged)
    timed_out = status in (124, 137)
    status_cause = "timed out after %s s" % timeout if timed_out else "exit status %d: %s" % (status, last_line(err or out))
    if result in ("TestStatus", "TestErrFatal"):
        return (True, False, "") if status != 0 else (False, False, "exit status 0, but %s expects a failure" % result)
    if result == "TestBench":
        return (True, False, "") if status == 0 else (False, False, status_cause)
    if result == "TestStatusNoErrors":
        if not found:
            return False, False, "no ' No Errors' line: " + first_line(merged)
        if stray:
            return False, False, "unexpected output: " + stray[0].strip()[:200]
        if status == 0:
            return False, False, "exit status 0, but TestStatusNoErrors expects a failure"
        return True, False, ""
    # TestNormal and TestAllowWarnings
    if timed_out:
        return False, False, status_cause
    if not found and not skipped:
        if status != 0:
            return False, False, status_cause
        return False, False, "no ' No Errors' line: " + first_line(merged)
    if stray or (warnings and result != "TestAllowWarnings"):
        return False, False, "unexpected output: " + (stray or warnings)[0].strip()[:200]
    if status != 0:
        return False, False, status_cause
    return True, skipped, ""


def command_judge(outdir, work, suite):
    plan = read_tsv(os.path.join(outdir, "plan.tsv"))
    support = support_files(work, suite)
    builds = {}
    for d, name, *_ in read_tsv(os.path.join(outdir, "builds.tsv")):
        log_base = os.path.join(outdir, "build", d.replace("/", "_") + "__" + name)
        rc = read_text(log_base + ".rc").strip()
        builds[(d, name)] = (rc == "0", read_text(log_base + ".log"))
    results = []
    for (i, d, name, np, kind, note, result, timeout, args, envs, mpiexecargs, line) in plan:
        verdict, cause, missing, undeclared, seconds = "", note, [], [], ""
        if kind == "na":
            verdict = "na"
        else:
            built, log = builds[(d, name)]
            if not built:
                verdict = "nobuild"
                cause, missing, undeclared = build_failure(log, support)
            else:
                base = os.path.join(outdir, "run", i)
                rc = read_text(base + ".rc").strip()
                seconds = read_text(base + ".time").strip()
                if not rc:
                    verdict, cause = "fail", "did not run (no exit status recorded)"
                else:
                    passed, skipped, cause = judge_run(result, timeout, int(rc), read_text(base + ".out"),
                                                       read_text(base + ".err"))
                    verdict = "skipped" if skipped else ("pass" if passed else "fail")
                    if skipped:
                        cause = "the test printed 'Test Skipped'"
            if kind == "xfail":
                verdict = "xfail-" + verdict
                cause = ("xfail=%s; " % note) + (cause or "passed")
        results.append((i, d, name, np, kind, verdict, cause, " ".join(missing), " ".join(undeclared), seconds, line))
    write_tsv(os.path.join(outdir, "results.tsv"), results)
    counts = folder_counts(results)
    print("%(tests)d tests: %(na)d not applicable, %(built)d built, %(passed)d passed, %(failed)d failed, "
          "%(xfail)d xfail" % counts)


def folder_counts(results):
    c = collections.Counter(r[5] for r in results)
    counts = {
        "tests": len(results),
        "na": c["na"] + c["skipped"],
        "built": sum(1 for r in results if r[4] != "na" and not r[5].endswith("nobuild")),
        "passed": c["pass"],
        "failed": c["fail"] + c["nobuild"],
        "xfail": sum(1 for r in results if r[4] == "xfail"),
    }
    counts["applicable"] = counts["passed"] + counts["failed"]
    return counts


# ---------------------------------------------------------------------------------------------
# OSU: compare the default, restated-default and non-default runs of each benchmark

SUMMARY_RE = re.compile(r"xo: \d+ ranks on \S+: ([0-9.]+) ms simulated, (\d+) messages")


def table(text):
    """A benchmark's table: its output less the comment lines."""
    return [l.rstrip() for l in text.splitlines() if l.strip() and not l.startswith("#")]


def summary(err):
    """(simulated ms, messages) from xo's summary line, or None."""
    m = SUMMARY_RE.search(err)
    return (float(m.group(1)), int(m.group(2))) if m else None


def check_expectation(expectation, runs):
    """Whether the non-default run shows what its option promises. Clauses, joined with '&':
    'messages<' (fewer messages than the default run: fewer iterations), 'header=TEXT' (a
    comment line of its output says TEXT), 'differs' (its table is not the default's)."""
    for clause in expectation.split("&"):
        key, _, value = clause.partition("=")
        if key == "messages<":
            default, changed = summary(runs["default"][2]), summary(runs["changed"][2])
            if not default or not changed or changed[1] >= default[1]:
                return False
        elif key == "header" and value not in runs["changed"][1]:
            return False
        elif key == "differs" and table(runs["changed"][1]) == table(runs["default"][1]):
            return False
    return True


def command_osu(work):
    rows = []
    for name, np, restated, changed, expectation in read_tsv(os.path.join(work, "benchmarks.tsv")):
        if not os.path.exists(os.path.join(work, "bin", name)):
            rows.append((name, "no", np, restated, changed, "-", "-", "did not build", "", "", "", ""))
            continue
        runs = {}
        for v in ("default", "restated", "changed"):
            base = os.path.join(work, "runs", "%s.%s" % (name, v))
            runs[v] = (read_text(base + ".rc").strip(), read_text(base + ".out"), read_text(base + ".err"))
        problems = ["%s run: exit status %s: %s" % (v, r[0] or "?", last_line(r[2] or r[1]))
                    for v, r in runs.items() if r[0] != "0"]
        ok = not problems
        same = ok and bool(table(runs["default"][1])) and runs["default"][1] == runs["restated"][1]
        if ok and not same:
            a, b = table(runs["default"][1]), table(runs["restated"][1])
            diff = [x.split()[0] for x, y in zip(a, b) if x != y]
            problems.append("restated run differs at sizes %s" % ", ".join(diff[:8]) if diff else
                            "restated run prints %d rows, the default %d" % (len(b), len(a)))
        honoured = ok and check_expectation(expectation, runs)
        figures = []
        for v in ("default", "restated", "changed"):
            s = summary(runs[v][2])
            figures.append("%.3f ms, %d messages" % s if s else "?")
        table_changed = "changed" if table(runs["changed"][1]) != table(runs["default"][1]) else "same"
        rows.append((name, "yes", np, restated, changed, "yes" if same else "no", "yes" if honoured else "no",
                     "; ".join(problems), *figures, table_changed))
    write_tsv(os.path.join(work, "results.tsv"), rows)
    collectives = []
    runs = os.path.join(work, "runs")
    for rc_file in sorted(f for f in os.listdir(runs) if f.endswith(".collective.rc")) if os.path.isdir(runs) else []:
        name = rc_file[:-len(".collective.rc")]
        base = os.path.join(runs, name + ".collective")
        status, out, err = read_text(base + ".rc").strip(), read_text(base + ".out"), read_text(base + ".err")
        rows_printed = table(out)
        s = summary(err)
        problem = "" if status == "0" and rows_printed else (
            "exit status %s: %s" % (status or "?", last_line(err or out)) if status != "0" else "no table printed")
        collectives.append((name, status, str(len(rows_printed)), rows_printed[-1] if rows_printed else "",
                            "%.3f ms, %d messages" % s if s else "?", problem))
    write_tsv(os.path.join(work, "collectives.tsv"), collectives)


# ---------------------------------------------------------------------------------------------
# report


def git_commit(path):
    """The commit of a checkout that is itself a git work tree (not a folder inside another)."""
    try:
        top = subprocess.run(["git", "-C", path, "rev-parse", "--show-toplevel"], capture_output=True, text=True,
                             timeout=20)
        if top.returncode == 0 and os.path.realpath(top.stdout.strip()) == os.path.realpath(path):
            head = subprocess.run(["git", "-C", path, "rev-parse", "HEAD"], capture_output=True, text=True, timeout=20)
            if head.returncode == 0:
                return head.stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        pass
    return "unknown"


def percent(a, b):
    return "%.1f%%" % (100.0 * a / b) if b else "n/a"


def md(text):
    return str(text).replace("|", "\\|").replace("`", "'")


def command_report(work, out_path, command, mpich_dir, osu_dir, seconds, folders):
    lines = []
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines += ["# Conformance: MPICH's test suite and the OSU micro-benchmarks", "",
              "Generated by `scripts/conformance.sh` on %s in %s s (wall)." % (now, seconds), "",
              "| suite | checkout | commit |", "|---|---|---|",
              "| MPICH test/mpi | `%s` | %s |" % (mpich_dir, git_commit(mpich_dir)),
              "| OSU micro-benchmarks | `%s` | %s |" % (osu_dir or "not run", git_commit(osu_dir) if osu_dir else "-"),
              "", "Command:", "", "```sh", command, "```", ""]
    lines += ["Each MPICH test is compiled with `build/bin/mpi/mpicc` (no configure: the script writes its own "
              "`mpitestconf.h`), run as `mpiexec -n NP --compute=none -q ./NAME ARGS` with the testlist's `env=` "
              "settings, and judged as MPICH's `runtests` judges it: a ' No Errors' line, no other output, exit "
              "status 0, unless `resultTest=` asks otherwise. *Not applicable*: lines `runtests` would skip here "
              "(`mem=` above 4 GB, GPU), configure-conditional `@...@` lines and the threads folder. *xfail*: lines MPICH marks as "
              "expected to fail (`runtests` skips them by default); they are run, reported below, and kept out of "
              "the pass rate. The pass rate is passed / (passed + failed).", ""]

    all_results, totals = [], collections.Counter()
    table_lines = ["| folder | tests | not applicable | built | passed | failed | xfail | pass rate |",
                   "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for folder in folders:
        results = read_tsv(os.path.join(work, "mpich", folder, "results.tsv"))
        if not results:
            table_lines.append("| %s | (not run) | | | | | | |" % folder)
            continue
        c = folder_counts(results)
        totals.update(c)
        all_results += [(folder, r) for r in results]
        table_lines.append("| %s | %d | %d | %d | %d | %d | %d | %s |" % (
            folder, c["tests"], c["na"], c["built"], c["passed"], c["failed"], c["xfail"],
            percent(c["passed"], c["applicable"])))
    table_lines.append("| **all** | %d | %d | %d | %d | %d | %d | **%s** |" % (
        totals["tests"], totals["na"], totals["built"], totals["passed"], totals["failed"], totals["xfail"],
        percent(totals["passed"], totals["applicable"])))
    lines += ["## MPICH test/mpi", ""] + table_lines + [""]

    support = support_files(work, os.path.join(mpich_dir, "test", "mpi"))
    if support:
        lines += ["### Support code", "",
                  "Compiled once and linked into every test (MPICH's libmtest, libdtypes, libdtpools and "
                  "run_mpitests.c). A file that does not compile blocks every test that calls it; its missing names "
                  "count against each of those tests below.", "",
                  "| file | compiles | first error | MPI names it lacks |", "|---|---|---|---|"]
        for f in support:
            lacks = ", ".join("`%s`" % n for n in f.undeclared + f.implicit)
            lines.append("| `%s` | %s | %s | %s |" % (f.source, "yes" if f.ok else "**no**",
                                                   "" if f.ok else md(f.error), lacks))
        only = sum(1 for _, r in all_results if r[6].startswith("does not build: needs") and
                   "the test itself needs" not in r[6])
        lines += ["", "%d test lines are blocked by the support code alone: their own code compiles and links "
                  "against `mpi.h` and the runtime as it is." % only, ""]

    wanted, undeclared = collections.Counter(), collections.Counter()
    types = {n for _, r in all_results for n in r[8].split() if not n.isupper()}
    for _, r in all_results:
        if r[5] in ("nobuild", "xfail-nobuild"):
            wanted.update(n for n in r[7].split() if MPI_NAME_RE.match(n) and n not in types)
            undeclared.update(unique(r[8].split() + [n for n in r[7].split() if n in types]))
    if wanted:
        lines += ["### Most wanted missing MPI functions", "",
                  "Functions `mpi.h` does not declare or the linker could not find, with the number of test lines "
                  "that need each, directly or through the support code they call (a line that needs several "
                  "counts for each).", "",
                  "| function | tests |", "|---|---:|"]
        lines += ["| `%s` | %d |" % (n, k) for n, k in wanted.most_common(40)]
        if len(wanted) > 40:
            lines.append("| (%d more, each needed by %d or fewer) | |" % (len(wanted) - 40, wanted.most_common(40)[-1][1]))
        lines.append("")
    if undeclared:
        lines += ["### MPI names the compiler did not know", "",
                  "Constants, types and macros missing from `mpi.h` that stopped a test, or the support code it "
                  "calls, from compiling, with the number of test lines each stops.", "",
                  "| name | tests |", "|---|---:|"]
        lines += ["| `%s` | %d |" % (n, k) for n, k in undeclared.most_common(30)]
        lines.append("")

    causes = collections.Counter()
    for _, r in all_results:
        if r[5] in ("fail", "nobuild"):
            cause = r[6]
            kind = ("does not build: support code does not compile" if cause.startswith("does not build: needs") else
                    "does not build: undefined reference" if "undefined reference" in cause else
                    "does not build: compiler error" if cause.startswith("does not build") else
                    "timed out" if cause.startswith("timed out") else
                    "exit status" if cause.startswith("exit status") else
                    "no ' No Errors' line" if cause.startswith("no ' No Errors'") else
                    "unexpected output" if cause.startswith("unexpected output") else "other")
            causes[kind] += 1
    if causes:
        lines += ["### Failures by kind", "", "| kind | tests |", "|---|---:|"]
        lines += ["| %s | %d |" % (k, n) for k, n in causes.most_common()] + [""]

    lines += ["### Every failure and its cause", ""]
    for folder in folders:
        failures = [r for f, r in all_results if f == folder and r[5] in ("fail", "nobuild")]
        if not failures:
            continue
        lines += ["#### %s (%d)" % (folder, len(failures)), "", "| test line | cause |", "|---|---|"]
        lines += ["| `%s` | %s |" % (md(r[10]), md(r[6])) for r in failures] + [""]

    xfails = [(f, r) for f, r in all_results if r[4] == "xfail"]
    if xfails:
        lines += ["### xfail lines", "", "| folder | test line | outcome |", "|---|---|---|"]
        for f, r in xfails:
            outcome = "passed (unexpectedly)" if r[5] == "xfail-pass" else md(r[6])
            lines.append("| %s | `%s` | %s |" % (f, md(r[10]), outcome))
        lines.append("")
    na = [(f, r) for f, r in all_results if r[5] in ("na", "skipped")]
    if na:
        lines += ["### Not applicable", "", "| folder | test line | why |", "|---|---|---|"]
        lines += ["| %s | `%s` | %s |" % (f, md(r[10]), md(r[6])) for f, r in na] + [""]

    lines += osu_section(work, osu_dir)
    # The Fortran section is written by hand; the report carries it so that regenerating keeps it.
    fortran = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "conformance_fortran.md")
    if os.path.exists(fortran):
        lines += ["", read_text(fortran).rstrip()]
    os.makedirs(os.path.dirname(os.path.abspath(out_path)), exist_ok=True)
    with open(out_path, "w") as out:
        out.write("\n".join(lines).rstrip() + "\n")


def osu_section(work, osu_dir):
    if not osu_dir:
        return []
    osu = os.path.join(work, "osu")
    lines = ["## OSU micro-benchmarks (mpi/pt2pt)", ""]
    configure = read_text(os.path.join(osu, "configure.rc")).strip()
    make = read_text(os.path.join(osu, "make.rc")).strip()
    configured = "succeeded" if configure == "0" else "failed (status %s): %s" % (
        configure, last_line(read_text(os.path.join(osu, "configure.log"))))
    made = "succeeded" if make == "0" else "not run" if not make else "status %s, %s" % (make, osu_make_failures(osu))
    lines += ["`./configure CC=mpicc CXX=mpicxx` in a copy of the tree %s; `make -k` %s." % (configured, made), ""]
    results = read_tsv(os.path.join(osu, "results.tsv"))
    if not results:
        return lines + ["No benchmark ran.", ""]
    lines += ["Each benchmark runs three times under `mpiexec -n NP --compute=none`: with no options, with options "
              "that restate its defaults, and with a non-default option. The first two must print the same table "
              "(the run is deterministic); the third must change what its option says. Simulated time and message "
              "counts are xo's summary line of each run.", "",
              "| benchmark | ranks | defaults restated | non-default | same table | non-default table | "
              "option honoured | default run | restated run | non-default run | problems |",
              "|---|---:|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        r = r + [""] * (12 - len(r))
        lines.append("| %s | %s | `%s` | `%s` | %s | %s | %s | %s | %s | %s | %s |" % (
            r[0], r[2], md(r[3]), md(r[4]), r[5], r[11], r[6], r[8], r[9], r[10], md(r[7]) or "none"))
    notes = read_text(os.path.join(osu, "notes.md")).strip()
    if notes:
        lines += ["", notes]
    collectives = read_tsv(os.path.join(osu, "collectives.tsv"))
    if collectives:
        passed = sum(1 for c in collectives if not c[5:] or not c[5])
        lines += ["", "## OSU micro-benchmarks (mpi/collective)", "",
                  "Each collective benchmark, blocking and nonblocking, runs once under `mpiexec -n 8 "
                  "--compute=none` with `-m 4096 -i 20 -x 2`; it must finish and print its table. "
                  "%d of %d do." % (passed, len(collectives)), "",
                  "| benchmark | exit status | table rows | last row (4 KiB) | run | problems |",
                  "|---|---:|---:|---|---|---|"]
        for c in collectives:
            c = c + [""] * (6 - len(c))
            lines.append("| %s | %s | %s | `%s` | %s | %s |" % (c[0], c[1], c[2], md(" ".join(c[3].split())), c[4],
                                                                md(c[5]) or "none"))
    return lines + [""]


def osu_make_failures(osu):
    log = read_text(os.path.join(osu, "make.log"), 4 << 20)
    failed = sorted(set(re.findall(r"make\[\d+\]: \*\*\* \[[^\]]*: ([^\]\s]+)\]", log)) -
                    {"all", "all-am", "all-recursive"})
    missing = collections.Counter(n for n in MISSING_RE.findall(log) if n.startswith("MPI"))
    text = "targets that failed: %s" % (", ".join("`%s`" % f for f in failed) or "none named")
    if missing:
        text += "; missing functions: " + ", ".join("`%s`" % n for n, _ in missing.most_common())
    return text


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    command, args = argv[1], argv[2:]
    if command == "plan":
        command_plan(*args)
    elif command == "judge":
        command_judge(*args)
    elif command == "osu":
        command_osu(*args)
    elif command == "report":
        work, out, cmd, mpich_dir, osu_dir, seconds, *folders = args
        command_report(work, out, cmd, mpich_dir, osu_dir, seconds, folders)
    else:
        sys.exit("conformance_helper: unknown command %s\n%s" % (command, __doc__))


if __name__ == "__main__":
    main(sys.argv)
