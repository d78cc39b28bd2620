#pragma once
// The names spans and messages are coloured by (MPI calls, phase kinds, protocols, collective
// algorithms), each with a colour and the roles it is drawn in (for the legend). Colours are
// given in order of first appearance, stepping the hue by the golden angle so that the first few
// are far apart and a trace always gets the same colours, unless the caller gives one (phase kinds
// have colours by family, phase_kind.hpp).

#include <QColor>
#include <QHash>
#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

namespace xo::gui {

// What a category colours; one name may do several (a protocol colours messages and collectives).
enum CategoryRole : std::uint8_t {
  kCallRole = 1,        // MPI calls on a rank's row
  kPhaseRole = 2,       // protocol phases on the network lanes, by kind
  kMessageRole = 4,     // message lines, by protocol
  kCollectiveRole = 8,  // collective instances' marks, by algorithm
};

class CategoryTable {
 public:
  // The colour the timeline draws a pixel column in when it holds spans of several categories.
  static QColor mixed_colour() { return QColor(96, 96, 96); }

  // Adds the name if new (with `colour`, or one of its own), and counts one use in `role`.
  std::uint32_t id_of(const QString& name, CategoryRole role, std::optional<QColor> colour = std::nullopt);
  std::uint32_t find(const QString& name) const;  // kNone if unknown
  void use(std::uint32_t id) { ++uses_[id]; }     // one more use of an id id_of gave, by a caller that keeps ids
  const QString& name(std::uint32_t id) const { return names_[id]; }
  QColor colour(std::uint32_t id) const { return colours_[id]; }
  std::uint8_t roles(std::uint32_t id) const { return roles_[id]; }
  std::uint64_t uses(std::uint32_t id) const { return uses_[id]; }  // spans, messages and marks
  std::size_t size() const { return names_.size(); }

  static constexpr std::uint32_t kNone = 0xffffffffu;

 private:
  std::vector<QString> names_;
  std::vector<QColor> colours_;
  std::vector<std::uint8_t> roles_;
  std::vector<std::uint64_t> uses_;
  QHash<QString, std::uint32_t> ids_;
};

}  // namespace xo::gui
