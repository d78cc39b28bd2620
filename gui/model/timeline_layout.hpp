#pragma once
// Where the timeline's parts go on screen: the ruler on top, the overview strip under it, rank
// labels on the left, then bands of rows. By default every shown rank fits the height at once, as Vampir's master
// timeline does: a rank gets a call row and, beneath it, one protocol row that folds its network lanes; as ranks get
// thinner the protocol row goes, then several ranks share one pixel row (aggregated vertically as the renderer
// aggregates time horizontally). A rank whose lanes are expanded gets a row per lane at full height, and the whole
// scrolls when those no longer fit.

#include <span>
#include <utility>
#include <vector>

#include "model/rank_selection.hpp"
#include "model/timeline_data.hpp"

namespace xo::gui {

enum class BandKind : std::uint8_t {
  Calls,      // MPI calls of one rank, or of several sharing a pixel row
  Protocols,  // one rank's network lanes folded into one row
  Lane,       // one network lane of an expanded rank
};

struct Band {
  int top = 0;  // content y (0 = the first band's top, before scrolling)
  int height = 0;
  BandKind kind = BandKind::Calls;
  std::uint32_t first = 0;  // the first rank's position among the shown ranks
  std::uint32_t count = 1;  // ranks it stands for (more than one only for Calls)
  std::uint32_t row = 0;    // TimelineData row: the first rank's call row, or the lane's row

  int bottom() const { return top + height; }
};

class TimelineLayout {
 public:
  static constexpr int kRulerHeight = 26;
  static constexpr int kOverviewHeight = 34;  // the strip under the ruler: ranks in MPI over time
  static constexpr int kRowsTop = kRulerHeight + kOverviewHeight;
  static constexpr int kLabelWidth = 92;
  static constexpr int kCallRowHeight = 18;  // an expanded rank's rows
  static constexpr int kPhaseRowHeight = 9;
  static constexpr int kRankGap = 3;
  static constexpr int kTallestRank = 60;  // a few ranks stretch to fill the height, up to this

  // Lays out `ranks.shown()` in `height` pixels (the rows' area).
  void build(const TimelineData& data, const RankSelection& ranks, int height);

  const std::vector<Band>& bands() const { return bands_; }
  std::span<const RankId> shown() const { return shown_; }
  int content_height() const { return content_height_; }
  // The band at content y, or -1 between bands or outside them.
  long band_at(int y) const;
  // Bands that meet content [y0, y1).
  std::pair<std::size_t, std::size_t> bands_between(int y0, int y1) const;
  std::size_t world_ranks() const { return rank_band_.size(); }
  // The band holding the rank's calls, or -1 if the rank is not shown.
  long calls_band(RankId rank) const { return rank_band_[static_cast<std::size_t>(rank)]; }
  // The band a TimelineData row is drawn in: its rank's calls, its folded protocols, or its lane.
  long band_of_row(const TimelineData& data, std::size_t row) const;
  // The world rank of a shown position.
  RankId rank_at(std::uint32_t position) const { return shown_[position]; }

 private:
  void add_rank(const TimelineData& data, RankId rank, std::uint32_t position, int top, int height);
  void add_expanded_rank(const TimelineData& data, RankId rank, std::uint32_t position, int top);

  std::vector<Band> bands_;
  std::vector<RankId> shown_;
  std::vector<long> rank_band_;  // by world rank
  int content_height_ = 0;
};

// The rows of a rank's network lanes: [first, end) of TimelineData::rows, empty for none.
std::pair<std::size_t, std::size_t> lane_rows(const TimelineData& data, RankId rank);

// An expanded rank's height: its call row and every lane.
int expanded_rank_height(const TimelineData& data, RankId rank);

}  // namespace xo::gui
