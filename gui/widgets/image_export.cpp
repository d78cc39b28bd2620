#include "widgets/image_export.hpp"

#include <QFileInfo>
#include <QPainter>
#include <QPixmap>
#include <QSvgGenerator>
#include <QWidget>

namespace xo::gui {

bool is_image_path(const QString& path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  return suffix == "png" || suffix == "svg";
}

QString save_widget_image(QWidget& widget, const QString& path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (!is_image_path(path)) return QString("cannot write %1: give a file name ending in .png or .svg").arg(path);
  const QString directory = QFileInfo(path).absolutePath();
  if (!QFileInfo(directory).isDir())
    return QString("cannot write %1: the directory %2 does not exist").arg(path, directory);
  if (suffix == "png") {
    if (!widget.grab().save(path, "PNG"))
      return QString("cannot write %1; choose a writable path ending in .png").arg(path);
    return {};
  }
  QSvgGenerator svg;
  svg.setFileName(path);
  svg.setSize(widget.size());
  svg.setViewBox(QRect(QPoint(0, 0), widget.size()));
  svg.setTitle("Crossover: " + widget.window()->windowTitle());
  QPainter painter;
  if (!painter.begin(&svg)) return QString("cannot write %1; choose a writable path ending in .svg").arg(path);
  widget.render(&painter);
  painter.end();
  if (QFileInfo(path).size() == 0) return QString("cannot write %1; choose a writable path ending in .svg").arg(path);
  return {};
}

}  // namespace xo::gui
