#pragma once
// The names spans and messages are coloured by (MPI calls, protocols, collective algorithms), each
// with a colour. Colours are given in order of first appearance, stepping the hue by the golden
// angle so that the first few are far apart and a trace always gets the same colours.

#include <QColor>
#include <QHash>
#include <QString>
#include <cstdint>
#include <vector>

namespace xo::gui {

class CategoryTable {
 public:
  // The colour the timeline draws a pixel column in when it holds spans of several categories.
  static QColor mixed_colour() { return QColor(96, 96, 96); }

  std::uint32_t id_of(const QString& name);  // adds the name if new
  std::uint32_t find(const QString& name) const;  // kNone if unknown
  const QString& name(std::uint32_t id) const { return names_[id]; }
  QColor colour(std::uint32_t id) const { return colours_[id]; }
  std::size_t size() const { return names_.size(); }

  static constexpr std::uint32_t kNone = 0xffffffffu;

 private:
  std::vector<QString> names_;
  std::vector<QColor> colours_;
  QHash<QString, std::uint32_t> ids_;
};

}  // namespace xo::gui
