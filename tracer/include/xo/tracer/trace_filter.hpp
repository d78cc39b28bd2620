#pragma once
// What `xo record` traces of a run: which ranks (--trace-ranks), which MPI calls (--trace-calls)
// and which stretch of virtual time (--trace-from, --trace-to). The writer applies it, the archive
// keeps it as properties, and readers take the figures a filter limits from it. One parser for the
// front end, the writer and the readers, so that all three read a list alike.
//
// Ranks: a comma-separated list of items: N; A-B; A-B:S (every S-th from A to B); every:S (0, S,
// 2S, ...). Calls: a comma-separated list of MPI call names (MPI_Send) and groups (p2p: point-to-
// point calls, coll: collectives and communicator construction, rma: one-sided calls), each
// optionally preceded by '-' to leave it out; a list with any item without '-' traces only those,
// one with only '-' items traces everything else. Later items override earlier ones.

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xo::tracer {

// The environment variables `xo record` hands the filter to the program's run in (its values as
// the options took them; times in picoseconds).
inline constexpr const char* kEnvTraceRanks = "XO_TRACE_RANKS";
inline constexpr const char* kEnvTraceCalls = "XO_TRACE_CALLS";
inline constexpr const char* kEnvTraceFrom = "XO_TRACE_FROM_PS";
inline constexpr const char* kEnvTraceTo = "XO_TRACE_TO_PS";

// The archive properties that record a filter (only those that filter are written).
inline constexpr const char* kPropertyTraceRanks = "CROSSOVER::TRACE::RANKS";
inline constexpr const char* kPropertyTraceCalls = "CROSSOVER::TRACE::CALLS";
inline constexpr const char* kPropertyTraceFrom = "CROSSOVER::TRACE::FROM_PS";
inline constexpr const char* kPropertyTraceTo = "CROSSOVER::TRACE::TO_PS";

class RankList {
 public:
  // Nothing, with `error` saying what is wrong, if `text` is not a rank list.
  static std::optional<RankList> parse(std::string_view text, std::string& error);
  bool contains(int rank) const;
  // How many of ranks 0 .. ranks-1 it holds.
  int count(int ranks) const;

 private:
  struct Range {
    int first, last, step;
  };
  std::vector<Range> ranges_;
};

enum class CallGroup { PointToPoint, Collective, OneSided, Other };

class CallRules {
 public:
  static std::optional<CallRules> parse(std::string_view text, std::string& error);
  // Whether a call of this name, in this group, is traced.
  bool selects(std::string_view call, CallGroup group) const;

 private:
  struct Rule {
    bool include;
    std::string word;  // a call name or a group's
  };
  std::vector<Rule> rules_;
  bool only_included_ = false;
};

struct TraceFilter {
  static constexpr std::int64_t kNoEnd = std::numeric_limits<std::int64_t>::max();

  std::string ranks_text;  // empty: every rank
  std::string calls_text;  // empty: every call
  std::int64_t from_ps = 0;
  std::int64_t to_ps = kNoEnd;  // exclusive
  std::optional<RankList> ranks;
  std::optional<CallRules> calls;

  bool filters() const { return ranks || calls || windowed(); }
  bool windowed() const { return from_ps > 0 || to_ps != kNoEnd; }
  bool traces_rank(int rank) const { return !ranks || ranks->contains(rank); }
  bool in_window(std::int64_t time_ps) const { return time_ps >= from_ps && time_ps < to_ps; }

  // From the texts and times: nothing, with `error` naming the bad part, if they do not parse or
  // the window is empty.
  static std::optional<TraceFilter> make(std::string ranks_text, std::string calls_text, std::int64_t from_ps,
                                         std::int64_t to_ps, std::string& error);
};

}  // namespace xo::tracer
