#include "xo/tracer/trace_filter.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace xo::tracer {

namespace {

std::vector<std::string_view> items_of(std::string_view text) {
  std::vector<std::string_view> items;
  std::size_t start = 0;
  for (std::size_t at = 0; at <= text.size(); ++at) {
    if (at == text.size() || text[at] == ',') {
      items.push_back(text.substr(start, at - start));
      start = at + 1;
    }
  }
  return items;
}

// A whole non-negative int, or nothing.
std::optional<int> number(std::string_view text) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
  return value;
}

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

constexpr std::string_view kGroups[] = {"p2p", "coll", "rma"};

bool names_group(std::string_view word, CallGroup group) {
  switch (group) {
    case CallGroup::PointToPoint: return word == "p2p";
    case CallGroup::Collective: return word == "coll";
    case CallGroup::OneSided: return word == "rma";
    case CallGroup::Other: return false;
  }
  return false;
}

}  // namespace

std::optional<RankList> RankList::parse(std::string_view text, std::string& error) {
  RankList list;
  for (std::string_view item : items_of(text)) {
    std::string quoted(1, '\'');
    quoted.append(item).push_back('\'');
    if (item.substr(0, 6) == "every:") {
      const std::optional<int> step = number(item.substr(6));
      if (!step || *step == 0) {
        error = quoted + " is not every:N with N a positive number of ranks";
        return std::nullopt;
      }
      list.ranges_.push_back({0, std::numeric_limits<int>::max(), *step});
      continue;
    }
    std::string_view range = item;
    int step = 1;
    if (const std::size_t colon = item.find(':'); colon != std::string_view::npos) {
      const std::optional<int> s = number(item.substr(colon + 1));
      if (!s || *s == 0) {
        error = quoted + " has a stride that is not a positive number";
        return std::nullopt;
      }
      step = *s;
      range = item.substr(0, colon);
    }
    const std::size_t dash = range.find('-');
    const std::optional<int> first = number(range.substr(0, dash));
    const std::optional<int> last = dash == std::string_view::npos ? first : number(range.substr(dash + 1));
    if (!first || !last || *last < *first) {
      error = quoted + " is not a rank, a range A-B (A <= B), A-B:STRIDE or every:N";
      return std::nullopt;
    }
    list.ranges_.push_back({*first, *last, step});
  }
  return list;
}

bool RankList::contains(int rank) const {
  return std::any_of(ranges_.begin(), ranges_.end(), [rank](const Range& r) {
    return rank >= r.first && rank <= r.last && (rank - r.first) % r.step == 0;
  });
}

int RankList::count(int ranks) const {
  int n = 0;
  for (int rank = 0; rank < ranks; ++rank) n += contains(rank) ? 1 : 0;
  return n;
}

std::optional<CallRules> CallRules::parse(std::string_view text, std::string& error) {
  CallRules rules;
  for (std::string_view item : items_of(text)) {
    const bool include = item.empty() || item[0] != '-';
    const std::string_view word = include ? item : item.substr(1);
    const std::string group = lower(word);
    const bool is_group = std::find(std::begin(kGroups), std::end(kGroups), group) != std::end(kGroups);
    const bool is_call =
        word.size() > 4 && lower(word.substr(0, 4)) == "mpi_" &&
        std::all_of(word.begin(), word.end(), [](unsigned char c) { return std::isalnum(c) || c == '_'; });
    if (!is_group && !is_call) {
      error.assign(1, '\'').append(item).append("' is neither an MPI call (MPI_Send) nor a group (p2p, coll, rma)");
      return std::nullopt;
    }
    rules.only_included_ |= include;
    rules.rules_.push_back({include, is_group ? group : lower(word)});
  }
  return rules;
}

bool CallRules::selects(std::string_view call, CallGroup group) const {
  const std::string name = lower(call);
  bool selected = !only_included_;
  for (const Rule& r : rules_) {
    if (r.word == name || names_group(r.word, group)) selected = r.include;
  }
  return selected;
}

std::optional<TraceFilter> TraceFilter::make(std::string ranks_text, std::string calls_text, std::int64_t from_ps,
                                             std::int64_t to_ps, std::string& error) {
  TraceFilter f;
  if (!ranks_text.empty()) {
    f.ranks = RankList::parse(ranks_text, error);
    if (!f.ranks) return std::nullopt;
  }
  if (!calls_text.empty()) {
    f.calls = CallRules::parse(calls_text, error);
    if (!f.calls) return std::nullopt;
  }
  if (from_ps < 0 || to_ps <= from_ps) {
    error = "the window from " + std::to_string(from_ps) + " to " + std::to_string(to_ps) +
            " ps is empty: the end must come after the start";
    return std::nullopt;
  }
  f.ranks_text = std::move(ranks_text);
  f.calls_text = std::move(calls_text);
  f.from_ps = from_ps;
  f.to_ps = to_ps;
  return f;
}

}  // namespace xo::tracer
