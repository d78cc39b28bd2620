#pragma once
// Which ranks the timeline shows and how: the filter's ranks (all, a list such as "0-15,32", or a
// communicator's members), a zoomed range of them, and the ranks whose network lanes are expanded
// (by default each rank's lanes are folded into one protocol row). Plain state, shared by the view,
// the layout and tests; the widget turns mouse and keys into calls here.

#include <QString>
#include <cstddef>
#include <span>
#include <vector>

#include "xo/analyzer/model_ids.hpp"
#include "xo/analyzer/trace_model.hpp"

namespace xo::gui {

using analyzer::RankId;

struct RankFilterResult {
  std::vector<RankId> ranks;  // ascending, no repeats
  QString description;        // "ranks 0-15, 32", "communicator 'rows 2' (8 ranks)", "all 64 ranks"
  QString error;              // what was wrong with the text; empty if it was understood
};

// "" or "all": every rank; "0-15,32": a list of ranks and ranges; otherwise the communicator whose
// name is the text (ignoring case; a rank list is tried first).
RankFilterResult parse_rank_filter(const QString& text, const analyzer::TraceModel& model);

class RankSelection {
 public:
  void reset(int ranks);  // all ranks, none expanded, no zoom

  void set_filter(std::vector<RankId> ranks);  // ascending; resets the zoom
  // Shows positions [first, end) of the filter's ranks (clamped, at least one).
  void zoom(std::size_t first, std::size_t end);
  void show_all() { zoom(0, filtered_.size()); }
  bool zoomed() const { return first_ > 0 || end_ < filtered_.size(); }

  std::span<const RankId> shown() const { return {filtered_.data() + first_, end_ - first_}; }
  std::size_t first_shown() const { return first_; }  // position in the filter's ranks
  std::size_t filtered_count() const { return filtered_.size(); }
  int world_ranks() const { return static_cast<int>(expanded_.size()); }

  bool expanded(RankId rank) const { return expanded_[static_cast<std::size_t>(rank)] != 0; }
  void toggle_expanded(RankId rank);
  void expand_all(bool expand);
  bool all_expanded() const;

 private:
  std::vector<RankId> filtered_;
  std::size_t first_ = 0, end_ = 0;
  std::vector<std::uint8_t> expanded_;  // by world rank
};

}  // namespace xo::gui
