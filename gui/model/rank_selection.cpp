#include "model/rank_selection.hpp"

#include <QRegularExpression>
#include <QStringList>
#include <algorithm>
#include <numeric>
#include <optional>

namespace xo::gui {

namespace {

// "0-3, 8, 10-11" as ascending unique ranks below `world`; nothing (and `error`) if it is not one.
std::optional<std::vector<RankId>> parse_rank_list(const QString& text, int world, QString& error) {
  static const QRegularExpression item(R"(^\s*(\d+)\s*(?:-\s*(\d+))?\s*$)");
  std::vector<RankId> ranks;
  for (const QString& part : text.split(',')) {
    const auto match = item.match(part);
    if (!match.hasMatch()) return std::nullopt;
    const long long from = match.captured(1).toLongLong();
    const long long to = match.captured(2).isEmpty() ? from : match.captured(2).toLongLong();
    if (to < from) {
      error = QString("'%1' runs backwards: write the lower rank first").arg(part.trimmed());
      return std::vector<RankId>{};
    }
    if (to >= world) {
      error = QString("no rank %1: the trace has ranks 0 to %2").arg(to).arg(world - 1);
      return std::vector<RankId>{};
    }
    for (long long r = from; r <= to; ++r) ranks.push_back(static_cast<RankId>(r));
  }
  std::sort(ranks.begin(), ranks.end());
  ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
  return ranks;
}

QString ranges_text(const std::vector<RankId>& ranks) {
  QStringList parts;
  for (std::size_t i = 0; i < ranks.size();) {
    std::size_t j = i;
    while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1) ++j;
    parts << (j == i ? QString::number(ranks[i]) : QString("%1-%2").arg(ranks[i]).arg(ranks[j]));
    i = j + 1;
  }
  return parts.join(", ");
}

}  // namespace

RankFilterResult parse_rank_filter(const QString& text, const analyzer::TraceModel& model) {
  RankFilterResult r;
  const int world = model.ranks();
  const QString wanted = text.trimmed();
  if (wanted.isEmpty() || wanted.compare("all", Qt::CaseInsensitive) == 0) {
    r.ranks.resize(static_cast<std::size_t>(world));
    std::iota(r.ranks.begin(), r.ranks.end(), RankId{0});
    r.description = QString("all %1 ranks").arg(world);
    return r;
  }
  QString error;
  if (auto list = parse_rank_list(wanted, world, error)) {
    if (!error.isEmpty()) {
      r.error = error;
    } else {
      r.ranks = std::move(*list);
      r.description = "ranks " + ranges_text(r.ranks);
    }
    return r;
  }
  const auto& comms = model.communicators;
  QStringList names;
  for (std::size_t c = 0; c < comms.size(); ++c) {
    if (comms.is_self[c]) continue;
    const QString name = QString::fromStdString(comms.name[c]);
    if (!names.contains(name)) names << name;
    if (name.compare(wanted, Qt::CaseInsensitive) != 0) continue;
    r.ranks.assign(comms.members[c].begin(), comms.members[c].end());
    std::erase_if(r.ranks, [world](RankId rank) { return rank < 0 || rank >= world; });
    std::sort(r.ranks.begin(), r.ranks.end());
    r.ranks.erase(std::unique(r.ranks.begin(), r.ranks.end()), r.ranks.end());
    r.description = QString("communicator '%1' (%2 ranks)").arg(name).arg(r.ranks.size());
    if (r.ranks.empty()) r.error = QString("communicator '%1' has no ranks of this trace").arg(name);
    return r;
  }
  r.error = QString("'%1' is neither ranks (such as 0-15,32) nor a communicator of this trace (%2)")
                .arg(wanted, names.isEmpty() ? QString("it names none") : names.join(", "));
  return r;
}

void RankSelection::reset(int ranks) {
  filtered_.resize(static_cast<std::size_t>(std::max(0, ranks)));
  std::iota(filtered_.begin(), filtered_.end(), RankId{0});
  first_ = 0;
  end_ = filtered_.size();
  expanded_.assign(filtered_.size(), 0);
}

void RankSelection::set_filter(std::vector<RankId> ranks) {
  filtered_ = std::move(ranks);
  first_ = 0;
  end_ = filtered_.size();
}

void RankSelection::zoom(std::size_t first, std::size_t end) {
  const std::size_t n = filtered_.size();
  first_ = std::min(first, n == 0 ? 0 : n - 1);
  end_ = std::clamp(end, std::min(first_ + 1, n), n);
}

void RankSelection::toggle_expanded(RankId rank) {
  auto& e = expanded_[static_cast<std::size_t>(rank)];
  e = !e;
}

void RankSelection::expand_all(bool expand) { std::fill(expanded_.begin(), expanded_.end(), expand ? 1 : 0); }

bool RankSelection::all_expanded() const {
  return !expanded_.empty() && std::all_of(expanded_.begin(), expanded_.end(), [](std::uint8_t e) { return e != 0; });
}

}  // namespace xo::gui
