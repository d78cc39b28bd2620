// The help texts of `xo` and its sub-commands.

#include <cstdio>
#include <string>

#include "commands.hpp"

namespace xo::cli {

namespace {

constexpr const char* kOverview = R"(xo: run MPI programs on simulated supercomputers and see why communication is slow.

Usage: xo <command> [options]

Commands:
  cc, c++    compile and link a program against the reference MPI (like mpicc, mpicxx)
  fc         the same for Fortran with gfortran: mpif.h and `use mpi` (like mpif90)
  run        run a program on a simulated machine
  record     run it and write an OTF2 trace: MPI calls, messages, protocol phases, settings;
             or, with --mpi, trace a job of the system's Open MPI or MPICH
  report     what a trace spent in MPI and why: profile, fits, wait states, crossovers, settings
  compare    two traces side by side (a real job beside its machine model, one setting beside another)
  check      hold a trace to what OTF2 and MPI promise (references, nesting, every message received once)
  bench      characterise a machine: benchmark sweeps, LogGP fits, where each threshold should be
  history    the runs xo bench and xo report stored: list, show, compare, trend, export, delete
  machines   list the machine models, or show one's protocols, parameters and variables
  calibrate  run the seed papers' experiments on the models and compare with the published figures
  gui        the Qt GUI: timelines with protocol phases, summaries, fits, recommendations, history
  help       show help for a command (xo help run)

Example:
  xo cc examples/pingpong.c -o pingpong
  xo run -n 2 --machine loggp ./pingpong
  xo record -n 2 --machine xt3 -o pingpong.otf2 -- ./pingpong

Options: --help, --version
)";

constexpr const char* kCc = R"(Usage: xo cc [compiler options] FILES...      (xo c++ for C++)

Runs the C compiler ($CC, default cc; $CXX or c++ for xo c++) with the reference MPI's mpi.h on
the include path; objects are compiled -fPIC. A program is linked against the reference MPI's
runtime (libxo_runtime.so) as an executable shared object, so that under `xo run` each rank can
load its own copy of it: its main then runs once per simulated rank, with globals of its own. With
-static it links the static libraries instead, and its ranks must share its globals
(xo run --privatize=off). -shared builds a library as usual. Any compiler option may be given.

Options:
  --show     print the compiler command instead of running it (like mpicc -show)

Examples:
  xo cc -O2 ring.c -o ring
  xo c++ -std=c++17 solver.cpp -o solver
  xo cc -c part.c && xo cc part.o main.c -o app
)";

constexpr const char* kFc = R"(Usage: xo fc [compiler options] FILES...

Runs the Fortran compiler ($XO_FC, else $FC, else gfortran; mpif90, mpifort and mpif77 take
$XO_FC only) with the reference MPI's mpif.h and mpi module (mpi.mod) on the include path, and links
the program as xo cc does: an executable shared object of which each rank under `xo run` loads its
own copy, so COMMON blocks, module variables and SAVEd locals are private to each rank. Programs use
`include 'mpif.h'` or `use mpi`; the bindings are gfortran's (lowercase names, one trailing
underscore), so the compiler must be gfortran, the one the mpi module was built with. What is bound
and what is not: docs/conformance.md, section Fortran.

Options:
  --show     print the compiler command instead of running it (like mpif90 -show; -showme,
             -showme:compile and -showme:link as Open MPI's)
  --help     this text (gfortran's own: gfortran --help)

Examples:
  xo fc -O2 jacobi.f90 -o jacobi && xo run -n 4 ./jacobi
  xo fc -c solver.f && xo fc solver.o main.f90 -o app
)";

constexpr const char* kRun = R"(Usage: xo run [options] [--] PROGRAM [ARGS...]

Runs PROGRAM (built with xo cc, xo c++ or xo fc) on a simulated machine. All ranks run in one process,
each on its own fiber; time is virtual (MPI_Wtime returns the rank's simulated clock). Each rank
runs its own copy of the program, so it owns its global variables as a process would.

Options:
  -n, --ranks N            number of ranks (default 1)
  -m, --machine NAME       machine model (default loggp; see xo machines)
  -p, --param KEY=VALUE    override a machine parameter, e.g. --param L=2.5 (repeatable, each
                           KEY once; xo machines --show NAME lists them with units and ranges)
  -N, --ranks-per-node N   ranks the launcher places on each node, consecutive ranks together
                           (as aprun -N; default: every core of a node, one rank per node on the
                           AP1000, T3E and XT3). Ranks of one node share its NIC, and on the XE6
                           exchange messages through shared memory
  -e, --env VAR=VALUE      set an environment variable for the program; the machine's MPI reads
                           its own variables from there, as on the real machine (repeatable,
                           each VAR once). A variable the machine's MPI does not read is refused,
                           naming the nearest it does (xo machines --show NAME lists them)
  --allow-unknown-env      accept -e variables the machine does not read (ones the program
                           itself reads, or a script passing a whole environment)
  --compute MODE           measured (default): the host's time between MPI calls (monotonic
                           clock; bursts under 1 us not charged), scaled by the machine's
                           cpu_factor, counts as computation; none: computation is free and runs
                           are exactly reproducible
  --compute-threshold TIME measured computation shorter than this between two MPI calls is not
                           charged (default 1us, as SimGrid SMPI's cpu-threshold; e.g. 0, 500ns, 10us)
  --stack-size SIZE        fiber stack per rank (default 8M, as Linux gives a process; only the
                           pages a rank touches take memory), e.g. 64K for very many ranks
  --privatize on|off       on (default): each rank runs its own copy of the program, so globals,
                           statics, thread-locals, C++ static objects and libc's getopt, rand and
                           strtok state are per rank, as in separate processes; off: the ranks
                           share them (faster to start with very many ranks)
  --time-limit TIME        stop after this much wall time (e.g. 90s, 10m, 1h; default none)
  --virtual-time-limit TIME  stop before anything happens later than this simulated time
                           (e.g. 2s, 500ms; default none)
  -q, --quiet              no summary line on stderr at the end

A limit, SIGINT (Ctrl-C), SIGTERM or SIGHUP stops the run with where each rank was (the call it
waits in, or where it runs; a rank that polls while all others wait is named a likely livelock),
and xo record still writes the trace. A rank computing without MPI calls gets a second to reach
one, then is stopped where it runs (at once on a second Ctrl-C). Without a limit, a rank that has
polled for 1 s of virtual time while nothing else can happen is warned of once, as it runs.

A rank that faults (SIGSEGV, SIGFPE, abort(), an uncaught C++ exception, a stack overflow) is
named with the cause, where it was and the virtual time; the other ranks' output is kept, and
xo record writes the trace of everything before the fault, marked as cut short.

The exit status is the first non-zero exit status of a rank, MPI_Abort's code, 128 + the signal
of a rank's fault (139 for SIGSEGV or a stack overflow, 134 for abort()), 128 + the signal that
stopped the run (130 for Ctrl-C), 124 at a time limit, or 1 when the run fails otherwise
(deadlock, fatal MPI error, MPI_Finalize missing), with a message on stderr.

Examples:
  xo run -n 2 ./pingpong
  xo run -n 64 --machine loggp --param G=0.1 --compute=none -- ./stencil2d 256
  xo run -n 2 -e XO_EAGER_LIMIT=65536 ./pingpong
)";

constexpr const char* kRecord = R"(Usage: xo record [run options] [-o DIR] [--force] [--profile] [--trace-ranks LIST]
                 [--trace-calls LIST] [--trace-from TIME] [--trace-to TIME] [--] PROGRAM [ARGS...]
       xo record --mpi=system|openmpi|mpich -o DIR [--force] [-q] -- MPIRUN [ARGS...]

Runs PROGRAM as xo run does and writes an OTF2 trace of the run into DIR (traces.otf2, traces.def
and traces/, the layout Score-P uses), readable by otf2-print, Vampir and other OTF2 tools. The trace
holds every MPI call of every rank, the messages and collectives inside them, communicators, each
protocol phase (eager, header, clear-to-send, get, ... and collective hardware steps) on its
rank's "network" lanes, and the run's machine, parameters, environment settings and command
line: two files a rank. A run that fails (deadlock, fatal MPI error) still leaves its trace.

Options (besides those of xo run):
  -o, --output DIR         the trace directory (default PROGRAM.otf2); created if missing
  --force                  replace a trace already in DIR (only its traces.* files are removed);
                           without it, that trace is moved to DIR.old first (an older DIR.old's
                           trace gives way), as perf keeps perf.data.old
  --profile                keep only the run's profile, not its trace: per rank, per MPI call,
                           protocol path or collective algorithm, message-size bin and peer, the
                           counts, bytes and time, in DIR/profile.xop (its size grows with the
                           ranks, not the run's length; xo report reads it); for runs too large to
                           trace (a million ranks). Every trace has its profile beside it too.
  --trace-ranks LIST       trace only these ranks: N, A-B, A-B:STRIDE, every:N, comma-separated
                           (0-15,32,every:1024); the others run but have no location and no files
  --trace-calls LIST       trace only these MPI calls, or all but those with a '-': names and
                           groups p2p, coll, rma (p2p,coll; -MPI_Iprobe,-rma); a call left out
                           takes its messages and collectives with it
  --trace-from TIME, --trace-to TIME
                           trace only the calls begun in this stretch of virtual time (1ms, 250us);
                           a collective is in if its first member began it in it, one-sided window
                           calls (MPI_Win_*) always are, and a wait for a request traced is too
                           The archive records the filter; xo report says which figures it limits.
  --mpi=MPI                trace a job of the system's own MPI instead: the command (mpirun or
                           mpiexec with the program, built with that MPI's mpicc) runs with
                           Crossover's PMPI tracer preloaded, each rank logs its calls into
                           DIR/rank-logs, and the logs become one OTF2 archive when the job ends,
                           however it ends. system: the MPI that MPIRUN belongs to (Debian's
                           mpirun.openmpi or mpirun.mpich); openmpi or mpich: that one. Ranks on
                           rank 0's host share its clock; others are put on it by ping-pongs
                           at MPI_Init and MPI_Finalize, linear between (drift). Traced so
                           far: blocking, nonblocking and persistent point-to-point, every
                           Wait and Test, probes, the blocking collectives (v-variants, scans,
                           reduce-scatter), the common nonblocking ones, communicator splits
                           and duplicates, MPI_Abort.

Use --compute=none for a trace that is the same, byte for byte, on every run.

Examples:
  xo record -n 4 --machine xt3 --compute=none -o stencil.otf2 -- ./stencil2d
  otf2-print stencil.otf2/traces.otf2 | less
  xo record -n 4096 --machine xt3 --trace-ranks 0-7,every:512 --trace-calls p2p -- ./stencil2d
  mpicc.mpich app.c -o app && xo record --mpi=system -o app.otf2 -- mpirun.mpich -np 4 ./app
)";

constexpr const char* kBench =
    R"(Usage: xo bench [--machine NAME] [--suite pt2pt|coll|all] [--ranks LIST] [-o DIR] [--force]
                [--param KEY=VALUE]... [-e VAR=VALUE]... [--part I/N | --merge] [--db PATH | --no-history]
       xo bench --mpi=system|openmpi|mpich [--reps N] [--rounds N] [-o DIR] [--force]
                [--db PATH | --no-history] -- LAUNCHER...

Characterises a machine model, as mpptest does a real machine: runs benchmark sweeps on the
reference MPI, each traced into DIR/<run>/ (readable by otf2-print and xo's analyzer), then reads
the traces back and reports
  - a LogGP model (L, o_s, o_r, g, G with 95 % intervals) per protocol, from ping-pong and
    back-to-back messages of 0 B to 1 MiB;
  - for each switch point of the machine (xo machines --show NAME lists them), the crossover of
    the two sides it separates, fitted from sweeps with the threshold at both ends of its range,
    and the value the threshold should have;
  - the barrier tree branching factor with the shortest barriers (XO_COLL_BRANCHING 2 to 8), where
    the machine's barrier is a tree.
The runs are independent and go on every core at once (each in a process of its own; the output
is a serial run's). It ends with the `export` lines the measurements favour. Point-to-point
thresholds are judged by end-to-end time; a larger eager limit also costs receive-buffer memory.
The run, its settings and every figure are stored in the benchmark history (see xo help history).

Options:
  -m, --machine NAME       machine model (default loggp; see xo machines)
  --suite SUITE            pt2pt, coll or all (default all)
  -n, --ranks LIST         rank counts for the collective sweeps, e.g. 16,128 (default 16)
  -o, --output DIR         where the traces go (default MACHINE-bench); created if missing
  --force                  replace traces of an earlier bench in DIR; without it, each run's
                           earlier trace is moved beside it, to DIR/RUN.old
  -p, --param KEY=VALUE    override a machine parameter for every run (repeatable)
  -N, --ranks-per-node N   ranks per node for every run (the ping-pong always spans two nodes)
  -e, --env VAR=VALUE      set a variable of the machine's MPI for every run (repeatable); the
                           process environment is not read, so the command line says it all
  --db PATH                store the run in this history file (its directory must exist) instead
                           of the default ($XDG_DATA_HOME/crossover/history.db or
                           ~/.local/share/crossover/history.db, its directories made as needed)
  --no-history             store nothing
  --part I/N               run only part I of N of the plan (every N-th run from the I-th) into
                           DIR, for a sweep spread over several machines sharing DIR (a Slurm
                           job array: --part $((SLURM_ARRAY_TASK_ID+1))/$SLURM_ARRAY_TASK_COUNT);
                           no analysis, nothing stored
  --merge                  run nothing: analyse every part's traces in DIR, report and store as
                           one bench (same options as the parts; refuses missing runs and parts of
                           another plan, names the runs a part reported failed and goes on)

With --mpi, benchmarks the system's own MPI instead, under the launcher given after -- (as
xo record --mpi traces a job): the ping-pong between rank 0 and the last rank, 0 B to 1 MiB, with
the job's own settings and with each value of the library's eager/rendezvous switch (Open MPI's
OMPI_MCA_btl_vader_eager_limit, MPICH's UCX_RNDV_THRESH); and each collective whose algorithm the
library can force, on every rank, with each algorithm (--suite pt2pt or coll for one part); every
setting once a round, interleaved. It reports the protocol boundaries found in the times alone
for each setting (and a jump tested at the setting's value where the fit put none there), each
setting's times against the own ones by size, which algorithm is fastest where, and the settings
that are faster somewhere and slower nowhere; the medians go to the history, where xo report
finds them to advise a job of the same library on this host.
  --mpi WHICH              system (the MPI the launcher belongs to), openmpi or mpich
  --reps N                 round trips a size (default 100)
  --rounds N               times every setting is run, interleaved (default 3)

Examples:
  xo bench --machine ap1000 --suite coll --ranks 128      # the seed's xy limit (25) and branching (3)
  xo bench --machine xt3 --suite pt2pt
  xo bench --machine ap1000 --suite coll --ranks 128 --param xy_call=250 -o slow-xy
  xo bench --machine xe6 --ranks 64,256,1024 --part 3/8 -o /shared/xe6   # part 3 of 8, then
  xo bench --machine xe6 --ranks 64,256,1024 --merge -o /shared/xe6     # all 8 analysed
  xo bench --mpi=system -- mpirun.openmpi -np 2           # Open MPI on this host (add
                                                          # --allow-run-as-root as root)
)";

constexpr const char* kReport =
    R"(Usage: xo report [--format text|json|markdown] [--verify [--verify-runs N]] [--no-bench]
                 [--no-cache] [--no-simulate] [--top N] [--db PATH] [--no-store | --no-history]
                 [--tolerate] TRACE

Reads TRACE (a directory from xo record, or its traces.otf2; any OTF2 3.x trace, e.g. Score-P's)
and reports:
  - time in MPI by call, by protocol or collective algorithm, and by call site (the function,
    source file and line of each MPI call, for programs built with xo cc -g);
  - the run's point-to-point models (end-to-end time against bytes per protocol) and the protocol
    boundaries a segmented fit finds from the times alone;
  - wait states as Scalasca defines them (late sender, late receiver, wait at barrier and N x N,
    late broadcast), by the protocol or algorithm they happened in;
  - for a trace of a machine model: the crossovers of the machine's switch points, measured by
    benchmarking the model with the run's settings (xo bench's point-to-point suite, and the
    collective sweeps of the calls the run made, at its rank count up to 256: from under a second
    to about half a minute; each bench run's results are cached in the history, so a second
    report of the same setup takes a fraction of a second), and the
    `export VAR=value` lines that would make this run's communication faster, each with its
    predicted saving (the time the run's own messages hold their senders and receivers, or its
    collective calls take, by the bench's measurements), the evidence and the cost.
The run, its settings and every figure (with --verify also the verifying recording, as a run of
its own) are stored in the benchmark history (see xo help history).

TRACE may also be a profile (xo record --profile: a directory holding profile.xop and no trace, or
the profile.xop itself, which xo record writes beside every trace too): then the report has what a
profile keeps (time in MPI by call, by rank and by collective algorithm, the protocol paths'
phases, message sizes, the busiest pairs of ranks) and says what needs a trace (wait states, fits,
root causes, call sites, the bench); nothing is stored.

Options (before or after TRACE; after `--` a name starting with '-' is a trace):
  -f, --format FORMAT      text (default), json or markdown
  --verify                 record the run again with the recommended settings (from the directory
                           it was recorded in) and report the measured change beside the prediction:
                           once for a --compute=none trace (the model checked against itself),
                           else both sides --verify-runs times, judged against the noise
  --verify-runs N          recordings a side under measured computation (default 5)
  --no-bench               skip the bench, the crossovers and the recommendations
  --no-cache               benchmark afresh instead of using the history's bench cache
  --no-simulate            do not try the recommendations on the program (recorded again with
                           --compute=none, each alone and then together, from the directory the
                           run was recorded in); the savings are then the prediction alone
  --top N                  rows of the profile tables (default 10)
  --db PATH                store the run (and cache the bench) in this history file instead of
                           the default; its directory must exist
  --no-store               store no run, but read and fill the history's bench cache (what
                           xo gui does when it opens a trace)
  --no-history             store nothing and use no bench cache
  --tolerate               report on a damaged trace instead of refusing it: every section is
                           then marked as from a damaged trace, the JSON says "damaged": true and
                           the history marks the run. A trace is damaged when its files differ from
                           what Crossover's writer recorded (a digest of every event file, a trace
                           identifier over the anchor and definitions) or its events contradict
                           each other (time running backwards on a location, a Leave without its
                           Enter, members of a collective that disagree)

Terms: "end-to-end" is a send's start to its receive's end (receive posted first); "best >= N"
is a bound (one side won at every size measured), not a crossing; "predicted saving" is the time
the affected messages hold their ranks, by the bench's measurements; docs/report.md explains
every term, docs/report-schema.md the JSON.

Temporary files (each bench run's trace, read and deleted before the next) go under $TMPDIR
(without it: /dev/shm when it has 1 GiB free, else /tmp; recordings of the program, /tmp) and are
removed on every exit, Ctrl-C and SIGTERM included; those of a report
killed outright are removed by the next report.

Examples:
  xo record -n 16 --machine ap1000 -o stencil.otf2 build/examples/stencil2d
  xo report stencil.otf2
  xo report --verify --format markdown stencil.otf2 > report.md
)";

constexpr const char* kCheck = R"(Usage: xo check [--max-problems N] TRACE

Holds TRACE (a directory from xo record, or its traces.otf2; any OTF2 3.x archive, e.g. Score-P's)
to what OTF2 and MPI promise beyond what otf2-print -Werror verifies: every definition reference
resolves, regions nest on each location, requests pair, every message is received exactly once
with the length it was sent with, and the members of a communicator agree on its collective
operations. Prints a summary line and one line per problem, naming the location, the event's
position in it and its time in clock ticks (docs/trace_check.md).

Exit status: 0 no problems, 1 problems found, 2 the archive cannot be read at all (missing,
truncated, corrupt: the message names the file) or a wrong command line.

Options:
  --max-problems N   problems described (default 100); the rest are counted

Example:
  xo record -n 4 --machine xt3 -o ring.otf2 -- ./ring && xo check ring.otf2
)";

constexpr const char* kCompare = R"(Usage: xo compare [--format text|markdown] [--tolerate] A B
       xo compare [--format text|markdown] A --machine NAME [--compute MODE] -- PROGRAM [ARGS...]

Sets two traces side by side: what each run was (a machine model, or a real MPI's job from
xo record --mpi), its time in MPI by call (with B's time over A's) and by protocol or collective
algorithm, its point-to-point messages' end-to-end time by size range (medians), and the protocol
boundaries a segmented fit finds in each from the times alone, with a line per segment. A real
MPI labels no protocol; the fit shows where it switches all the same.

With --machine, B is recorded now: PROGRAM (built with xo cc) run on the reference MPI on that
machine model with A's rank count, so that a real job stands beside its model, e.g. to see how
the XE6's on-node protocol compares with this host's Open MPI.

Options:
  -m, --machine NAME       record PROGRAM on this model as B (see xo machines)
  --compute MODE           B's computation: measured (default, timed on this host as A's was) or none
  -f, --format FORMAT      text (default) or markdown
  --tolerate               set damaged traces side by side instead of refusing them, each marked
                           (see xo help report)

Examples:
  xo compare real.otf2 model.otf2
  xo record --mpi=system -o real.otf2 -- mpirun.openmpi -np 2 ./app    # app built with mpicc.openmpi
  xo cc app.c -o app-xo && xo compare real.otf2 --machine xe6 -- ./app-xo
)";

constexpr const char* kHistory = R"(Usage: xo history list [--machine M] [--kind bench|report|verify] [--limit N]
       xo history show RUN
       xo history compare RUN RUN
       xo history trend FIGURE [--machine M]
       xo history export [--format csv|json] [-o FILE] [RUN...]
       xo history delete RUN...
Every sub-command takes --db PATH (default $XDG_DATA_HOME/crossover/history.db, or
~/.local/share/crossover/history.db without XDG_DATA_HOME, whose directories are made when the
first run is stored; a --db file's directory must exist, and a file that is not a history, such
as another program's SQLite database, is refused and left as it is).

The benchmark history: every xo bench and xo report stores its run there (the machine, the
settings the run used, the program, the command) with its figures, each a number under a stable
key with a unit and a direction: fit/short/L (a LogGP fit), crossover/MPICH_REDUCE_SHORT_MSG/
MPI_Reduce@16 (where two algorithms cross), best/... (the value a threshold should have),
branching/MPI_Barrier, barrier/k=3, mpi_time/MPI_Send, protocol_time/long-pull,
wait/late sender/short, saving/VAR/predicted and saving/VAR/measured.

  list       the runs, newest first (the newest 20 unless --limit says otherwise; 0 for all);
             "damaged" marks a run xo report --tolerate read from a damaged trace
  show       a run's description, settings and every figure, and what a damaged trace's damage was
  compare    two runs' figures side by side with the change in percent, and the settings that differ
  trend      a figure's values across runs, oldest first, one series per machine, kind, program,
             rank count and settings (headed by the settings that differ); FIGURE may be a glob
             ('fit/*/L'); an unknown name lists the near ones
  export     every run's figures (or the runs given), one row per run and figure: CSV (RFC 4180,
             with a header; the last column, damage, is empty for a trusted trace) or JSON (an
             array of runs with their settings, figures and "damage", null for a trusted trace);
             -o FILE must be in a directory that exists
  delete     the runs given, with everything they stored

A change is flagged REGRESSION when it goes the worse way by more than 3 x the figure's typical
run-to-run change (the median |change| over its last 20 runs of the same kind, machine and
program) and by more than 1 %; at least 3 earlier changes are needed to judge. Crossover positions
have no better direction and are never flagged.

Examples:
  xo history list --machine xt3
  xo history compare 4 7
  xo history trend fit/short/L --machine xt3
  xo history export --format json -o history.json
)";

constexpr const char* kMachines = R"(Usage: xo machines [--show NAME]

Without options, lists the machine models and the real MPIs xo record --mpi traces. With
--show NAME, prints the machine's protocols and when each is used, its parameters (value, unit,
allowed range, meaning, source), the environment variables its MPI reads (default, range,
meaning, source), its switch points, and every collective algorithm of the reference MPI: the call
it serves, what it needs (hardware, communicator, operation), whether this machine has that
hardware, and what it does. For a real MPI (openmpi, mpich), the variables that switch its protocols and
collective algorithms, with their defaults and choices.

Examples:
  xo machines
  xo machines --show loggp
)";

constexpr const char* kCalibrate = R"(Usage: xo calibrate [--figures FILE] [--param KEY=VALUE]... [MACHINE...]

Runs the experiments of the seed papers on each machine model (all of them by default) and prints,
for every published figure of that machine, the published value, the simulated one and the error.
Switch points are measured by sweeping message sizes and watching which protocol path a message
takes; bandwidths by ping-pong; latencies by straight-line fits of ping-pong sweeps; collective
times by back-to-back calls; crossovers (a tree's best branching factor, where hardware stops
beating software) by sweeping the knob that forces one side; shapes (constant in group size,
doubling) by checking them, as the papers made them. A figure that is an MPI setting is compared with the model's default, one that
is a size of the hardware (a packet) with the model's parameter. Figures whose experiment needs a
part not built yet are listed as not modelled.
The target is 5 %; the exit status is 1 if a measured figure misses it.

Options:
  --figures FILE   the published figures (default: experiments/calibration/seed_figures.csv in the source tree)
  -p, --param K=V  override a model parameter (as for xo run), to see which figures it moves

Examples:
  xo calibrate
  xo calibrate xt3
  xo calibrate --param o_s=140 --param o_r=60 ap1000
)";

constexpr const char* kGui = R"(Usage: xo gui [--ranks LIST] [--expand-lanes] [--time FROM-TO] [--tolerate] [TRACE]
       xo gui --screenshot OUT.png [--view VIEW] [--size WxH] [--ranks LIST] [--expand-lanes]
              [--time FROM-TO] [--tolerate] TRACE

Opens TRACE (a directory from xo record, or its traces.otf2; or a run's profile, a directory
of xo record --profile or its profile.xop, which fills the Summary) in the Crossover GUI (the program
xo-gui, built beside xo): a timeline of every rank's MPI calls with its network's protocol phases
beneath (coloured by kind: header, data, ack, copies, waits), message lines coloured by protocol,
collective instances and a legend; time per call and protocol,
message sizes, the communication matrix and wait states; the fit chart (samples, the segmented
fit, crossovers); xo report's recommendations with their export lines; the benchmark history.
Traces can also be opened from the File menu, the recent files or by dropping them on the window.
File > Export saves the current view as PNG or SVG, and the summary's tables as CSV files
(by_call.csv, by_call_site.csv, by_protocol.csv, wait_states.csv, message_sizes.csv,
communication_matrix.csv; numbers in base units, the unit in the header).

Options:
  --screenshot FILE   render the window offscreen once the view's data is in, write it as a PNG
                      (FILE.png) or an SVG drawing (FILE.svg) and exit (no display needed)
  --view VIEW         timeline (default), summary, fits, recommendations or history
  --size WxH          window size in pixels (default 1280x800)
  --ranks LIST        show only these ranks: 0-15,32, or a communicator's name (the timeline's
                      Ranks field, Ctrl+R)
  --expand-lanes      a row per network lane under every rank (default: folded into one
                      protocols row per rank; E toggles)
  --time FROM-TO      show this time range, with units: 100us-250us, 1.2ms-1.5ms
  --tolerate          open a damaged trace instead of refusing it (see xo help report); a red
                      banner above the views says so

Timeline: every rank fits the window (ranks that outnumber pixels share pixel rows, showing what
most of them do). Wheel zooms time about the cursor, Ctrl+wheel zooms ranks, Shift+wheel scrolls,
drag pans, right-drag (or Shift+drag) zooms to the band, a drag over the rank labels zooms to
those ranks, a click on a rank's label expands its lanes, E expands all, L shows the legend,
double-click or Home fits all, + and - zoom, arrows pan and scroll, a click selects (details
below the timeline), Ctrl+F finds a call, rank or tag. Help > Timeline (F1) lists them.

Examples:
  xo record -n 8 --machine xt3 -o ring.otf2 build/examples/ring 50
  xo gui ring.otf2
  xo gui --screenshot fits.png --view fits ring.otf2
  xo gui --screenshot lanes.png --ranks 0-3 --expand-lanes --time 100us-140us ring.otf2
)";

}  // namespace

bool print_help(const std::string& command) {
  const char* text = command.empty()                       ? kOverview
                     : command == "cc" || command == "c++" ? kCc
                     : command == "fc"                     ? kFc
                     : command == "run"                    ? kRun
                     : command == "record"                 ? kRecord
                     : command == "bench"                  ? kBench
                     : command == "compare"                ? kCompare
                     : command == "check"                  ? kCheck
                     : command == "report"                 ? kReport
                     : command == "history"                ? kHistory
                     : command == "machines"               ? kMachines
                     : command == "calibrate"              ? kCalibrate
                     : command == "gui"                    ? kGui
                     : command == "help"                   ? kOverview
                                                           : nullptr;
  if (text == nullptr) {
    std::fprintf(
        stderr,
        "xo: no help for unknown command '%s'; the commands are cc, c++, fc, run, record, report, compare, check, "
        "bench, history, machines, calibrate, gui and help\n",
        command.c_str());
    return false;
  }
  std::fputs(text, stdout);
  return true;
}

}  // namespace xo::cli
