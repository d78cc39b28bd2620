#pragma once
// Where `xo record` writes its trace: a directory holding the OTF2 archive (traces.otf2,
// traces.def, traces/), as Score-P lays it out. Checked and made before the program starts, so a
// bad -o is one clear message and never a lost run.

#include <string>
#include <vector>

namespace xo::cli {

// "PROGRAM.otf2" in the current directory, after the program's file name.
std::string default_trace_dir(const std::string& program);
// Creates `dir` if needed and makes sure it can take a new archive. An archive already there is
// moved to old_trace_dir(dir), replacing an older one there, as perf keeps perf.data.old; `force`
// removes it instead. Either touches the archive's files and nothing else. Returns whether an
// archive was moved; throws UsageError naming the fix if it cannot be moved or removed.
bool prepare_trace_dir(const std::string& dir, bool force);
// "DIR.old", beside DIR.
std::string old_trace_dir(const std::string& dir);
// The line telling the user prepare_trace_dir moved the earlier trace of `dir` (of a recording),
// or the earlier traces of a bench's runs under `out_dir`.
void say_trace_moved(const std::string& dir);
void say_bench_traces_moved(const std::string& out_dir);
// The anchor file of a trace given as a directory from xo record (DIR/traces.otf2) or as the
// anchor itself.
std::string trace_anchor(const std::string& trace);
// The words as a shell would need them typed, for recording the command line.
std::string shell_words(const std::vector<std::string>& words);
// The words back from text shell_words made (plain words and single-quoted ones); throws
// UsageError for an unterminated quote.
std::vector<std::string> split_shell_words(const std::string& text);

}  // namespace xo::cli
